/** Messages of quick replies (server/api/quickReply.ts): {key: {en, zh}}. */
export default {
  sharedNotYours: {
    en: 'Only a supervisor of its department or an administrator may change a shared quick reply',
    zh: '只有所属部门的班长或管理员可以修改共享快捷回复',
  },
  sharedNeedsDepartment: { en: 'departId: a shared quick reply needs a department', zh: 'departId：共享快捷回复必须指定部门' },
  personalNoDepartment: { en: 'departId: a personal quick reply has no department', zh: 'departId：个人快捷回复不属于任何部门' },
} as const;
