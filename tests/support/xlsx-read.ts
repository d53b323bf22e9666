import zlib from 'node:zlib';

/**
 * A tiny .xlsx reader for tests, so an exported file is read back by something other than the
 * exceljs that wrote it: an .xlsx is a zip (entries stored or deflated, found through the
 * central directory and inflated with node:zlib), and the first sheet is XML
 * (xl/worksheets/sheet1.xml, strings inline or in xl/sharedStrings.xml, number formats in
 * xl/styles.xml). Enough for the files the export writes; not a general spreadsheet parser.
 */

/** The entries of a zip file by name (stored or deflated), from its central directory. */
export function unzip(buf: Buffer): Map<string, Buffer> {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd -= 1;
  if (eocd < 0) throw new Error('not a zip file');
  const entries = new Map<string, Buffer>();
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < buf.readUInt16LE(eocd + 10); i += 1) {
    const [method, size, nameLen, extraLen, commentLen, local] =
      [buf.readUInt16LE(p + 10), buf.readUInt32LE(p + 20), buf.readUInt16LE(p + 28), buf.readUInt16LE(p + 30), buf.readUInt16LE(p + 32), buf.readUInt32LE(p + 42)];
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    entries.set(name, method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

export const unescapeXml = (s: string) => s.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#[0-9]+);/gi, (_, e: string) =>
  ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[e] ?? String.fromCodePoint(Number(e[1]!.toLowerCase() === 'x' ? `0${e.slice(1)}` : e.slice(1))));

export type Cell = string | number;

export interface Sheet {
  /** Rows in order; cells by column position (A = 0), strings as text, numbers (and dates) as numbers, empty cells absent. */
  rows: Cell[][];
  /** Each cell's style index (its `s`), in the same positions. */
  styles: number[][];
  /** Style index → number format code ('yyyy-mm-dd hh:mm:ss', '0.00%', or the built-in format's id). */
  numFmts: Map<number, string>;
}

/** The first sheet of an .xlsx file. */
export function readSheet(file: Buffer): Sheet {
  const zip = unzip(file);
  const sheetXml = zip.get('xl/worksheets/sheet1.xml');
  if (!sheetXml) throw new Error('no xl/worksheets/sheet1.xml in the file');
  const shared = [...(zip.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)]
    .map((m) => unescapeXml([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const rows: Cell[][] = [];
  const styles: number[][] = [];
  for (const row of sheetXml.toString('utf8').matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: Cell[] = [];
    const rowStyles: number[] = [];
    for (const c of row[1]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const col = [...c[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      const type = /t="(\w+)"/.exec(c[2]!)?.[1];
      const inner = c[3] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      const text = /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1];
      if (type === 's') cells[col] = shared[Number(v)]!;
      else if (type === 'inlineStr') cells[col] = unescapeXml(text ?? '');
      else if (type === 'str') cells[col] = unescapeXml(v ?? '');
      else if (v !== undefined) cells[col] = Number(v);
      rowStyles[col] = Number(/s="(\d+)"/.exec(c[2]!)?.[1] ?? 0);
    }
    rows.push(cells);
    styles.push(rowStyles);
  }
  const stylesXml = zip.get('xl/styles.xml')?.toString('utf8') ?? '';
  const fmtCodes = new Map([...stylesXml.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [Number(m[1]), unescapeXml(m[2]!)]));
  const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '').matchAll(/<xf [^>]*numFmtId="(\d+)"/g)].map((m) => Number(m[1]));
  const numFmts = new Map(xfs.map((id, i) => [i, fmtCodes.get(id) ?? String(id)]));
  return { rows, styles, numFmts };
}

/** A wire time 'YYYY-MM-DD HH:mm:ss' as the Excel date serial that stands for the same wall-clock time. */
export const excelSerial = (t: string) =>
  Date.UTC(+t.slice(0, 4), +t.slice(5, 7) - 1, +t.slice(8, 10), +t.slice(11, 13) || 0, +t.slice(14, 16) || 0, +t.slice(17, 19) || 0) / 86_400_000 + 25_569;
