// @vitest-environment node
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvSink, xlsxSink, type ExportColumn } from '../../server/reports/export-writers';
import { csvRowCounter, percentOf, xlsxRowCounter, type RowCounter } from '../../src/pages/report/export-progress';
import { until } from '../support/until';

/**
 * The Export button's percentage: the rows counted in the bytes of a real export file (the
 * server's own writers) as they arrive in small pieces, against the row count the server sends first.
 */
const COLUMNS: ExportColumn[] = [
  { key: 'callId', title: '通话ID', format: 'text' },
  { key: 'note', title: 'Note', format: 'text' },
  { key: 'callSeconds', title: 'Talk', format: 'duration' },
];
const ROWS = Array.from({ length: 2500 }, (_, i) => ({
  callId: `c${i}`,
  // Quotes, commas and line breaks inside fields: a CSV record is not a line.
  note: i % 7 === 0 ? 'said "hello",\r\nthen left' : i % 11 === 0 ? '=1+1' : `row ${i}`,
  callSeconds: i,
}));

async function file(format: 'csv' | 'xlsx'): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const sink = format === 'csv' ? csvSink(out, COLUMNS, { yes: 'y', no: 'n' }) : xlsxSink(out, 'Calls', COLUMNS, { yes: 'y', no: 'n' });
  for (let i = 0; i < ROWS.length; i += 500) await sink.write(ROWS.slice(i, i + 500));
  await sink.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Feeds the file in pieces of `size` bytes; the rows counted after each piece. */
async function counts(counter: RowCounter, bytes: Buffer, size: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < bytes.length; i += size) {
    counter.push(new Uint8Array(bytes.subarray(i, i + size)));
    // The inflater answers asynchronously: let it catch up before reading the count.
    await new Promise((resolve) => setTimeout(resolve, 0));
    seen.push(counter.rows());
  }
  return seen;
}

describe('export progress', () => {
  it('counts the data rows of a CSV file, records with quoted line breaks counted once', async () => {
    const bytes = await file('csv');
    const seen = await counts(csvRowCounter(), bytes, 997);
    expect(seen.at(-1)).toBe(ROWS.length);
    // It grows as the file comes, never backwards.
    expect(seen.some((n) => n > 0 && n < ROWS.length)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('counts the data rows of an xlsx file as its sheet inflates', async () => {
    const bytes = await file('xlsx');
    const counter = xlsxRowCounter();
    const seen = await counts(counter, bytes, 1500);
    await until(() => counter.rows() === ROWS.length);
    expect(seen.some((n) => n > 0 && n < ROWS.length)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('reads the share of the rows as a whole percentage, 100 only when all have come, none without a count', () => {
    expect(percentOf(0, 2500)).toBe(0);
    expect(percentOf(2499, 2500)).toBe(99);
    expect(percentOf(2500, 2500)).toBe(100);
    expect(percentOf(10, 0)).toBeUndefined();
    expect(percentOf(10, Number.NaN)).toBeUndefined();
    expect(percentOf(10, undefined)).toBeUndefined();
  });
});
