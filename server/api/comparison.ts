import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import comprehensive from '../../schemas/reports/comprehensive-by-conditions.ts';
import { COMPARISON, COMPARISON_COLUMNS } from '../../schemas/reports/shared/derived.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { languageOf, type Language } from '../http/language.ts';
import { compile, type Check } from '../http/validate.ts';
import { conditionsOf, type Conditions } from '../lists/conditions.ts';
import { checkConditions } from '../reports/check.ts';
import { CONTENT_TYPE, contentDisposition, exportSink, formatOf, today } from '../reports/export-routes.ts';
import { columnTitle, reportTitle, yesNoWords } from '../reports/export-titles.ts';
import type { ExportColumn } from '../reports/export-writers.ts';
import { buildReport } from '../reports/model.ts';
import { runReport } from '../reports/sql.ts';

/**
 * CallInfo/getComparisonByConditions: the comprehensive report's KPIs over two date ranges, one
 * row per KPI {kpi, current, previous, change}; and its export,
 * POST api/export/CallInfo/getComparisonByConditions?format=xlsx|csv, with the KPI's label in the
 * caller's language. The answer is one row per KPI of the dictionary (a dozen), so the export
 * writes it at once through the report export's writers rather than a database cursor.
 */

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const figure = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type Row = { kpi: string; current: number | null; previous: number | null; change: number | null };

export function registerComparison(app: FastifyInstance, ctx: AppContext): void {
  const kpis = buildReport(comprehensive);
  // Compiled for its conditions (validation, date checks); its SQL is never run.
  const shape = buildReport(COMPARISON);
  const check: Check<Conditions> = compile(shape.validation);

  async function rows(req: FastifyRequest, query: unknown, lang: Language): Promise<Row[]> {
    const c = conditionsOf(shape.validation, { query, body: req.body, headers: req.headers });
    check(c, lang);
    checkConditions(shape, c, lang);
    const { compareStartTime, compareEndTime, ...current } = c;
    // Own-seat filtering (agents: their seat's figures) comes with the report, for both ranges.
    const now = (await runReport(ctx.db, kpis, current, req.user)).list[0] ?? {};
    const before = (await runReport(ctx.db, kpis, { ...current, startTime: compareStartTime, endTime: compareEndTime }, req.user)).list[0] ?? {};
    return kpis.schema.columns.map(({ key }) => {
      const [a, b] = [figure(now[key]), figure(before[key])];
      return { kpi: key, current: a, previous: b, change: a === null || b === null ? null : round4(a - b) };
    });
  }

  app.post(shape.url, { config: { access: shape.schema.access } }, async (req) => {
    const list = await rows(req, req.query, languageOf(req));
    return ok({ list, total: list.length });
  });

  app.post(`/api/export/${COMPARISON.endpoint.module}/${COMPARISON.endpoint.action}`, { config: { access: shape.schema.access } }, async (req, reply) => {
    const lang = languageOf(req);
    const { format, query } = formatOf(req, lang);
    const list = await rows(req, query, lang);
    const label = new Map(COMPARISON.columns.map((col) => [col.key as string, columnTitle(lang, COMPARISON, col)]));
    // The KPI as its label, the figures as numbers (a rate as its fraction: rows mix counts, seconds and rates).
    const columns = COMPARISON_COLUMNS.map((key): ExportColumn => {
      const format = key === 'kpi' ? 'text' : 'number';
      return { key, title: columnTitle(lang, COMPARISON, { key, format }), format };
    });
    const title = reportTitle(lang, COMPARISON);
    const out = new PassThrough();
    const sink = exportSink(format, out, title, columns, yesNoWords(lang), { stallMs: ctx.config.exports.writeTimeoutMs });
    // Written while it is sent, as every export is: the stream goes back at once.
    void (async () => {
      await sink.write(list.map((row) => ({ ...row, kpi: label.get(row.kpi) ?? row.kpi })));
      await sink.end();
    })().catch((err: unknown) => {
      req.log.error({ err }, 'comparison export failed after the file started');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply
      .header('content-type', CONTENT_TYPE[format])
      .header('content-disposition', contentDisposition(`${title}-${today(ctx.config.timeZone, ctx.clock.date())}.${format}`))
      .header('x-export-rows', String(list.length))
      .send(out);
  });
}
