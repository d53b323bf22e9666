import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { typecheckReportDirs } from '../../scripts/typecheck.ts';
import { freePort } from '../support/pg-cluster.ts';
import { spawnServer, waitHealthy } from '../support/server-process.ts';
import { clockEnv, TEST_NOW } from '../support/test-clock.ts';
import { engine, openTestDb } from './helpers.ts';

/**
 * A deployment's report kept in a folder of its own, outside the project, as the README says to
 * write one: it imports the shared helpers by the project's name (`callcentre-console/reports`),
 * not by a relative path into the project, and its folder has no package.json.
 */
const HOURLY = `import { CALL_KPI, conditionObject, dateRange, kpiColumn, SUPERVISORS, type ReportSchema } from 'callcentre-console/reports';

export default {
  id: 'deploymentInboundByHour',
  endpoint: { module: 'DeploymentReport', action: 'getInboundByHour' },
  access: SUPERVISORS,
  from: 'call_records c',
  where: "c.direction = 'in'",
  conditions: conditionObject(dateRange('c.call_time')),
  groupBy: ['extract(hour FROM c.call_time)::int'],
  columns: [
    { key: 'hour', sql: 'extract(hour FROM c.call_time)::int', format: 'number' },
    { ...kpiColumn('offered', CALL_KPI.offered), total: 'kpi' },
  ],
  defaultSort: { field: 'hour', order: 'asc' },
  paged: false,
  totals: true,
  words: { zh: { title: '分时呼入', columns: { hour: '小时' } }, en: { title: 'Inbound by hour', columns: { hour: 'Hour' } } },
} as const satisfies ReportSchema;
`;

const folders: string[] = [];
const folderWith = (files: Record<string, string>): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-report-dir-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('a report in a folder of its own (REPORT_DIRS)', () => {
  it(`imports the shared helpers as callcentre-console/reports, loads and serves (server process on ${engine})`, async () => {
    const reports = folderWith({ 'inbound-by-hour.ts': HOURLY });
    const dataDir = folderWith({});
    const port = await freePort();
    const pgTest = engine === 'postgres' ? await openTestDb('UTC') : undefined;
    await pgTest?.db.close();
    const server = spawnServer({ ...clockEnv(), PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: pgTest?.url ?? '', REPORT_DIRS: reports });
    try {
      await Promise.race([waitHealthy(port), server.exited.then((code) => Promise.reject(new Error(`server exited (${code}): ${JSON.stringify(server.output().slice(-1500))}`)))]);
      const post = (url: string, body: unknown, token?: string) => fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
      });
      const login = (await (await post('/api/default/login', { username: 'supervisor', password: 'super123' })).json()) as { data: { token: string } };
      const day = TEST_NOW.toISOString().slice(0, 10);
      const res = await post('/api/DeploymentReport/getInboundByHour', { startTime: day, endTime: day }, login.data.token);
      const body = (await res.json()) as { data: { list: { hour: number; offered: number }[]; total: number; totals: { offered: number } } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.data.totals.offered).toBe(body.data.list.reduce((n, r) => n + r.offered, 0));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await pgTest?.drop();
    }
  }, 240_000);

  it('is type checked by npm run typecheck: a well-typed folder passes, a type error fails naming the file', () => {
    expect(typecheckReportDirs([folderWith({ 'inbound-by-hour.ts': HOURLY })])).toMatchObject({ status: 0 });
    const wrong = folderWith({ 'inbound-by-hour.ts': HOURLY.replace("format: 'number' }", "format: 'hours' }") });
    const result = typecheckReportDirs([wrong]);
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/inbound-by-hour\.ts\(\d+,\d+\): error TS/);
  }, 180_000);
});
