import type { FastifyInstance } from 'fastify';
import type { ReportSchema } from '../../schemas/report-types.ts';
import { ARCHIVED_CALLS, ARCHIVED_CALL_TOTAL } from '../../schemas/reports/shared/derived.ts';
import type { AppContext } from '../context.ts';
import { registerReportExport } from '../reports/export-routes.ts';
import { buildReport } from '../reports/model.ts';
import { registerReport } from '../reports/routes.ts';
import { verifyReports } from '../reports/verify.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';
import { registerComparison } from './comparison.ts';

/**
 * Report endpoints derived in code rather than loaded from schema files (their schemas are in
 * schemas/reports/shared/derived.ts, shared with the console's screens), because their SQL
 * depends on configuration or they run a report more than once:
 * - CallReport/getOldAllCallReportByPage and getOldAllCallReportTotal: the call report over the
 *   records older than REPORT_ARCHIVE_MONTHS (on PostgreSQL the condition on call_time prunes
 *   the scan to the older monthly partitions of call_records); the page is exported like any
 *   report (api/export/CallReport/getOldAllCallReportByPage, streamed through a cursor);
 * - CallInfo/getComparisonByConditions: the comprehensive report's KPIs over two date ranges,
 *   one row per KPI {kpi, current, previous, change} (comparison.ts), with its export.
 */
export default async function derivedReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The month count is a validated integer from the configuration, so it can sit in the trusted SQL.
  const archived = `c.call_time < ${CLOCK_NOW_SQL} - make_interval(months => ${ctx.config.reportArchiveMonths})`;
  const old = (schema: ReportSchema) => buildReport({ ...schema, where: archived });
  const archive = [old(ARCHIVED_CALLS), old(ARCHIVED_CALL_TOTAL)];
  // Tried against the database like every schema file's report: a broken one stops the server, not a request.
  await verifyReports(ctx.db, archive);
  for (const model of archive) {
    registerReport(app, ctx, model);
    if (model.schema.export) registerReportExport(app, ctx, model);
  }
  registerComparison(app, ctx);
}
