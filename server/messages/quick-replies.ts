/** Messages of quick replies (server/api/quickReply.ts): {key: {en, zh}}. Field messages follow the field's name. */
export default {
  sharedNotYours: {
    en: 'Only a supervisor of its department or an administrator may change a shared quick reply',
    zh: '只有所属部门的班长或管理员可以修改共享快捷回复',
  },
  sharedNotAllowed: {
    en: 'shared: only a supervisor of the department or an administrator may share a quick reply there',
    zh: '共享：只有该部门的班长或管理员可以在此共享快捷回复',
  },
  sharedNeedsDepartment: { en: 'is required for a shared quick reply', zh: '共享快捷回复必须指定部门' },
  personalNoDepartment: { en: 'must be empty for a personal quick reply', zh: '个人快捷回复不属于任何部门' },
} as const;
