import { languageOfHeader, type Language } from '../schemas/language';

/**
 * What mock mode's answers say, in both languages (chosen by Accept-Language as the server's
 * are). The spec's mock texts (section 8) where it gives them.
 */
export const MOCK_MESSAGES = {
  success: { en: 'success', zh: '成功' },
  loginFailed: { en: 'the account or password is incorrect', zh: '帐号或密码不正确' },
  socialLoginFailed: { en: 'the token was not obtained successfully', zh: '未成功获取 Token' },
  saved: { en: 'simulated save succeeded', zh: '模拟保存成功' },
  deleted: { en: 'simulated delete succeeded', zh: '模拟删除成功' },
  registered: { en: 'simulated registration succeeded', zh: '模拟注册成功' },
  notLoggedIn: { en: 'not logged in, or not a mock account\'s token', zh: '未登录，或不是模拟账号的令牌' },
  forbidden: { en: 'this mock account may not do that', zh: '此模拟账号无权进行该操作' },
  notFound: { en: 'no such record', zh: '没有这条记录' },
  notInMock: { en: 'not available in mock mode: run the server (npm start) for this', zh: '模拟模式下不可用：请运行服务器（npm start）' },
} as const;

export type MockMessage = keyof typeof MOCK_MESSAGES;
export type MockLanguage = Language;

/** The caller's language, read as the server reads it (schemas/language.ts). */
export const languageOf = (request: Request): MockLanguage => languageOfHeader(request.headers.get('accept-language'));

export const text = (request: Request, key: MockMessage): string => MOCK_MESSAGES[key][languageOf(request)];
