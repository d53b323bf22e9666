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
  registrationClosed: { en: 'Self-registration is closed. Ask an administrator for an account.', zh: '未开放自助注册，请联系管理员开通账号' },
  registered: {
    en: 'Registered. An administrator will assign your role and seat; you can sign in after that.',
    zh: '注册成功，管理员分配角色和坐席后即可登录',
  },
  registrationPending: {
    en: 'Your registration is waiting for an administrator to assign a role and a seat.',
    zh: '您的注册正在等待管理员分配角色和坐席',
  },
  ssoNotConfigured: { en: 'Single sign-on is not configured on this server.', zh: '本系统未配置单点登录' },
  ssoProviderDown: { en: 'The sign-in provider cannot be reached. Try again later.', zh: '无法连接单点登录服务，请稍后再试' },
  ssoExpired: { en: 'This sign-in has expired or was already used. Start again from the login page.', zh: '本次登录已过期或已使用，请回到登录页重新开始' },
  ssoFailed: { en: 'The sign-in provider\'s answer could not be verified. Start again from the login page.', zh: '单点登录结果校验失败，请回到登录页重新开始' },
  ssoNotLinked: {
    en: 'The token was not obtained successfully: this sign-in is not linked to any account. Ask an administrator to link it.',
    zh: '未成功获取令牌：该登录身份未关联任何账号，请联系管理员关联',
  },
  logoutOwnSeatOnly: { en: 'Permission denied: you can sign out only your own seat.', zh: '无权限：只能注销自己的坐席' },
} as const;
