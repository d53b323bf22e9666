/** Messages of signed recording links (server/api/recordings.ts, server/recordings/links.ts): {key: {en, zh}}. */
export default {
  recordingLinkForged: {
    en: 'This recording link is not valid: play the recording again from the call list',
    zh: '录音链接无效，请从通话列表重新播放录音',
  },
  recordingLinkExpired: {
    en: 'This recording link has expired: press play again for a new one',
    zh: '录音链接已过期，请重新点击播放',
  },
  recordingLinkSessionEnded: {
    en: 'This recording link ended with the login it was made for: log in and play the recording again',
    zh: '录音链接已随其登录结束而失效，请登录后重新播放录音',
  },
  recordingNotOnOrder: {
    en: 'Permission denied: this call is not linked to that work order',
    zh: '无权限：该通话未关联到此工单',
  },
  recordingLinkUserGone: {
    en: 'This recording link no longer works: its account is disabled or deleted',
    zh: '录音链接已失效：其账号已停用或删除',
  },
  recordingCredentials: {
    en: 'Not logged in: send your login token in the Authorization header, or play the recording through a link from POST /api/recordings/link',
    zh: '未登录：请在 Authorization 请求头中提供登录令牌，或通过 POST /api/recordings/link 获取的链接播放录音',
  },
} as const;
