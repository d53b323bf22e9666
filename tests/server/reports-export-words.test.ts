import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

/**
 * Exports word coded values as the screen does (issue 20 item 7): seat statuses and pause
 * reasons in the seat status synthesis, directions and hang-up causes in a call list, in the
 * reader's language; never the codes (3, short, in, NORMAL_CLEARING).
 */
let s: TestServer;
let t: Record<'supervisor', string>;
const DAY = '2020-03-02';

beforeAll(async () => {
  ({ s, t } = await startWithLogins(['supervisor'], {
    fixture: async (db) => {
      const log = (status: number, reason: string, from: string, to: string) => db.query(
        `INSERT INTO seat_status_logs (user_seat_no, status, reason, s_start_time, s_end_time) VALUES ('9301', $1, $2, $3::timestamp, $4::timestamp)`,
        [status, reason, `${DAY} ${from}`, `${DAY} ${to}`]);
      await log(0, '', '09:00:00', '10:00:00');
      await log(3, 'toilet', '10:00:00', '10:05:00');
      await log(3, 'short', '10:05:00', '10:20:00');
      await db.query(
        `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds, hangup_cause)
         VALUES ('words-1', 'in', '9301', '13900009999', 1, $1::timestamp, $1::timestamp + interval '5 s', $1::timestamp + interval '65 s', 1, 5, 60, 'NORMAL_CLEARING')`, [`${DAY} 11:00:00`]);
    },
  }));
}, 120_000);
afterAll(() => s?.close());

async function csv(path: string, body: unknown, lang: string): Promise<string[][]> {
  const res = await s.app.inject({
    method: 'POST', url: `/api/export/${path}?format=csv`, payload: JSON.stringify(body),
    headers: { authorization: `Bearer ${t.supervisor}`, 'accept-language': lang, 'content-type': 'application/json' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean).map((l) => l.split(','));
}

describe('exported codes read as words', () => {
  it('the seat status synthesis names statuses and pause reasons, in Chinese and in English', async () => {
    for (const [lang, words] of [['zh-CN', ['就绪', '小休', '如厕']], ['en', ['Ready', 'Break', 'Toilet break']]] as const) {
      const lines = await csv('CallReport/getSeatStatusSynthesis', { startTime: DAY, endTime: DAY, userSeatNo: '9301' }, lang);
      const cells = lines.slice(1).flat();
      for (const w of words) expect(cells, `${lang} ${w}`).toContain(w);
      expect(cells).not.toContain('toilet');
      expect(cells).not.toContain('short');
      const statusColumn = lines.slice(1, -1).map((l) => l[0]);
      expect(statusColumn.every((v) => !/^\d+$/.test(v!)), statusColumn.join('|')).toBe(true);
    }
  });

  it('a call list names the direction and the hang-up cause', async () => {
    const zh = (await csv('CallInfo/getCallInfosByCondition', { startTime: DAY, endTime: DAY }, 'zh-CN')).flat();
    const en = (await csv('CallInfo/getCallInfosByCondition', { startTime: DAY, endTime: DAY }, 'en')).flat();
    expect(zh).not.toContain('NORMAL_CLEARING');
    expect(en).not.toContain('NORMAL_CLEARING');
    expect(zh).toEqual(expect.arrayContaining(['正常挂机', '呼入']));
    expect(en).toContain('Inbound');
  });
});
