/** Messages of the switch simulator's routes (/api/sim/*): {key: {en, zh}}. */
export default {
  simNotRunning: {
    en: 'The switch simulator is not running: the console is connected to a real switch (ESL_HOST)',
    zh: '模拟交换机未运行：系统已连接真实交换机（ESL_HOST）',
  },
  simNoExtension: { en: 'This seat has no extension number', zh: '该坐席没有分机号' },
  simNoRingingCall: { en: 'No call is ringing at this seat', zh: '该坐席没有正在振铃的来电' },
  simNoCall: { en: 'This seat has no call', zh: '该坐席当前没有通话' },
} as const;
