/**
 * Building blocks of the chat and WeChat reports over `chats ch` and `chat_messages m`
 * (migration 005): the chat figures (docs/kpi.md: first response = first agent message time -
 * access time), the chat list's columns and the usual chat filters. Web chats have
 * source_way 'web', WeChat-sourced ones 'weixin'.
 */
import { ANY_USER, ownSeat, SUPERVISORS } from './call-info.ts';
import { PAGED_LIST } from './paging.ts';
import { dateRange, seat } from './conditions.ts';
import { NOW } from './kpi.ts';

export const chatSource = (way: 'web' | 'weixin') => `ch.source_way = '${way}'` as const;

/** One chat id, equal (the spec's clientChatId). */
export const clientChatId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$', 'x-filter': { sql: 'ch.client_chat_id', op: 'eq' } } as const;

/** Chats that were accessed in the date range, optionally of one seat. */
export const CHAT_CONDITIONS = {
  type: 'object',
  properties: { ...dateRange('ch.access_time', 'today'), userSeatNo: seat('ch.user_seat_no') },
  additionalProperties: false,
} as const;

/** A chat's messages written by these roles (system messages, role 'sys', are never counted). */
const messagesOf = (...roles: Array<'client' | 'agent'>) =>
  `(SELECT count(*) FROM chat_messages m WHERE m.chat_id = ch.id AND m.role IN (${roles.map((r) => `'${r}'`).join(', ')}))`;

/** Per-chat figures (expressions over one `chats ch` row). */
export const CHAT_FIGURE = {
  /** Messages = client + agent messages (docs/kpi.md). */
  messages: messagesOf('client', 'agent'),
  clientMessages: messagesOf('client'),
  agentMessages: messagesOf('agent'),
  /** Seconds from access to the first agent message; NULL while no agent has written. */
  firstResponseSeconds: "round(extract(epoch FROM (SELECT min(m.create_time) FROM chat_messages m WHERE m.chat_id = ch.id AND m.role = 'agent') - ch.access_time))",
  /** Seconds from access to the end (an open chat lasts up to now). */
  durationSeconds: `round(extract(epoch FROM coalesce(ch.end_time, ${NOW}) - ch.access_time))`,
} as const;

/** The chat list's columns (getWebChat, getWeXin). */
export const CHAT_COLUMNS = [
  { key: 'clientChatId', sql: 'ch.client_chat_id', format: 'text' },
  { key: 'clientChatName', sql: 'ch.client_chat_name', format: 'text' },
  { key: 'userSeatNo', sql: 'ch.user_seat_no', format: 'text' },
  { key: 'state', sql: 'ch.state', format: 'text', codes: 'chatState' },
  { key: 'accessTime', sql: 'ch.access_time', format: 'datetime' },
  { key: 'endTime', sql: 'ch.end_time', format: 'datetime' },
  { key: 'messages', sql: CHAT_FIGURE.messages, format: 'number', total: 'sum' },
  { key: 'firstResponseSeconds', sql: CHAT_FIGURE.firstResponseSeconds, format: 'duration', total: 'avg' },
  { key: 'durationSeconds', sql: CHAT_FIGURE.durationSeconds, format: 'duration', total: 'avg' },
  { key: 'solved', sql: 'ch.solved', format: 'yesNo' },
] as const;

/** Per-agent chat statistics (getWebChatReport, getWeixinReport): aggregates of the per-chat figures. */
export const CHAT_AGENT_COLUMNS = [
  { key: 'userSeatNo', sql: 'ch.user_seat_no', format: 'text' },
  { key: 'chats', sql: 'count(*)', format: 'number', total: 'kpi' },
  { key: 'messages', sql: `coalesce(sum(${CHAT_FIGURE.messages}), 0)`, format: 'number', total: 'kpi' },
  { key: 'clientMessages', sql: `coalesce(sum(${CHAT_FIGURE.clientMessages}), 0)`, format: 'number', total: 'kpi' },
  { key: 'agentMessages', sql: `coalesce(sum(${CHAT_FIGURE.agentMessages}), 0)`, format: 'number', total: 'kpi' },
  { key: 'avgFirstResponseSeconds', sql: `round(avg(${CHAT_FIGURE.firstResponseSeconds}), 1)`, format: 'seconds', total: 'kpi' },
  { key: 'avgDurationSeconds', sql: `round(avg(${CHAT_FIGURE.durationSeconds}), 1)`, format: 'duration', total: 'kpi' },
] as const;

