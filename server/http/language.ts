import type { FastifyRequest } from 'fastify';

export type Language = 'zh' | 'en';

/** The caller's language from Accept-Language: English when it prefers English, Chinese otherwise (the console's default). */
export function languageOf(req: Pick<FastifyRequest, 'headers'>): Language {
  const header = String(req.headers['accept-language'] ?? '').toLowerCase();
  const first = header.split(',')[0]?.trim() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

const MESSAGES = {
  invalid: { en: 'invalid request', zh: '请求参数有误' },
  required: { en: 'is required', zh: '不能为空' },
  unknownField: { en: 'is not an accepted field', zh: '不是可接受的字段' },
  taken: { en: 'is already taken', zh: '已被占用' },
  missingRef: { en: 'does not exist', zh: '不存在' },
  inUse: { en: 'cannot delete: still used by {n} {what}', zh: '无法删除：仍有 {n} 个{what}在使用' },
  notFound: { en: 'record not found', zh: '记录不存在' },
  cycle: { en: 'cannot be itself or one of its own descendants', zh: '不能是自身或其下级' },
  self: { en: 'you cannot delete your own account', zh: '不能删除自己的账号' },
  lockout: {
    en: 'refused: this would leave you, or the console, without an enabled administrator',
    zh: '已拒绝：这会让您自己或系统失去可用的管理员',
  },
  oldPassword: { en: 'is not the current password', zh: '原密码不正确' },
  v_phone: { en: 'enter the correct mobile number', zh: '请输入正确的手机号' },
  v_email: { en: 'enter a valid email address', zh: '请输入正确的邮箱' },
  v_chineseName: { en: 'enter a Chinese name of 2-4 characters', zh: '请输入2-4个汉字的中文名' },
  v_password: { en: 'password cannot be less than 6 characters', zh: '密码不能少于6位' },
  v_digits: { en: 'digits only', zh: '只能输入数字' },
  v_name: { en: 'letters, digits and _ . @ - only', zh: '只能包含字母、数字和 _ . @ -' },
  v_ip: { en: 'enter a valid IP address', zh: '请输入正确的IP地址' },
  v_port: { en: 'enter a port from 0 to 65535', zh: '请输入0-65535之间的端口' },
  v_url: { en: 'enter a valid URL', zh: '请输入正确的网址' },
  v_idCard: { en: 'enter a valid ID card number', zh: '请输入正确的身份证号' },
  v_decimal2: { en: 'a number with at most 2 decimals', zh: '最多两位小数的数字' },
  ownOnly: { en: 'permission denied: you may change only your own account', zh: '无权限：只能修改自己的账号' },
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** What-words used in "still used by" messages. */
const WHAT: Record<string, { en: string; zh: string }> = {
  users: { en: 'users', zh: '用户' },
  'sub-departments': { en: 'sub-departments', zh: '下级部门' },
  'sub-menus': { en: 'sub-menus', zh: '下级菜单' },
};

export function message(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  let text: string = MESSAGES[key][lang];
  for (const [k, v] of Object.entries(params)) {
    const value = k === 'what' ? (WHAT[String(v)]?.[lang] ?? String(v)) : String(v);
    text = text.replace(`{${k}}`, value);
  }
  return text;
}
