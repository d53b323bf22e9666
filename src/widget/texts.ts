/** The widget's words in both languages (the console's locales stay out of this small bundle). */
const TEXTS = {
  zh: {
    title: '在线客服',
    namePlaceholder: '您的称呼（可不填）',
    start: '开始咨询',
    placeholder: '请输入消息，Enter 发送',
    send: '发送',
    attach: '发送图片或文件',
    endChat: '结束会话',
    typing: '客服正在输入…',
    queued: '正在为您接通客服，请稍候…',
    agent: '客服 {name} 为您服务',
    closed: '会话已结束',
    rate: '请为本次服务评分',
    star: '{n} 星',
    thanks: '感谢您的评价！',
    newChat: '开始新的会话',
    sending: '发送中…',
    reconnecting: '连接已断开，正在重连…',
    uploading: '正在上传…',
    uploadFailed: '文件上传失败',
    file: '文件',
    you: '我',
    image: '图片',
  },
  en: {
    title: 'Customer service',
    namePlaceholder: 'Your name (optional)',
    start: 'Start chat',
    placeholder: 'Type a message, Enter to send',
    send: 'Send',
    attach: 'Send an image or file',
    endChat: 'End chat',
    typing: 'The agent is typing…',
    queued: 'Connecting you to an agent, please wait…',
    agent: '{name} is here to help',
    closed: 'This chat has ended',
    rate: 'How did we do?',
    star: '{n} stars',
    thanks: 'Thank you for your feedback!',
    newChat: 'Start a new chat',
    sending: 'Sending…',
    reconnecting: 'Connection lost, reconnecting…',
    uploading: 'Uploading…',
    uploadFailed: 'The file could not be uploaded',
    file: 'File',
    you: 'Me',
    image: 'Image',
  },
} as const;

export type Lang = keyof typeof TEXTS;
export type TextKey = keyof (typeof TEXTS)['zh'];

/** data-lang / ?lang= wins; else English when the browser prefers English, Chinese otherwise (the console's default). */
export const pickLang = (asked: string | null | undefined, browser: string): Lang =>
  (/^(en|zh)/i.test(asked ?? '') ? (asked!.slice(0, 2).toLowerCase() as Lang) : /^en/i.test(browser) ? 'en' : 'zh');

export const textsOf = (lang: Lang) => (key: TextKey, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce<string>((t, [k, v]) => t.replace(`{${k}}`, String(v)), TEXTS[lang][key]);
