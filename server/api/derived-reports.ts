import type { FastifyInstance } from 'fastify';
import type { ReportSchema } from '../../schemas/report-types.ts';
import allCallReportByPage from '../../schemas/reports/all-call-report-by-page.ts';
import allCallReportTotal from '../../schemas/reports/all-call-report-total.ts';
import comprehensive from '../../schemas/reports/comprehensive-by-conditions.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { languageOf } from '../http/language.ts';
import { compile, type Check } from '../http/validate.ts';
import { conditionsOf, type Conditions } from '../lists/conditions.ts';
import { checkConditions } from '../reports/check.ts';
import { buildReport } from '../reports/model.ts';
import { registerReport } from '../reports/routes.ts';
import { runReport } from '../reports/sql.ts';
import { verifyReports } from '../reports/verify.ts';

/**
 * Report endpoints derived from compiled report schemas rather than written as schema files,
 * because their SQL depends on configuration or they run a report more than once:
 * - CallReport/getOldAllCallReportByPage and getOldAllCallReportTotal: the call report over the
 *   records older than REPORT_ARCHIVE_MONTHS (on PostgreSQL the condition on call_time prunes
 *   the scan to the older monthly partitions of call_records);
 * - CallInfo/getComparisonByConditions: the comprehensive report's KPIs over two date ranges,
 *   one row per KPI {kpi, current, previous, change}.
 */
export default async function derivedReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The month count is a validated integer from the configuration, so it can sit in the trusted SQL.
  const archived = `c.call_time < now() - make_interval(months => ${ctx.config.reportArchiveMonths})`;
  const old = (base: ReportSchema, id: string, action: string, description: string) =>
    buildReport({ ...base, id, endpoint: { module: 'CallReport', action }, description, where: archived });
  const archive = [
    old(allCallReportByPage, 'oldAllCallReportByPage', 'getOldAllCallReportByPage',
      'One page of the call report over archived records (older than the retention window, REPORT_ARCHIVE_MONTHS).'),
    old(allCallReportTotal, 'oldAllCallReportTotal', 'getOldAllCallReportTotal',
      'How many archived calls getOldAllCallReportByPage lists for the same conditions: one row with total.'),
  ];
  // Tried against the database like every schema file's report: a broken one stops the server, not a request.
  await verifyReports(ctx.db, archive);
  for (const model of archive) registerReport(app, ctx, model);
  registerComparison(app, ctx);
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const figure = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function registerComparison(app: FastifyInstance, ctx: AppContext): void {
  const kpis = buildReport(comprehensive);
  const { startTime, endTime } = comprehensive.conditions.properties;
  // The second range's bounds pair with each other (not with endTime) because their expression
  // differs as text; it is never run, only used to check the conditions.
  const shape = buildReport({
    ...comprehensive,
    id: 'comparisonByConditions',
    endpoint: { module: 'CallInfo', action: 'getComparisonByConditions' },
    conditions: {
      ...comprehensive.conditions,
      properties: {
        ...comprehensive.conditions.properties,
        compareStartTime: { ...startTime, 'x-filter': { sql: '(c.call_time)', op: 'range', bound: 'from' } },
        compareEndTime: { ...endTime, 'x-filter': { sql: '(c.call_time)', op: 'range', bound: 'to' } },
      },
      required: ['startTime', 'endTime', 'compareStartTime', 'compareEndTime'],
    },
  });
  const check: Check<Conditions> = compile(shape.validation);
  app.post(shape.url, { config: { access: shape.schema.access } }, async (req) => {
    const lang = languageOf(req);
    const c = conditionsOf(shape.validation, req);
    check(c, lang);
    checkConditions(shape, c, lang);
    const { compareStartTime, compareEndTime, ...current } = c;
    // Own-seat filtering (agents: their seat's figures) comes with the report, for both ranges.
    const now = (await runReport(ctx.db, kpis, current, req.user)).list[0] ?? {};
    const before = (await runReport(ctx.db, kpis, { ...current, startTime: compareStartTime, endTime: compareEndTime }, req.user)).list[0] ?? {};
    const list = kpis.schema.columns.map(({ key }) => {
      const [a, b] = [figure(now[key]), figure(before[key])];
      return { kpi: key, current: a, previous: b, change: a === null || b === null ? null : round4(a - b) };
    });
    return ok({ list, total: list.length });
  });
}
