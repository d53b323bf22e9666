/** Messages of the header's notices and search (server/api/notice.ts, server/api/search.ts): {key: {en, zh}}. */
export default {
  noticesCleared: { en: 'messages cleared', zh: '清空消息成功' },
} as const;
