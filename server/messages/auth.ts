/** Messages of login, sessions, limits, captcha, RSA: {key: {en, zh}}. */
export default {
  wrongLogin: { en: 'username or password incorrect!!!', zh: '用户名或密码错误!!!' },
  tooManyLogins: {
    en: 'Too many failed attempts. Try again in {minutes} minute(s).',
    zh: '失败次数过多，请 {minutes} 分钟后再试',
  },
  tooManyRequests: { en: 'Too many requests. Try again in {seconds} seconds.', zh: '请求过于频繁，请 {seconds} 秒后再试' },
  loginBusy: {
    en: 'The server is busy with other sign-ins. Try again in a few seconds.',
    zh: '登录请求过多，服务器繁忙，请稍后几秒再试',
  },
  captchaRequired: { en: 'Enter the verification code.', zh: '请输入验证码' },
  captchaWrong: { en: 'The verification code is wrong or has expired.', zh: '验证码错误或已过期' },
  sessionSuperseded: {
    en: 'Your session has ended: this account signed in again elsewhere.',
    zh: '您的会话已结束：该账号已在别处重新登录',
  },
  logoutOwnSeatOnly: { en: 'Permission denied: you can sign out only your own seat.', zh: '无权限：只能注销自己的坐席' },
} as const;
