/** Messages of the seat endpoints (User, UserSeatLog, AudienceData) and of recordings: {key: {en, zh}}. */
export default {
  callStatusNotChosen: {
    en: 'is set by the phone system during calls and cannot be chosen',
    zh: '为通话中由电话系统设置的状态，不能手动选择',
  },
  reasonNotOfStatus: {
    en: 'is not a reason of this status (a toilet or short break is a reason of status 3)',
    zh: '不是该状态的原因（如厕、小休是状态 3 的原因）',
  },
  recordingNone: { en: 'This call has no recording', zh: '该通话没有录音' },
  recordingMissing: { en: 'The recording file could not be found', zh: '录音文件不存在' },
  recordingOwnSeatOnly: {
    en: 'Permission denied: you can only play recordings of calls taken at your own seat',
    zh: '无权限：只能播放本坐席通话的录音',
  },
  recordingRange: {
    en: 'The requested range lies outside the recording ({size} bytes)',
    zh: '请求的范围超出录音文件长度（{size} 字节）',
  },
} as const;
