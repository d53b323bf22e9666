import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { EslServer } from '../../server/telephony/esl/server.ts';
import { runCommand } from '../../server/telephony/sim/commands.ts';
import { CallModel } from '../../server/telephony/sim/model.ts';
import { agentStatusCommand } from '../../server/telephony/gateway/callcenter.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { testClock } from '../support/test-clock.ts';
import { until } from './phone-support.ts';

/**
 * mod_callcenter's agent status follows the console's (TELEPHONY.md "Agent status and
 * mod_callcenter") when CC_QUEUE is set. The server's link goes to a switch simulator the test
 * holds itself: the simulator's own command table answers (callcenter_config +OK), and the test
 * keeps every command line the switch received, in arrival order.
 */
interface Switch {
  esl: EslServer;
  lines: string[];
  close(): Promise<void>;
}

async function startSwitch(port = 0): Promise<Switch> {
  let esl: EslServer | undefined;
  // The switch runs on the file's clock, as the server's own simulator does.
  const model = new CallModel({ emit: (headers) => esl?.broadcast(headers), clock: testClock });
  esl = new EslServer({ port, password: 'ClueCon', api: (line) => runCommand({ model, now: () => testClock.now(), recordingsDir: '/nonexistent' }, line) });
  const lines: string[] = [];
  esl.on('command', (c: { line: string }) => lines.push(c.line));
  await esl.listen();
  const server = esl;
  return { esl, lines, close: async () => { model.stop(); await server.close(); } };
}

/** The agent-status commands the switch received for `seat` since `from`, as their status words. */
const statusesSent = (sw: Switch, seat: string, from = 0) =>
  sw.lines.slice(from).filter((l) => l.startsWith(`bgapi callcenter_config agent set status ${seat} `)).map((l) => /'(.*)'$/.exec(l)![1]);

async function startServer(sw: Switch, ccQueue: string | undefined): Promise<TestServer> {
  // No call is made here, so no recording is written to this folder.
  const telephony = { ...loadConfig({}).telephony, recordingsDir: path.join(os.tmpdir(), 'cc-callcenter-none'), eslHost: '127.0.0.1', eslPort: sw.esl.port, ccQueue };
  const server = await startTestServer({ telephony });
  await until(() => server.app.telephony.link() === 'ready', 10_000, 'switch link');
  return server;
}

const SEAT = '8101';

describe('with CC_QUEUE', () => {
  let sw: Switch;
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    sw = await startSwitch();
    s = await startServer(sw, 'support@default');
    token = await s.login('agent1', 'agent123');
  });
  afterAll(async () => {
    await s?.close();
    await sw?.close();
  });

  const choose = async (status: number) => {
    const res = await s.call('POST', '/api/UserSeatLog/changeSeatStatus', { token, body: { userSeatNo: SEAT, status } });
    expect(res.status, res.body.msg).toBe(200);
  };

  test('break sends On Break, ready Available, a second not-ready status nothing, logout Logged Out', async () => {
    await choose(0);
    await until(() => statusesSent(sw, SEAT).at(-1) === 'Available', 5000, 'Available');
    const mark = sw.lines.length;
    await choose(3);
    await until(() => statusesSent(sw, SEAT, mark).length === 1, 5000, 'On Break');
    // Meeting maps to On Break as well: the switch is not told again.
    await choose(13);
    await choose(0);
    await until(() => statusesSent(sw, SEAT, mark).length === 2, 5000, 'Available');
    expect(statusesSent(sw, SEAT, mark)).toEqual(['On Break', 'Available']);

    // Logging out closes the open status; the agent logs in again afterwards.
    const res = await s.call('POST', '/api/User/setLogout', { token, body: {} });
    expect(res.status, res.body.msg).toBe(200);
    await until(() => statusesSent(sw, SEAT, mark).length === 3, 5000, 'Logged Out');
    expect(statusesSent(sw, SEAT, mark)).toEqual(['On Break', 'Available', 'Logged Out']);
    token = await s.login('agent1', 'agent123');
  });

  test('nothing is sent while the link is down; once back, every seat is sent its status once', async () => {
    await choose(3);
    await until(() => statusesSent(sw, SEAT).at(-1) === 'On Break', 5000, 'On Break');
    sw.esl.rudeRejection = true;
    for (const c of sw.esl.connections) c.end();
    await until(() => s.app.telephony.link() !== 'ready', 5000, 'link down');
    const mark = sw.lines.length;
    // Changed while the link is down: not queued, and not re-sent beside the resync below.
    await choose(0);

    sw.esl.rudeRejection = false;
    await until(() => s.app.telephony.link() === 'ready', 40_000, 'link back');
    const seats = await s.ctx.db.query<{ seat: string }>('SELECT DISTINCT user_seat_no AS seat FROM users WHERE user_seat_no IS NOT NULL');
    expect(seats.length).toBeGreaterThan(1);
    await until(() => seats.every((r) => statusesSent(sw, r.seat, mark).length > 0), 5000, 'every seat');
    // A later change is one more command: its arrival shows nothing else was still coming.
    await choose(3);
    await until(() => statusesSent(sw, SEAT, mark).length === 2, 5000, 'On Break after the link came back');
    for (const r of seats) expect(statusesSent(sw, r.seat, mark).length, r.seat).toBe(r.seat === SEAT ? 2 : 1);
    expect(statusesSent(sw, SEAT, mark)).toEqual(['Available', 'On Break']);
  }, 60_000);
});

test('without CC_QUEUE nothing is sent', async () => {
  const sw = await startSwitch();
  const s = await startServer(sw, undefined);
  try {
    const token = await s.login('agent1', 'agent123');
    for (const status of [3, 0]) {
      const res = await s.call('POST', '/api/UserSeatLog/changeSeatStatus', { token, body: { userSeatNo: SEAT, status } });
      expect(res.status, res.body.msg).toBe(200);
    }
    expect((await s.call('POST', '/api/User/setLogout', { token, body: {} })).status).toBe(200);
    // Time for a change to travel (the test above sees one arrive in well under this).
    await new Promise((r) => setTimeout(r, 1000));
    expect(sw.lines.some((l) => l.includes('callcenter_config'))).toBe(false);
    // The link did carry the gateway's own commands: the switch was listening.
    expect(sw.lines.some((l) => l.startsWith('api show channels'))).toBe(true);
  } finally {
    await s.close();
    await sw.close();
  }
});

test('the agent name is a seat number and nothing else', () => {
  expect(agentStatusCommand('8101', 'On Break')).toBe("callcenter_config agent set status 8101 'On Break'");
  for (const bad of ['', '81 01', "8101' x", '8101\nbgapi status', 'a'.repeat(3), '1'.repeat(17)]) {
    expect(() => agentStatusCommand(bad, 'Available')).toThrow();
  }
});
