/** Messages of the phone bar's socket (/ws ERROR frames): {key: {en, zh}}. */
export default {
  phone_FORMAT: { en: 'Malformed command: not the phone protocol', zh: '指令格式错误：不符合电话协议' },
  phone_UNKNOWN: { en: 'Unknown command or operation: {field}', zh: '未知的指令或操作：{field}' },
  phone_FIELD: { en: 'Invalid value for {field}', zh: '{field} 的值无效' },
  phone_NOT_LOGGED_IN: { en: 'Log the seat in first (cmd:login)', zh: '请先签入座席（cmd:login）' },
  phone_OTHER_SEAT: { en: 'You may only control your own seat {seat}', zh: '只能操作自己的座席 {seat}' },
  phone_NO_SEAT: { en: 'Your account has no seat', zh: '您的账号没有座席' },
  phone_EXTENSION: { en: 'The extension is not this seat\'s: use {ext}', zh: '分机号不属于本座席，请使用 {ext}' },
  phone_NO_CALL: { en: 'That call is not on your seat', zh: '该通话不在您的座席上' },
  phone_NO_THIRD: { en: 'There is no third party on this call', zh: '该通话没有第三方' },
  phone_LINK_DOWN: { en: 'The phone system is offline; try again when it is back', zh: '电话系统离线，请恢复后重试' },
  phone_RATE: { en: 'Too many commands; slow down', zh: '指令过于频繁，请稍后再试' },
  phone_UNAUTHORIZED: { en: 'Please log in again', zh: '请重新登录' },
  phone_SEAT_CHANGED: { en: 'Your seat has changed: please log in again', zh: '您的座席已变更，请重新登录' },
  phone_TOO_MANY_SOCKETS: { en: 'Too many phone connections for this account (at most {max}): close other tabs', zh: '此账号的电话连接过多（最多 {max} 个），请关闭其他标签页' },
  phone_CALLER_ID: { en: 'The caller ID must be one of this seat\'s: {cid}', zh: '主叫号码必须是本座席的号码之一：{cid}' },
  phone_INTERNAL: { en: 'The command could not be handled', zh: '指令处理失败' },
} as const;
