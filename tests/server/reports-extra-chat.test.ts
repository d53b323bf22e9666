import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

/** Chat and WeChat reports, voice messages and e-mails: roles, figures against rows inserted here, bad input. */
let s: TestServer;
const t = {} as Record<'admin' | 'supervisor' | 'agent1', string>;
// Long before any seeded row, so the figures over DAY are this file's alone.
const DAY = '2019-05-06';
const tag = crypto.randomBytes(4).toString('hex');
const day = { startTime: DAY, endTime: DAY };

interface ChatFixture { seat: string; way: 'web' | 'weixin'; at: string; endAfter: number; solved?: boolean; messages: Array<['client' | 'agent', number]> }
/** Chat id -> chat: web 9301 answered after 30 s and solved, web 9301 unanswered, web 9302 answered after 60 s; WeChat 9301 solved and unsolved. */
const CHATS: Record<string, ChatFixture> = {
  [`w1-${tag}`]: { seat: '9301', way: 'web', at: '10:00:00', endAfter: 300, solved: true, messages: [['client', 5], ['agent', 30], ['client', 40]] },
  [`w2-${tag}`]: { seat: '9301', way: 'web', at: '11:00:00', endAfter: 100, messages: [['client', 1]] },
  [`w3-${tag}`]: { seat: '9302', way: 'web', at: '12:00:00', endAfter: 120, messages: [['client', 2], ['agent', 60]] },
  [`x1-${tag}`]: { seat: '9301', way: 'weixin', at: '09:00:00', endAfter: 200, solved: true, messages: [['client', 3], ['agent', 20]] },
  [`x2-${tag}`]: { seat: '9301', way: 'weixin', at: '13:00:00', endAfter: 50, messages: [['client', 4], ['agent', 10], ['agent', 11]] },
};

beforeAll(async () => {
  s = await startTestServer();
  for (const who of ['admin', 'supervisor'] as const) t[who] = await s.login(who, `${who === 'admin' ? 'admin' : 'super'}123`);
  t.agent1 = await s.login('agent1', 'agent123');
  for (const [id, c] of Object.entries(CHATS)) {
    const [{ id: chat }] = await s.ctx.db.query<{ id: number }>(
      `INSERT INTO chats (client_chat_id, client_chat_name, user_seat_no, source_way, access_time, end_time, solved)
       VALUES ($1, 'Guest', $2, $3, $4::timestamptz, $4::timestamptz + make_interval(secs => $5::int), $6) RETURNING id`,
      [id, c.seat, c.way, `${DAY} ${c.at}`, c.endAfter, c.solved ?? false]) as [{ id: number }];
    for (const [role, after] of c.messages) {
      await s.ctx.db.query(`INSERT INTO chat_messages (chat_id, role, content, create_time) VALUES ($1, $2, $3, $4::timestamptz + make_interval(secs => $5::int))`,
        [chat, role, `${role} at ${after}`, `${DAY} ${c.at}`, after]);
    }
  }
  await s.ctx.db.query(`INSERT INTO voice_messages (call_id, phone_no, line_id, left_at, seconds, user_seat_no, handled) VALUES
    ($1, '13700000001', 1, '${DAY} 10:00:00', 25, '9301', true), ($2, '13700000002', 1, '${DAY} 11:00:00', 15, '', false)`, [`vm1-${tag}`, `vm2-${tag}`]);
  await s.ctx.db.query(`INSERT INTO email_items (from_address, subject, received_at, user_seat_no, state, replied_at) VALUES
    ('a@example.com', 'Invoice', '${DAY} 09:00:00', '9301', 'replied', '${DAY} 10:00:00'), ('b@example.com', 'Hello', '${DAY} 09:30:00', '', 'new', NULL)`);
});
afterAll(() => s.close());

const post = (action: string, body: unknown, token: string | null = t.admin) =>
  s.call('POST', `/api/CallReport/${action}`, { ...(token ? { token } : {}), body, headers: { 'accept-language': 'en' } });
