import type { FastifyInstance } from 'fastify';
import { ARCHIVED_CALLS } from '../../schemas/reports/shared/derived.ts';
import type { ReportSchema } from '../../schemas/report-types.ts';
import { reportView, type ReportCatalogue } from '../../schemas/report-view.ts';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { checkReportWords } from './export-titles.ts';

/** The reports this process serves: the schemas it loaded, plus the archived call report (derived in code). */
export const servedReports = (ctx: Pick<AppContext, 'reports'>): ReportSchema[] => [...ctx.reports.map((model) => model.schema), ARCHIVED_CALLS];

/**
 * GET api/reports/catalogue: every report's screen description without its SQL
 * (schemas/report-view.ts), so the console builds the page of any report the server loads,
 * REPORT_DIRS included, with no browser build. Every signed-in user gets the whole catalogue:
 * it names columns and conditions, not data, and the console needs every report's path to tell
 * a forbidden screen from an unknown one; each report's rows still answer only to its access
 * rule. Plus the archived call report, derived in code but shown like any report. Built once;
 * a report lacking a word in either language stops the server here.
 */
export function registerReportCatalogue(app: FastifyInstance, ctx: AppContext): void {
  const reports = servedReports(ctx).map(reportView).sort((a, b) => a.id.localeCompare(b.id));
  checkReportWords(reports);
  const body = ok<ReportCatalogue>({ reports });
  app.get('/api/reports/catalogue', { config: { access: anyUser } }, async () => body);
}
