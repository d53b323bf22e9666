import { SYSTEM_MESSAGES } from '../../schemas/protocol/chat.ts';

/** Messages of the WeChat channel (server/chat/channels/wechat): push refusals, the agent's errors, stored labels. */
export default {
  wechatUnknownAccount: { en: 'No enabled WeChat account has this app id', zh: '没有启用的公众号使用此 AppID' },
  wechatBadSignature: { en: 'The push signature is wrong: refused', zh: '推送签名错误，已拒绝' },
  wechatOldTimestamp: { en: 'The push timestamp is missing or more than 5 minutes away from now: refused', zh: '推送时间戳缺失或与当前时间相差超过 5 分钟，已拒绝' },
  wechatBadXml: { en: 'The push is not acceptable XML (no DOCTYPE, entities or nesting beyond the platform\'s): refused', zh: '推送的 XML 不可接受（不允许 DOCTYPE、实体声明等），已拒绝' },
  wechatBadEncrypt: { en: 'The encrypted push does not open with this account\'s AES key: refused', zh: '加密推送无法用此公众号的 AES 密钥解密，已拒绝' },
  wechatWindowClosed: {
    en: 'The WeChat customer last wrote more than 48 hours ago: the platform accepts no reply until they write again',
    zh: '该微信用户最后一次发消息已超过 48 小时，平台不接受回复，需等待用户再次发消息',
  },
  wechatKindUnsupported: { en: 'WeChat chats take text and images only', zh: '微信会话只能发送文字和图片' },
  wechatNotDelivered: SYSTEM_MESSAGES.wechatNotDelivered,
  wechatCustomer: { en: 'WeChat user', zh: '微信用户' },
  wechatLocation: { en: '[Location]', zh: '[位置]' },
  wechatImage: { en: '[Image]', zh: '[图片]' },
  wechatVoice: { en: '[Voice]', zh: '[语音]' },
  wechatVideo: { en: '[Video]', zh: '[视频]' },
  wechatFile: { en: '[File]', zh: '[文件]' },
  wechatAccountSecrets: { en: 'A new account needs its app secret and token', zh: '新建公众号须填写 AppSecret 和 Token' },
  wechatNoFake: { en: 'Customers can be simulated only with the built-in fake WeChat platform (WECHAT_API_BASE unset)', zh: '仅在使用内置模拟微信平台时（未设置 WECHAT_API_BASE）可模拟客户发消息' },
} as const;
