import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import type { ColumnFormat } from '../../schemas/report-types.ts';

/** One exported column: its key in the rows, its translated title and how its values are written. */
export interface ExportColumn { key: string; title: string; format: ColumnFormat }

/** Where exported rows go, batch by batch; `end` resolves once the file is complete in the stream. */
export interface RowSink {
  write(rows: readonly Record<string, unknown>[]): Promise<void>;
  end(): Promise<void>;
}

/** The error a download ends with when its reader stopped reading for longer than the sink's `stallMs`. */
export const READER_STALLED = 'export ended: the client stopped reading';

/**
 * Waits while the reader is behind, so the server never holds more than a batch or two of file.
 * A stream destroyed meanwhile (the client went away) ends the wait too: 'drain' would never come.
 * A reader that takes nothing for `stallMs` ends the download: the stream is destroyed with
 * READER_STALLED (the response is then cut, and what the export held is let go).
 */
async function drained(out: Writable, stallMs: number): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    const timer = setTimeout(() => {
      out.destroy(new Error(READER_STALLED));
      done();
    }, stallMs);
    out.on('drain', done);
    out.on('close', done);
  });
}

/** How a sink writes: how long it waits for a reader that stopped (no limit when absent). */
export interface SinkOptions { stallMs?: number }

const NO_LIMIT = 2 ** 31 - 1;

/**
 * A wire time 'YYYY-MM-DD[ HH:mm:ss]' as the Date exceljs writes as that wall-clock time (it
 * writes UTC). Read by position, not by a pattern: it runs once per time cell of every row.
 */
function excelDate(v: unknown): Date | null {
  if (typeof v !== 'string' || v.length < 10 || v[4] !== '-' || v[7] !== '-') return null;
  const d = (from: number) => Number(v.slice(from, from + 2));
  const time = v.length >= 19 && v[13] === ':' && v[16] === ':';
  const t = Date.UTC(Number(v.slice(0, 4)), d(5) - 1, d(8), time ? d(11) : 0, time ? d(14) : 0, time ? d(17) : 0);
  return Number.isNaN(t) ? null : new Date(t);
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
const isYes = (v: unknown) => v === true || v === 1 || v === '1' || v === 't' || v === 'true';

/** Excel number formats: dates are real dates, durations and counts plain numbers, rates percentages. */
const NUM_FMT: Partial<Record<ColumnFormat, string>> = { datetime: 'yyyy-mm-dd hh:mm:ss', date: 'yyyy-mm-dd', percent: '0.00%' };

/**
 * Deflate level of the .xlsx zip. Measured on 100,000 call rows: level 1 writes a file ~8% larger
 * than zlib's default (6.6 instead of 6.1 MB) for ~10% less CPU; the file goes over a LAN.
 */
const ZIP_LEVEL = 1;

/** exceljs, loaded by the first .xlsx export (half a second of a start that most processes never need: issue 26 item 5). */
let excelModule: typeof ExcelJS | undefined;
const excel = (): typeof ExcelJS => (excelModule ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJS);

/**
 * The .xlsx writer: exceljs's streaming WorkbookWriter, each row committed (and so released) as
 * written. Every cell of a column gets the column's one style object: exceljs caches a style's
 * id by object, so a shared object is looked up once per column instead of serialised once per
 * cell (a column style copied into each cell was a third of the export's CPU).
 */
export function xlsxSink(out: Writable, sheetName: string, columns: readonly ExportColumn[], words: { yes: string; no: string }, opts: SinkOptions = {}): RowSink {
  const book = new (excel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: ZIP_LEVEL } } });
  // Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise).
  const sheet = book.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: c.format === 'datetime' ? 20 : Math.max(10, Math.min(40, c.title.length * 2 + 2)),
  }));
  sheet.getRow(1).commit();
  const styles: Partial<ExcelJS.Style>[] = columns.map((c) => (NUM_FMT[c.format] ? { numFmt: NUM_FMT[c.format]! } : {}));
  // A value not of its column's kind (the totals row's label '合计' in a day or status column) is written as text.
  const asText = (v: unknown, cell: ExcelJS.CellValue) => (cell === null || (typeof cell === 'number' && Number.isNaN(cell)) ? (typeof v === 'string' && v !== '' ? v : null) : cell);
  const convert = columns.map((c): ((v: unknown) => ExcelJS.CellValue) => {
    switch (c.format) {
      case 'datetime':
      case 'date':
        return (v) => asText(v, excelDate(v));
      case 'number':
      case 'seconds':
      case 'duration':
      case 'percent':
        return (v) => asText(v, num(v));
      case 'yesNo':
        return (v) => (isYes(v) ? words.yes : words.no);
      default:
        return (v) => (typeof v === 'string' ? v : String(v));
    }
  });
  const keys = columns.map((c) => c.key);
  return {
    async write(rows) {
      for (const r of rows) {
        const row = sheet.addRow(keys.map((k, i) => {
          const v = r[k];
          return v === null || v === undefined ? null : convert[i]!(v);
        }));
        for (let i = 0; i < keys.length; i += 1) row.getCell(i + 1).style = styles[i]!;
        row.commit();
      }
      await drained(out, opts.stallMs ?? NO_LIMIT);
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

/** Text a spreadsheet reads as a plain value, never as a formula: a lone '-' (no value) or a signed number (+8613800000000). */
const PLAIN = /^(-|[+-]?[0-9]+(\.[0-9]+)?)$/;

/**
 * A CSV field: quoted when it must be; text that a spreadsheet would run as a formula is written
 * as text ('=...), plain values (PLAIN) as they are.
 */
export function csvField(v: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(v) && !PLAIN.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The .csv writer: UTF-8 with a byte-order mark (Excel otherwise reads Chinese as the local
 * code page), CRLF lines, times as 'YYYY-MM-DD HH:mm:ss' (Excel and LibreOffice read them as dates).
 */
export function csvSink(out: Writable, columns: readonly ExportColumn[], words: { yes: string; no: string }, opts: SinkOptions = {}): RowSink {
  const line = (fields: string[]) => `${fields.join(',')}\r\n`;
  out.write(`\uFEFF${line(columns.map((c) => csvField(c.title, true)))}`);
  const text = (c: ExportColumn, v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (c.format === 'yesNo') return isYes(v) ? words.yes : words.no;
    return csvField(String(v), c.format === 'text');
  };
  return {
    async write(rows) {
      out.write(rows.map((r) => line(columns.map((c) => text(c, r[c.key])))).join(''));
      await drained(out, opts.stallMs ?? NO_LIMIT);
    },
    async end() {
      out.end();
      if (!out.writableFinished && !out.destroyed) await once(out, 'finish');
    },
  };
}
