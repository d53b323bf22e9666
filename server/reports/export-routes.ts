import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/envelope.ts';
import { languageOf, message, type Language } from '../http/language.ts';
import { compile, invalid, type Check } from '../http/validate.ts';
import { conditionsOf, type Conditions } from '../lists/conditions.ts';
import { checkConditions } from './check.ts';
import { exportCount, readExportRows } from './export-rows.ts';
import { columnTitle, reportTitle, totalsRow, wordedRows, yesNoWords } from './export-titles.ts';
import { exportBudget, type ExportBudget } from './export-budget.ts';
import { csvSink, READER_STALLED, xlsxSink, type ExportColumn, type RowSink, type SinkOptions } from './export-writers.ts';
import type { ReportModel } from './model.ts';
import { inLanguage, reportTotals } from './sql.ts';

export type ExportFormat = 'xlsx' | 'csv';

export const CONTENT_TYPE: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** `attachment` with an ASCII fallback name and the real one as RFC 5987 `filename*` (Chinese titles survive). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Today in the server's time zone, 'YYYY-MM-DD' (the file name's date). */
export const today = (timeZone: string, now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** ?format=xlsx|csv (xlsx when absent), and the query without it: the rest are the report's conditions. */
export function formatOf(req: FastifyRequest, lang: Language): { format: ExportFormat; query: Record<string, unknown> } {
  const { format = 'xlsx', ...query } = (req.query ?? {}) as Record<string, unknown>;
  if (format !== 'xlsx' && format !== 'csv') throw invalid(lang, { format: message(lang, 'exportFormat') });
  return { format, query };
}

/**
 * POST api/export/<module>/<action>?format=xlsx|csv of one report with `export: true`: the same
 * access rule, condition validation and own-seat filter as the report, every filtered row (not a
 * page) streamed as a file. Bad conditions and an export over EXPORT_MAX_ROWS are answered 400
 * before the file starts; after that a failure can only cut the download short. An export takes
 * a slot of the server's export budget (429 when spent) from before its first statement until the download ends,
 * and a reader that stops reading ends it after EXPORT_WRITE_TIMEOUT_SECONDS.
 */
export function registerReportExport(app: FastifyInstance, ctx: AppContext, model: ReportModel): void {
  const budget = exportBudgetOf(ctx);
  const check: Check<Conditions> = compile(model.validation);
  const s = model.schema;
  app.post(`/api/export/${s.endpoint.module}/${s.endpoint.action}`, { config: { access: s.access } }, async (req, reply) => {
    const lang = languageOf(req);
    const { format, query } = formatOf(req, lang);
    const c = conditionsOf(model.validation, { query, body: req.body, headers: req.headers });
    check(c, lang);
    checkConditions(model, c, lang);
    const max = ctx.config.exportMaxRows;
    const release = budget.take(req.user!.userId, lang);
    let rows: number;
    try {
      rows = await exportCount(ctx.db, model, c, req.user);
      if (rows > max) throw badRequest(message(lang, 'exportTooManyRows', { rows, max }));
    } catch (err) {
      release();
      throw err;
    }

    const title = reportTitle(lang, s);
    const columns: ExportColumn[] = s.columns.map((col) => ({ key: col.key, title: columnTitle(lang, s, col), format: col.format }));
    const words = yesNoWords(lang);
    const worded = wordedRows(lang, s);
    const out = new PassThrough();
    const sink: RowSink = exportSink(format, out, title, columns, words, { stallMs: ctx.config.exports.writeTimeoutMs });
    let gone = false;
    // 'close' comes once the response is done, sent in full or cut: the slot is free again.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone = true;
      release();
    });
    const stopped = () => gone || out.destroyed;
    // The file is written while it is sent; the handler returns the stream at once.
    void (async () => {
      await readExportRows(ctx.db, model, c, req.user, max, (batch) => sink.write(worded(inLanguage(model, batch, lang))), stopped);
      // The totals row the screen shows under the rows, last in the file (a report with totals only).
      const totals = stopped() ? undefined : await reportTotals(ctx.db, model, c, req.user);
      if (totals) await sink.write([totalsRow(lang, s.columns, totals)]);
      await sink.end();
    })().catch((err: unknown) => {
      if (out.errored?.message === READER_STALLED) req.log.warn(READER_STALLED);
      else if (!gone) req.log.error({ err }, 'report export failed after the file started');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply
      .header('content-type', CONTENT_TYPE[format])
      .header('content-disposition', contentDisposition(`${title}-${today(ctx.config.timeZone, ctx.clock.date())}.${format}`))
      .header('x-export-rows', String(rows))
      .send(out);
  });
}

/** The file's writer for the format asked. */
export const exportSink = (format: ExportFormat, out: PassThrough, title: string, columns: ExportColumn[], words: { yes: string; no: string }, opts: SinkOptions): RowSink =>
  format === 'xlsx' ? xlsxSink(out, title, columns, words, opts) : csvSink(out, columns, words, opts);

/** One export budget (export-budget.ts) for every export route of a server. */
const budgets = new WeakMap<AppContext, ExportBudget>();
const exportBudgetOf = (ctx: AppContext): ExportBudget => budgets.get(ctx) ?? budgets.set(ctx, exportBudget(ctx.config.exports)).get(ctx)!;

/** How many exports hold a slot of this server's budget now (tests wait for a download's end by it). */
export const exportsRunning = (ctx: AppContext): number => exportBudgetOf(ctx).running();

/** Registers the export of every report whose schema offers it. */
export function registerReportExports(app: FastifyInstance, ctx: AppContext): void {
  for (const model of ctx.reports) if (model.schema.export) registerReportExport(app, ctx, model);
}
