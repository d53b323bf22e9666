import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ColumnFormat } from '../../schemas/report-types.ts';

/** One exported column: its key in the rows, its translated title and how its values are written. */
export interface ExportColumn { key: string; title: string; format: ColumnFormat }

/** Where exported rows go, batch by batch; `end` resolves once the file is complete in the stream. */
export interface RowSink {
  write(rows: readonly Record<string, unknown>[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * Waits while the reader is behind, so the server never holds more than a batch or two of file.
 * A stream destroyed meanwhile (the client went away) ends the wait too: 'drain' would never come.
 */
async function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** A wire time 'YYYY-MM-DD[ HH:mm:ss]' as the Date exceljs writes as that wall-clock time (it writes UTC). */
function excelDate(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(v);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
const isYes = (v: unknown) => v === true || v === 1 || v === '1' || v === 't' || v === 'true';

/** Excel number formats: dates are real dates, durations and counts plain numbers, rates percentages. */
const NUM_FMT: Partial<Record<ColumnFormat, string>> = { datetime: 'yyyy-mm-dd hh:mm:ss', date: 'yyyy-mm-dd', percent: '0.00%' };

/** The .xlsx writer: exceljs's streaming WorkbookWriter, each row committed (and so released) as written. */
export function xlsxSink(out: Writable, sheetName: string, columns: readonly ExportColumn[], words: { yes: string; no: string }): RowSink {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise).
  const sheet = book.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: c.format === 'datetime' ? 20 : Math.max(10, Math.min(40, c.title.length * 2 + 2)),
    ...(NUM_FMT[c.format] ? { style: { numFmt: NUM_FMT[c.format]! } } : {}),
  }));
  sheet.getRow(1).commit();
  const value = (c: ExportColumn, v: unknown): ExcelJS.CellValue => {
    if (v === null || v === undefined) return null;
    switch (c.format) {
      case 'datetime':
      case 'date':
        return excelDate(v);
      case 'number':
      case 'seconds':
      case 'duration':
      case 'percent':
        return num(v);
      case 'yesNo':
        return isYes(v) ? words.yes : words.no;
      default:
        return String(v);
    }
  };
  return {
    async write(rows) {
      for (const r of rows) sheet.addRow(columns.map((c) => value(c, r[c.key]))).commit();
      await drained(out);
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

/** A CSV field: quoted when it must be; text that a spreadsheet would run as a formula is written as text ('=...). */
function csvField(v: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The .csv writer: UTF-8 with a byte-order mark (Excel otherwise reads Chinese as the local
 * code page), CRLF lines, times as 'YYYY-MM-DD HH:mm:ss' (Excel and LibreOffice read them as dates).
 */
export function csvSink(out: Writable, columns: readonly ExportColumn[], words: { yes: string; no: string }): RowSink {
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
      await drained(out);
    },
    async end() {
      out.end();
      if (!out.writableFinished && !out.destroyed) await once(out, 'finish');
    },
  };
}
