/** Messages of the transfer and three-way target rule (server/telephony/gateway/targets.ts): {key: {en, zh}}. */
export default {
  transferTargetRefused: {
    en: 'The call cannot be transferred to {target}: choose an agent\'s extension, the satisfaction survey ({survey}) or an allowed outside number',
    zh: '不能转接到 {target}：请选择坐席分机、满意度评价（{survey}）或允许的外线号码',
  },
  threeWayTargetRefused: {
    en: '{target} cannot be brought into the call: choose an agent\'s extension or an allowed outside number',
    zh: '不能邀请 {target} 加入三方通话：请选择坐席分机或允许的外线号码',
  },
} as const;
