/** Messages of the per-chat upload quota (server/api/File.ts, CHAT_UPLOAD_MAX_FILES / CHAT_UPLOAD_MAX_BYTES): {key: {en, zh}}. */
export default {
  chatUploadFilesFull: {
    en: 'This chat already holds {max} files, the most one chat may hold: send a link or end the chat and start a new one',
    zh: '本次会话已有 {max} 个文件，已达单个会话的上限：请改发链接，或结束会话后重新发起',
  },
  chatUploadBytesFull: {
    en: 'This file would take the chat\'s files over {max} in all ({used} used): send a smaller file or a link',
    zh: '发送此文件后本次会话的文件总量将超过 {max}（已用 {used}）：请发送更小的文件或链接',
  },
} as const;
