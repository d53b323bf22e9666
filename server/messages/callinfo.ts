/** Messages of the CallInfo and WebChat endpoints: {key: {en, zh}}. */
export default {
  callNotFound: { en: 'Call record not found', zh: '通话记录不存在' },
  seatNotFound: { en: 'no user has this seat number', zh: '没有使用该坐席号的用户' },
  ownSeatCallsOnly: {
    en: 'Permission denied: you can only change calls taken at your own seat',
    zh: '无权限：只能修改本坐席接听的通话',
  },
  monitorTooManyStreams: {
    en: 'Too many seat monitors open for this account (at most {max}): close the monitor in another tab',
    zh: '此账号打开的座席监控过多（最多 {max} 个），请关闭其他标签页中的监控',
  },
  ownSeatOnly: { en: 'Permission denied: you can only use your own seat', zh: '无权限：只能操作本坐席' },
  eventStreamOnly: { en: 'This address sends an event stream: request it with Accept: text/event-stream', zh: '该地址为事件流：请求头 Accept 须为 text/event-stream' },
} as const;
