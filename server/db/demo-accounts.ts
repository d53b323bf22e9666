/** Demo organisation seeded on first start (API.md "Demo accounts"). */
export const COMPANY = { id: 1, name: '演示呼叫中心', nameEn: 'Demo Call Centre' } as const;

/** The spec's departments 1-6, each with its English name (migration 047 gives them to databases seeded before it): 4 and 5 run the work-order system (its site title); 4-6 have no phone bar; 2 takes online chats. */
export const DEPARTMENTS = [
  { id: 1, name: '电话客服部', nameEn: 'Phone Service', order: 1, workOrderTitle: false, phoneBar: true, chat: false, workOrders: false },
  { id: 2, name: '在线客服部', nameEn: 'Online Service', order: 2, workOrderTitle: false, phoneBar: true, chat: true, workOrders: false },
  { id: 3, name: '质检班组', nameEn: 'Quality Assurance', order: 3, workOrderTitle: false, phoneBar: true, chat: false, workOrders: false },
  { id: 4, name: '工单处理部', nameEn: 'Work Orders', order: 4, workOrderTitle: true, phoneBar: false, chat: false, workOrders: true },
  { id: 5, name: '法院工单部', nameEn: 'Court Orders', order: 5, workOrderTitle: true, phoneBar: false, chat: false, workOrders: true },
  { id: 6, name: '行政后勤部', nameEn: 'Administration', order: 6, workOrderTitle: false, phoneBar: false, chat: false, workOrders: false },
] as const;

export const ROLES = [
  // PHONE: sees customers' phone numbers in full (schemas/permissions.ts SEES_PHONES); a role without it reads them masked.
  { code: 'admin', name: '管理员', nameEn: 'Administrator', abilities: ['READ', 'WRITE', 'DELETE', 'PHONE'] },
  { code: 'supervisor', name: '班长', nameEn: 'Supervisor', abilities: ['READ', 'PHONE'] },
  { code: 'agent', name: '坐席', nameEn: 'Agent', abilities: ['READ', 'WRITE', 'PHONE'] },
] as const;

export const LINES = [
  { id: 1, lineName: '主线路', lineNameEn: 'Main line', pre: '9', callerId: '02788886666', gateway: 'gw-main' },
  { id: 2, lineName: '备用线路', lineNameEn: 'Backup line', pre: '8', callerId: '02788887777', gateway: 'gw-backup' },
] as const;

export interface DemoUser {
  userName: string; password: string; role: 'admin' | 'supervisor' | 'agent'; seat: string; fjh: string;
  departId: number; chineseName: string; englishName: string;
}

const agent = (n: number, chineseName: string, englishName: string): DemoUser => ({
  userName: `agent${n}`, password: 'agent123', role: 'agent', seat: `810${n}`, fjh: `110${n}`, departId: 1, chineseName, englishName,
});

export const DEMO_USERS: DemoUser[] = [
  { userName: 'admin', password: 'admin123', role: 'admin', seat: '8000', fjh: '1000', departId: 1, chineseName: '管理员', englishName: 'Administrator' },
  { userName: 'supervisor', password: 'super123', role: 'supervisor', seat: '8001', fjh: '1001', departId: 1, chineseName: '王主管', englishName: 'Wang Supervisor' },
  agent(1, '李娜', 'Li Na'),
  agent(2, '张伟', 'Zhang Wei'),
  agent(3, '刘洋', 'Liu Yang'),
  agent(4, '陈静', 'Chen Jing'),
  agent(5, '杨帆', 'Yang Fan'),
  { userName: 'chat1', password: 'agent123', role: 'agent', seat: '8201', fjh: '1201', departId: 2, chineseName: '赵敏', englishName: 'Zhao Min' },
  { userName: 'orders', password: 'orders123', role: 'agent', seat: '8301', fjh: '1301', departId: 4, chineseName: '周婷', englishName: 'Zhou Ting' },
  { userName: 'court', password: 'orders123', role: 'agent', seat: '8302', fjh: '1302', departId: 5, chineseName: '孙磊', englishName: 'Sun Lei' },
];
