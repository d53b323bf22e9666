/** Messages of the personal center (server/api/personal.ts, changePwdById): {key: {en, zh}}. */
export default {
  commonPassword: {
    en: 'is one of the most common passwords: choose one that is harder to guess',
    zh: '是最常见的密码之一，请换一个不易被猜到的密码',
  },
  avatarType: { en: 'file: an avatar must be a picture (PNG, JPEG, WebP or GIF)', zh: 'file：头像必须是图片（PNG、JPEG、WebP 或 GIF）' },
  avatarNotFound: { en: 'This avatar does not exist (any more)', zh: '该头像不存在或已被替换' },
} as const;
