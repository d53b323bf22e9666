import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConditions } from '../../schemas/report-defaults.ts';
import type { ReportSchema } from '../../schemas/report-types.ts';
import { COMPARISON } from '../../schemas/reports/shared/derived.ts';
import { REPORTS_DIR } from '../../server/reports/load.ts';
import { buildReport } from '../../server/reports/model.ts';
import { TEST_NOW } from '../support/test-clock.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/**
 * A report's condition defaults (x-default) are what the screen sends first: the server answers
 * them, and refuses at start a schema whose defaults its own validation would refuse.
 */
const bound = { type: 'string', maxLength: 19, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})?$' } as const;
const monthly = (id: string, seat?: string) => ({
  id,
  endpoint: { module: 'DefaultsReport', action: `get${id}` },
  access: ['admin', 'supervisor'],
  from: 'call_records c',
  conditions: {
    type: 'object',
    properties: {
      startTime: { ...bound, 'x-filter': { sql: 'c.call_time', op: 'range', bound: 'from' }, 'x-default': { period: 'lastFullMonth' } },
      endTime: { ...bound, 'x-filter': { sql: 'c.call_time', op: 'range', bound: 'to' }, 'x-default': { period: 'lastFullMonth' } },
      userSeatNo: { type: 'string', pattern: '^[0-9]{1,16}$', maxLength: 16, 'x-filter': { sql: 'c.user_seat_no', op: 'eq' }, ...(seat === undefined ? {} : { 'x-default': seat }) },
    },
    required: ['startTime', 'endTime'],
    additionalProperties: false,
  },
  columns: [{ key: 'callId', sql: 'c.call_id', format: 'text' }],
  defaultSort: { field: 'callId', order: 'asc' },
  paged: true,
  words: { zh: { title: '月报' }, en: { title: 'Monthly' } },
}) satisfies ReportSchema;

const folders: string[] = [];
const folderWith = (schema: ReportSchema) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-defaults-'));
  fs.writeFileSync(path.join(dir, 'monthly.ts'), `export default ${JSON.stringify(schema)};\n`);
  folders.push(dir);
  return dir;
};

let s: TestServer;
const good = monthly('MonthlyDefaults', '8101');
beforeAll(async () => {
  s = await startTestServer({ reportDirs: [REPORTS_DIR, folderWith(good)] });
});
afterAll(async () => {
  await s.close();
  folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

describe('condition defaults', () => {
  it("are answered as the screen sends them: a required month range and a seat; the comparison's two ranges", async () => {
    const token = await s.login('supervisor', 'super123');
    const defaults = defaultConditions(good.conditions, TEST_NOW);
    expect(Object.keys(defaults)).toEqual(['startTime', 'endTime', 'userSeatNo']);
    expect((await s.call('POST', '/api/DefaultsReport/getMonthlyDefaults', { token, body: defaults })).status).toBe(200);
    // Without them the required range is refused: the defaults are what keep the first request from a 400.
    expect((await s.call('POST', '/api/DefaultsReport/getMonthlyDefaults', { token, body: {} })).status).toBe(400);
    const comparison = defaultConditions(COMPARISON.conditions, TEST_NOW);
    expect(Object.keys(comparison).sort()).toEqual(['compareEndTime', 'compareStartTime', 'endTime', 'startTime']);
    expect((await s.call('POST', '/api/CallInfo/getComparisonByConditions', { token, body: comparison })).status).toBe(200);
  });

  it('that its validation would refuse stop the server at start, naming the report and the default', async () => {
    await expect(startTestServer({ reportDirs: [REPORTS_DIR, folderWith(monthly('MonthlyBadSeat', 'eighty-one'))] }))
      .rejects.toThrow(/report MonthlyBadSeat: its default conditions .*"userSeatNo":"eighty-one".* are refused: .*userSeatNo/);
  });

  it('name a known period, and only on a date range', () => {
    const schema = monthly('MonthlyPeriods', undefined);
    const withStart = (start: object) => ({ ...schema, conditions: { ...schema.conditions, properties: { ...schema.conditions.properties, startTime: { ...schema.conditions.properties.startTime, ...start } } } });
    expect(() => buildReport(withStart({ 'x-default': { period: 'nextYear' } }) as unknown as ReportSchema)).toThrow(/condition "startTime": unknown default period "nextYear" \(one of today, .*lastFullMonth\)/);
    const seatPeriod = { ...schema, conditions: { ...schema.conditions, properties: { ...schema.conditions.properties, userSeatNo: { ...schema.conditions.properties.userSeatNo, 'x-default': { period: 'today' } } } } };
    expect(() => buildReport(seatPeriod as unknown as ReportSchema)).toThrow(/condition "userSeatNo": a default period is for a date range's bounds/);
  });
});
