/** Messages of chat file uploads and downloads (server/api/File.ts): {key: {en, zh}}. */
export default {
  fileTooLarge: { en: 'The file is too large: at most {max}', zh: '文件过大：最多 {max}' },
  fileType: {
    en: 'This kind of file cannot be sent: images (PNG, JPEG, GIF, WebP), PDF, plain text, Word (.docx), Excel (.xlsx) and sound (MP3, WAV, Ogg) are accepted',
    zh: '不支持发送此类文件：仅支持图片（PNG、JPEG、GIF、WebP）、PDF、纯文本、Word（.docx）、Excel（.xlsx）和音频（MP3、WAV、Ogg）',
  },
  fileMissing: { en: 'file: choose a file to send', zh: 'file：请选择要发送的文件' },
  fileEmpty: { en: 'file: the file is empty', zh: 'file：文件为空' },
  fileNotMultipart: { en: 'Send the file as multipart/form-data in a field named "file"', zh: '请以 multipart/form-data 格式在 file 字段中发送文件' },
  fileChatRequired: { en: 'chatId: name the chat the file is for', zh: 'chatId：请指定文件所属的会话' },
  fileCredentials: {
    en: 'Not logged in: send your login token in the Authorization header, open the file through a link from POST /api/File/links, or send the chat token (X-Chat-Token) as a visitor',
    zh: '未登录：请在 Authorization 请求头中提供登录令牌，或通过 POST /api/File/links 获取的链接打开文件，访客请提供会话凭证（X-Chat-Token）',
  },
  fileLinkForged: { en: 'This file link is not valid: open the file again from the chat', zh: '文件链接无效，请从会话中重新打开文件' },
  fileLinkExpired: { en: 'This file link has expired: open the file again from the chat', zh: '文件链接已过期，请从会话中重新打开文件' },
  fileLinkSessionEnded: {
    en: 'This file link ended with the login it was made for: log in and open the file again from the chat',
    zh: '文件链接已随其登录结束而失效，请登录后从会话中重新打开文件',
  },
  fileLinkUnknown: { en: 'ids: file {id} does not exist', zh: 'ids：文件 {id} 不存在' },
  fileLinkNotParty: {
    en: 'Permission denied: file {id} belongs to a chat that is not yours',
    zh: '无权限：文件 {id} 属于其他会话',
  },
  fileChatToken: { en: 'The chat token is wrong or the chat no longer exists', zh: '会话凭证错误或会话已不存在' },
  fileNotParty: { en: 'Permission denied: this file belongs to a chat that is not yours', zh: '无权限：该文件属于其他会话' },
  fileChatNotYours: { en: 'Permission denied: this chat is not assigned to you', zh: '无权限：该会话未分配给您' },
  fileSupervisorReadOnly: { en: 'Supervisors can read chat files but not send them', zh: '班长只能查看会话文件，不能发送' },
  fileChatClosed: { en: 'This chat is closed: files can no longer be sent', zh: '该会话已结束，无法再发送文件' },
  fileOrderVisitor: { en: 'Only a logged-in user can attach a file to a work order', zh: '只有登录用户才能向工单添加附件' },
  fileOneTarget: { en: 'workOrderId: a file goes to a chat or to a work order, not both', zh: 'workOrderId：文件只能发送到会话或添加到工单，不能同时指定' },
  fileLinkNotOrder: { en: 'Permission denied: file {id} belongs to a work order outside your reach', zh: '无权限：文件 {id} 属于您无权查看的工单' },
  chatFileNotUploaded: {
    en: 'An image, file or sound message must name a file you uploaded to this chat: send the file again',
    zh: '图片、文件或语音消息必须是您在本会话中上传的文件，请重新发送该文件',
  },
  anonUploadAddressFull: {
    en: 'Too many files were sent from your network in the last hour (at most {max}): try again in {minutes} minutes',
    zh: '您的网络在过去一小时内发送的文件过多（最多 {max}），请 {minutes} 分钟后再试',
  },
  anonUploadTotalFull: {
    en: 'Too many files were sent by visitors in the last hour (at most {max} in all): try again in {minutes} minutes',
    zh: '过去一小时内访客发送的文件过多（共最多 {max}），请 {minutes} 分钟后再试',
  },
  uploadDiskFull: {
    en: 'The server is short of disk space: files cannot be sent now. Please tell the administrator',
    zh: '服务器磁盘空间不足，暂时无法发送文件，请联系管理员',
  },
  fileNotFound: { en: 'File not found', zh: '文件不存在' },
  fileGone: { en: 'The file is no longer stored on the server', zh: '服务器上已没有该文件' },
} as const;