type Row = Record<string, unknown>;
const list = async (action: string, body: unknown) => {
  const res = await post(action, body);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as { list: Row[]; total: number; totals?: Row };
};

const ENDPOINTS: Array<[string, Row]> = [
  ['getWebChat', day], ['getWeXin', day], ['getWebChatReport', day], ['getWeixinReport', day], ['getWeixinChatReport', day], ['getWeChatSolve', day],
  ['getWebChatReportDetail', { clientChatId: `w1-${tag}` }], ['getwechatTalkByClientChatId', { clientChatId: `x1-${tag}` }],
  ['getMessage', day], ['getEmail', day],
];

describe('roles', () => {
  it.each(ENDPOINTS)('%s: 200 for admin and supervisor, 403 for an agent, 401 without a token', async (action, body) => {
    for (const who of ['admin', 'supervisor'] as const) expect((await post(action, body, t[who])).status).toBe(200);
    expect((await post(action, body, t.agent1)).status).toBe(403);
    expect((await post(action, body, null)).status).toBe(401);
  });
});

describe('chat figures', () => {
  it('getWebChat lists the web chats of the day with messages, first response, duration and solved', async () => {
    const data = await list('getWebChat', { ...day, sortField: 'accessTime', sortOrder: 'asc' });
    expect(data.total).toBe(3);
    expect(data.list.map((r) => [r.clientChatId, r.userSeatNo, r.messages, r.firstResponseSeconds, r.durationSeconds, r.solved])).toEqual([
      [`w1-${tag}`, '9301', 3, 30, 300, true], [`w2-${tag}`, '9301', 1, null, 100, false], [`w3-${tag}`, '9302', 2, 60, 120, false]]);
    expect(data.totals).toMatchObject({ messages: 6, firstResponseSeconds: 45 });
    expect((await list('getWebChat', { ...day, userSeatNo: '9302' })).list.map((r) => r.clientChatId)).toEqual([`w3-${tag}`]);
  });

  it('getWeXin lists only WeChat-sourced chats', async () => {
    const data = await list('getWeXin', day);
    expect(data.list.map((r) => r.clientChatId).sort()).toEqual([`x1-${tag}`, `x2-${tag}`]);
  });

  it('getWebChatReport and getWeixinReport: per seat chats, messages, average first response and duration', async () => {
    const web = await list('getWebChatReport', day);
    expect(web.list).toEqual([
      { userSeatNo: '9301', chats: 2, messages: 4, clientMessages: 3, agentMessages: 1, avgFirstResponseSeconds: 30, avgDurationSeconds: 200 },
      { userSeatNo: '9302', chats: 1, messages: 2, clientMessages: 1, agentMessages: 1, avgFirstResponseSeconds: 60, avgDurationSeconds: 120 },
    ]);
    // Totals are the figures of the whole range, not averages of the seats' averages.
    expect(web.totals).toMatchObject({ chats: 3, messages: 6, avgFirstResponseSeconds: 45, avgDurationSeconds: 173.3 });
    const wx = await list('getWeixinReport', day);
    expect(wx.list).toEqual([{ userSeatNo: '9301', chats: 2, messages: 5, clientMessages: 2, agentMessages: 3, avgFirstResponseSeconds: 15, avgDurationSeconds: 125 }]);
  });

  it('getWeixinChatReport: WeChat chats per day', async () => {
    const data = await list('getWeixinChatReport', day);
    expect(data.list).toEqual([{ day: DAY, chats: 2, messages: 5, answeredChats: 2, avgFirstResponseSeconds: 15, avgDurationSeconds: 125, solvedChats: 1 }]);
  });

  it('getWeChatSolve: solved vs unsolved per seat, and the solve rate', async () => {
    const data = await list('getWeChatSolve', day);
    expect(data.list).toEqual([{ userSeatNo: '9301', chats: 2, solvedChats: 1, unsolvedChats: 1, solveRate: 0.5 }]);
    expect(data.totals).toMatchObject({ chats: 2, solvedChats: 1, solveRate: 0.5 });
  });

  it('getWebChatReportDetail and getwechatTalkByClientChatId: one chat\'s messages oldest first, of its own source only', async () => {
    const web = await list('getWebChatReportDetail', { clientChatId: `w1-${tag}` });
    expect(web.list.map((r) => [r.role, r.content])).toEqual([['client', 'client at 5'], ['agent', 'agent at 30'], ['client', 'client at 40']]);
    expect((await list('getWebChatReportDetail', { clientChatId: `x1-${tag}` })).list).toEqual([]);
    const wx = await list('getwechatTalkByClientChatId', { clientChatId: `x2-${tag}` });
    expect(wx.list.map((r) => r.content)).toEqual(['client at 4', 'agent at 10', 'agent at 11']);
  });
});