/** The messages of one chat, oldest first (getWebChatReportDetail, getwechatTalkByClientChatId). */
export const CHAT_MESSAGE_COLUMNS = [
  { key: 'clientChatId', sql: 'ch.client_chat_id', format: 'text' },
  { key: 'clientChatName', sql: 'ch.client_chat_name', format: 'text' },
  { key: 'userSeatNo', sql: 'ch.user_seat_no', format: 'text' },
  { key: 'role', sql: 'm.role', format: 'text' },
  { key: 'contentType', sql: 'm.content_type', format: 'text' },
  { key: 'content', sql: 'm.content', format: 'text' },
  { key: 'createTime', sql: 'm.create_time', format: 'datetime' },
] as const;

/** What the chat reports share: CallReport, so administrators and supervisors only. */
export const CHAT_REPORT = { access: SUPERVISORS, export: true } as const;

type Source = 'web' | 'weixin';

/** A chat-session list of one source (getWebChat, getWeXin): the report file adds its id, endpoint and menu. */
export const chatSessions = (source: Source) => ({
  ...CHAT_REPORT,
  from: 'chats ch',
  where: chatSource(source),
  conditions: CHAT_CONDITIONS,
  columns: CHAT_COLUMNS,
  sorters: ['accessTime', 'endTime', 'userSeatNo', 'messages', 'firstResponseSeconds', 'durationSeconds'],
  defaultSort: { field: 'accessTime', order: 'desc' },
  tieBreak: 'ch.id',
  ...PAGED_LIST,
}) as const;

/** Per-agent chat statistics of one source (getWebChatReport, getWeixinReport), drilling into its session list. */
export const chatAgentStats = <R extends string>(source: Source, sessions: R) => ({
  ...CHAT_REPORT,
  // Only those who see every seat open the report; an agent's own figure (the home's chats served) is counted on their seat.
  ownSeat: ownSeat('ch.user_seat_no'),
  from: 'chats ch',
  where: chatSource(source),
  conditions: CHAT_CONDITIONS,
  groupBy: ['ch.user_seat_no'],
  columns: CHAT_AGENT_COLUMNS,
  sorters: ['userSeatNo', 'chats', 'messages', 'avgFirstResponseSeconds', 'avgDurationSeconds'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'bar', x: 'userSeatNo', y: ['chats', 'messages'] },
  drill: { chats: { report: sessions, conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' } } },
}) as const;

/** One chat's messages in time order, of one source (getWebChatReportDetail, getwechatTalkByClientChatId). */
export const chatTalk = (source: Source) => ({
  ...CHAT_REPORT,
  from: 'chat_messages m JOIN chats ch ON ch.id = m.chat_id',
  where: chatSource(source),
  conditions: { type: 'object', properties: { clientChatId }, required: ['clientChatId'], additionalProperties: false },
  columns: CHAT_MESSAGE_COLUMNS,
  defaultSort: { field: 'createTime', order: 'asc' },
  tieBreak: 'm.id',
  paged: false,
  maxRows: 5000,
}) as const;

/**
 * Chats of one channel per serving seat, open to every user and narrowed to an agent's own seat:
 * chats, client and agent messages, first and last access (weiXinReportC, webReportC).
 */
export const chatsPerSeat = (way: 'web' | 'weixin') => ({
  access: ANY_USER,
  ownSeat: ownSeat('ch.user_seat_no'),
  from: 'chats ch',
  where: chatSource(way),
  conditions: { type: 'object', properties: { ...dateRange('ch.access_time', 'today'), userSeatNo: seat('ch.user_seat_no') }, additionalProperties: false },
  groupBy: ['ch.user_seat_no'],
  columns: [
    { key: 'userSeatNo', sql: 'ch.user_seat_no', format: 'text' },
    { key: 'chats', sql: 'count(*)', format: 'number', total: 'sum' },
    { key: 'clientMessages', sql: "coalesce(sum((SELECT count(*) FROM chat_messages m WHERE m.chat_id = ch.id AND m.role = 'client')), 0)", format: 'number', total: 'sum' },
    { key: 'agentMessages', sql: "coalesce(sum((SELECT count(*) FROM chat_messages m WHERE m.chat_id = ch.id AND m.role = 'agent')), 0)", format: 'number', total: 'sum' },
    { key: 'firstAccessTime', sql: 'min(ch.access_time)', format: 'datetime' },
    { key: 'lastAccessTime', sql: 'max(ch.access_time)', format: 'datetime' },
  ],
  sorters: ['userSeatNo', 'chats'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: false,
  totals: true,
  export: true,
}) as const;
