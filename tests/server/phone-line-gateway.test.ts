import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Gateway, type SwitchLink } from '../../server/telephony/gateway/gateway.ts';
import type { JobResult } from '../../server/telephony/esl/types.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/**
 * Which trunk a dial-out leaves by: the seat's line's gateway when the line names one, else
 * ESL_GATEWAY. The gateway runs on the test server's database with a stand-in switch link that
 * records the commands it is given (the simulator accepts any gateway name, so it cannot tell).
 */
let server: TestServer;
const SEAT = '8104';
const EXT = '1104';

class RecordingLink extends EventEmitter implements SwitchLink {
  readonly state = 'ready' as const;
  readonly sent: string[] = [];
  async api(): Promise<string> {
    return '';
  }
  async bgapi(command: string): Promise<JobResult> {
    this.sent.push(command);
    return { jobUuid: 'job', ok: true, body: '+OK' };
  }
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const silent = { info() {}, warn() {}, error() {} };

/** Puts SEAT on a fresh line with `gateway` (or on no line), dials `dest`, and returns what reached the switch. */
async function dialOut(gateway: string | null | 'no line', dest = '13800138000') {
  const db = server.ctx.db;
  let lineId: number | null = null;
  if (gateway !== 'no line') {
    const [line] = await db.query<{ id: number }>(
      "INSERT INTO lines (line_name, pre, caller_id, gateway) VALUES ('test line', '', NULL, $1) RETURNING id", [gateway]);
    lineId = line!.id;
  }
  await db.query('UPDATE users SET lineid = $2 WHERE user_seat_no = $1', [SEAT, lineId]);
  const gw = new Gateway(db, { afterCallSeconds: 0, recordingsDir: server.ctx.config.telephony.recordingsDir, gateway: 'esl-default', log: silent });
  const link = new RecordingLink();
  gw.start(link);
  const result = await gw.command(SEAT, { fjh: EXT, callerIds: [EXT] }, {
    cmd: 'originate', userSeatNo: SEAT, cid: EXT, dest, ext: EXT, earlyMedia: false, timeout: 30,
  });
  await gw.stop();
  return { result, sent: link.sent };
}

test("a line's own gateway carries its seats' dial-outs", async () => {
  const { result, sent } = await dialOut('carrier-b.2_x');
  expect(result.ok).toBe(true);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain('&bridge({origination_caller_id_number=1104}sofia/gateway/carrier-b.2_x/13800138000)');
});

test('a line without a gateway (empty or unset), or no line at all, uses ESL_GATEWAY', async () => {
  for (const gateway of ['', null, 'no line'] as const) {
    const { result, sent } = await dialOut(gateway);
    expect(result.ok).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('sofia/gateway/esl-default/13800138000)');
  }
});

test('an internal number is dialled as an extension whatever the line says', async () => {
  const { sent } = await dialOut('carrier-b', '1101');
  expect(sent[0]).toContain('&bridge({origination_caller_id_number=1104}user/1101)');
  expect(sent[0]).not.toContain('sofia/gateway');
});

test('a gateway name planted in the table past the schema (Event Socket or dial-string syntax) refuses the call and sends nothing', async () => {
  for (const planted of ['gw/evil', 'gw evil', 'gw\napi shutdown', 'gw,x=y', 'a'.repeat(65)]) {
    const { result, sent } = await dialOut(planted);
    expect(result).toMatchObject({ ok: false, refusal: { code: 'INTERNAL' } });
    expect(sent).toEqual([]);
  }
});

test('the lines schema refuses such a name through the API', async () => {
  const token = await server.login('admin', 'admin123');
  const res = await server.app.inject({
    method: 'POST', url: '/api/lineManagement/doEdit', headers: { authorization: `Bearer ${token}` },
    payload: { lineName: 'bad gateway', gateway: 'gw/evil' },
  });
  expect(res.statusCode).toBe(400);
  expect(JSON.stringify(res.json().data)).toContain('gateway');
});