describe('voice messages and e-mails', () => {
  it('getMessage lists the day\'s voice messages; handled filters them', async () => {
    const data = await list('getMessage', { ...day, sortField: 'leftAt', sortOrder: 'asc' });
    expect(data.list.map((r) => [r.callId, r.phoneNo, r.seconds, r.handled])).toEqual([[`vm1-${tag}`, '13700000001', 25, true], [`vm2-${tag}`, '13700000002', 15, false]]);
    expect(data.totals).toEqual({ seconds: 40 });
    expect((await list('getMessage', { ...day, handled: false })).list.map((r) => r.callId)).toEqual([`vm2-${tag}`]);
  });

  it('getEmail lists the day\'s e-mails with the reply time; state filters them', async () => {
    const data = await list('getEmail', { ...day, sortField: 'receivedAt', sortOrder: 'asc' });
    expect(data.list.map((r) => [r.fromAddress, r.state, r.replySeconds])).toEqual([['a@example.com', 'replied', 3600], ['b@example.com', 'new', null]]);
    expect((await list('getEmail', { ...day, state: 'new' })).list.map((r) => r.subject)).toEqual(['Hello']);
  });
});

describe('bad input answers 400 naming the field, before any SQL', () => {
  const cases: Array<[string, string, unknown, RegExp]> = [
    ['getWebChat', 'end before start', { startTime: '2019-05-07', endTime: '2019-05-06' }, /endTime/],
    ['getWeXin', 'not a date', { startTime: 'monday' }, /startTime/],
    ['getWebChatReport', 'unknown key', { ...day, isAdmin: true }, /isAdmin/],
    ['getWeChatSolve', 'injection in the seat', { userSeatNo: "9301' OR 1=1 --" }, /userSeatNo/],
    ['getWebChatReportDetail', 'chat id missing', {}, /clientChatId/],
    ['getwechatTalkByClientChatId', 'injection in the chat id', { clientChatId: "x' OR '1'='1" }, /clientChatId/],
    ['getMessage', 'page size over 1000', { ...day, pageSize: 1001 }, /pageSize/],
    ['getEmail', 'unknown state', { state: 'spam' }, /state/],
    ['getWebChat', 'sort field as SQL', { sortField: 'ch.id; DROP TABLE chats' }, /sortField/],
  ];
  it.each(cases)('%s: %s', async (action, _label, body, msg) => {
    let res: Awaited<ReturnType<typeof post>> | undefined;
    const seen: string[] = [];
    const original = s.ctx.db.query.bind(s.ctx.db);
    s.ctx.db.query = (async (sql: string, params?: readonly unknown[]) => {
      if (/chats|chat_messages|voice_messages|email_items/.test(sql)) seen.push(sql);
      return original(sql, params);
    }) as typeof s.ctx.db.query;
    try {
      res = await post(action, body);
    } finally {
      s.ctx.db.query = original;
    }
    expect(res!.status).toBe(400);
    expect(res!.body.code).toBe(400);
    expect(res!.body.msg).toMatch(msg);
    expect(seen).toEqual([]);
  });
});
