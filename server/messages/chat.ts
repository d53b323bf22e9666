import { SYSTEM_MESSAGES } from '../../schemas/protocol/chat.ts';

/** Messages of the chat hub's sockets (error frames) and the system messages it stores: {key: {en, zh}}. */
export default {
  chatVisitor: { en: 'Visitor', zh: '访客' },
  // The stored line's texts only: whether visitors see it is the protocol's (agentsOnly), not a message's.
  chatNewCustomer: { en: SYSTEM_MESSAGES.newCustomer.en, zh: SYSTEM_MESSAGES.newCustomer.zh },
  chatBadJson: { en: 'The frame is not a JSON object', zh: '消息不是 JSON 对象' },
  chatUnknownType: { en: 'Unknown message type "{type}"', zh: '未知的消息类型“{type}”' },
  chatHelloFirst: { en: 'Send hello first', zh: '请先发送 hello' },
  chatHelloTwice: { en: 'This connection has already said hello', zh: '此连接已发送过 hello' },
  chatFrameTooLarge: { en: 'The message is too large: at most {max} bytes', zh: '消息过大：最多 {max} 字节' },
  chatRateLimited: { en: 'Too many messages: slow down and send again in a moment', zh: '发送过于频繁，请稍后再发' },
  chatTokenUnknown: { en: 'This chat does not exist or the chat token is wrong', zh: '会话不存在或会话凭证错误' },
  chatNotFound: { en: 'Chat not found', zh: '会话不存在' },
  chatNotYours: { en: 'Permission denied: this chat is not assigned to you', zh: '无权限：该会话未分配给您' },
  chatClosed: { en: 'This chat is closed', zh: '该会话已结束' },
  chatNotClosed: { en: 'A chat can be rated once it has ended', zh: '会话结束后才能评价' },
  chatAlreadyRated: { en: 'This chat has already been rated', zh: '该会话已评价' },
  chatSupervisorReadOnly: { en: 'Supervisors can read chats but not write in them', zh: '班长只能查看会话，不能发送' },
  chatTransferTarget: {
    en: 'Seat {seat} cannot take the chat: the agent must be in a chat department, connected to chat, ready and below capacity',
    zh: '坐席 {seat} 无法接收该会话：坐席须属于开通在线会话的部门、在线、处于就绪状态且未满额',
  },
  chatTransferSelf: { en: 'The chat is already yours', zh: '该会话已是您的会话' },
  chatLoginRequired: { en: 'Log in first: the chat socket needs a valid token', zh: '请先登录：会话连接需要有效的令牌' },
  chatNotChatAgent: {
    en: 'Your department does not take online chats: an administrator can turn on "Online chat" for it under Departments',
    zh: '您所在的部门未开通在线会话，管理员可在部门管理中开启“在线会话”',
  },
  chatNoSeat: { en: 'Your account has no seat number: chat needs one', zh: '您的账号没有坐席号，无法使用在线会话' },
  chatTooManySockets: { en: 'Too many chat connections (at most {max}): close some and try again', zh: '在线会话连接过多（最多 {max} 个），请关闭部分后重试' },
  chatTooManyNew: { en: 'Too many new chats from your network: try again in {seconds} s', zh: '您的网络发起的新会话过多，请 {seconds} 秒后重试' },
  chatAnonChatsPerHour: {
    en: 'Too many chats were opened from your network in the last hour (at most {max}): try again in {minutes} minutes',
    zh: '您的网络在过去一小时内发起的会话过多（最多 {max} 个），请 {minutes} 分钟后重试',
  },
  chatAnonOpenChats: {
    en: 'Too many chats are open from your network (at most {max}): end one, or try again later',
    zh: '您的网络当前进行中的会话过多（最多 {max} 个），请结束一个会话或稍后再试',
  },
  chatAnonBusy: { en: 'The service is busy: your message will be sent again in a moment', zh: '服务繁忙，您的消息将稍后自动重发' },
  chatSessionEnded: { en: 'Your login has ended: please log in again', zh: '登录已失效，请重新登录' },
  chatSeatChanged: { en: 'Your seat has changed: please log in again', zh: '您的坐席已变更，请重新登录' },
  chatRoleChanged: { en: 'Your roles have changed: reopen the inbox to continue', zh: '您的角色已变更，请重新打开会话页' },
} as const;
