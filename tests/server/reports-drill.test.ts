import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrillValue } from '../../schemas/report-types.ts';
import type { ReportCatalogue, ReportView } from '../../schemas/report-view.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { FEB, generateMonth } from './generated-month.ts';
import type { TestServer } from './helpers.ts';

/**
 * Every drill-down the catalogue declares, followed on generated data: the list a figure opens
 * holds exactly the rows the figure counts (docs/kpi.md, drill-downs). For each report with a
 * drill, over February 2021 (a month of generated calls, status logs and chats, before and after
 * which the generator also wrote), every row's drilled figure is compared with the opened list's
 * total (a count) or its totals row (a time figure, e.g. meeting seconds). The drill's values
 * are passed as the console passes them: an empty value ('' or none) is no condition.
 */
const PERIOD = FEB;

let s: TestServer;
let t: Record<'supervisor', string>;
let catalogue: ReportView[];

beforeAll(async () => {
  ({ s, t } = await startWithLogins(['supervisor'], { fixture: generateMonth }));
  const res = await s.call('GET', '/api/reports/catalogue', { token: t.supervisor });
  catalogue = (res.body.data as ReportCatalogue).reports;
}, 600_000);
afterAll(() => s?.close());

type Answer = { list: Record<string, unknown>[]; total: number; totals?: Record<string, unknown> };
const run = async (report: ReportView, body: Record<string, unknown>): Promise<Answer> => {
  const res = await s.call('POST', `/api/${report.endpoint.module}/${report.endpoint.action}`, { token: t.supervisor, body });
  expect(res.status, `${report.id} ${JSON.stringify(body)}: ${res.body.msg}`).toBe(200);
  return res.body.data as Answer;
};

function drillValue(from: DrillValue, row: Record<string, unknown>, conditions: Record<string, unknown>): unknown {
  if (typeof from === 'object') return from.const;
  const [source, key] = [from.slice(0, from.indexOf('.')), from.slice(from.indexOf('.') + 1)];
  return source === 'row' ? row[key] : conditions[key];
}

describe('drill-downs open exactly their figure\'s rows', () => {
  it('the catalogue declares drill-downs from the call, classification, customer, status, quality and chat reports', () => {
    const drilling = catalogue.filter((r) => r.drill && Object.keys(r.drill).length).map((r) => r.id);
    expect(drilling).toEqual(expect.arrayContaining([
      'agentCallSynthesis', 'agentCallSynthesisByConditions', 'callSynthesis', 'classficationTotal', 'customerCallByConditions', 'seatStatus',
      'wyCallInfosQualityCount', 'webChatReport', 'weixinReport',
    ]));
  });

  it('every drilled list\'s total equals the figure, row by row', async () => {
    const byId = new Map(catalogue.map((r) => [r.id, r]));
    let followed = 0;
    const mismatches: string[] = [];
    for (const report of catalogue.filter((r) => r.drill && Object.keys(r.drill).length)) {
      const conditions: Record<string, unknown> = { ...PERIOD, ...(report.paged ? { pageSize: 1000 } : {}) };
      const { list } = await run(report, conditions);
      expect(list.length, `${report.id} has rows to drill from`).toBeGreaterThan(0);
      for (const [column, drill] of Object.entries(report.drill!)) {
        const target = byId.get(drill.report)!;
        const format = report.columns.find((c) => c.key === column)!.format;
        for (const row of list.slice(0, 8)) {
          const figure = Number(row[column] ?? 0);
          const body: Record<string, unknown> = target.paged ? { pageSize: 1 } : {};
          for (const [key, from] of Object.entries(drill.conditions)) {
            const value = drillValue(from, row, conditions);
            if (value !== undefined && value !== null && value !== '') body[key] = value;
          }
          const opened = await run(target, body);
          // A time figure is the opened list's time: its totals row (the one totalled column).
          const drilled = format === 'duration' ? Number(Object.values(opened.totals ?? {})[0] ?? 0) : opened.total;
          followed += 1;
          if (drilled !== figure) mismatches.push(`${report.id}.${column} ${JSON.stringify(row)} = ${figure}, ${target.id} ${JSON.stringify(body)} = ${drilled}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(followed).toBeGreaterThan(40);
  });

  it('the unclassified row opens the unclassified calls', async () => {
    const total = await run(byIdOf('classficationTotal'), PERIOD);
    const unclassified = total.list.find((r) => r.classification === '')!;
    expect(Number(unclassified.calls)).toBeGreaterThan(0);
    const detail = await run(byIdOf('classficationDetail'), { ...PERIOD, classified: false, pageSize: 5 });
    expect(detail.total).toBe(unclassified.calls);
    expect(detail.list.every((r) => r.classification === '')).toBe(true);
  });
});

const byIdOf = (id: string) => catalogue.find((r) => r.id === id)!;
