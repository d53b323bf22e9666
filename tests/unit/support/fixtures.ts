/** GetUserInfo's answer for the seeded admin (API.md demo accounts). */
export const ADMIN_INFO = {
  userId: 1, userName: 'admin', username: 'admin', avatar: '', userSeatNo: '8000', userSeatPwd: 'pw',
  userChineseName: '管理员', userEnglishName: 'Admin', lineid: 1, departId: 1, companyId: 1, fjh: '1000',
  recordSrc: '', pre: '9', busy: 0, roles: ['admin'], ability: ['READ', 'WRITE', 'DELETE'],
};
