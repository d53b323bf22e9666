/**
 * How many rows of an export have arrived, read from the file's own bytes as they come: the
 * server says how many rows the file holds before it starts (`x-export-rows`), so the Export
 * button can show a percentage although the file's size is known only at its end.
 */
export interface RowCounter {
  /** Takes the next bytes of the file. */
  push(chunk: Uint8Array): void;
  /** Data rows seen so far (the title row not counted). */
  rows(): number;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** CSV: a record ends at a line break outside quotes (a quoted field may hold line breaks; "" toggles twice). */
export function csvRowCounter(): RowCounter {
  let quoted = false;
  let lines = 0;
  return {
    push(chunk) {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === NEWLINE && !quoted) lines += 1;
      }
    },
    rows: () => Math.max(0, lines - 1),
  };
}

const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const SHEET = 'xl/worksheets/sheet1.xml';
const ROW_TAG = '<row ';
const HEAD_LIMIT = 256 * 1024;

/** Where the sheet's compressed data starts in the bytes so far (after its zip local header), or undefined while it has not come. */
function sheetDataStart(bytes: Uint8Array): number | undefined {
  for (let i = 0; i + 30 <= bytes.length; i += 1) {
    if (!LOCAL_HEADER.every((b, k) => bytes[i + k] === b)) continue;
    const nameLength = bytes[i + 26]! | (bytes[i + 27]! << 8);
    const extraLength = bytes[i + 28]! | (bytes[i + 29]! << 8);
    if (i + 30 + nameLength + extraLength > bytes.length) return undefined;
    const name = new TextDecoder().decode(bytes.subarray(i + 30, i + 30 + nameLength));
    if (name === SHEET) return i + 30 + nameLength + extraLength;
  }
  return undefined;
}

/**
 * XLSX: the sheet's XML is a deflated entry of the zip; its rows are counted as it inflates
 * (`<row ` tags). The entries after it are not read: the inflater refuses the bytes past the
 * sheet's end, and by then every row has been counted.
 */
export function xlsxRowCounter(): RowCounter {
  let head: Uint8Array | undefined = new Uint8Array(0);
  let tags = 0;
  let writer: WritableStreamDefaultWriter<BufferSource> | undefined;
  let over = false;

  async function count(readable: ReadableStream<Uint8Array>) {
    const reader = readable.getReader();
    const decoder = new TextDecoder();
    let tail = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = tail + decoder.decode(value, { stream: true });
        tags += text.split(ROW_TAG).length - 1;
        tail = text.slice(-(ROW_TAG.length - 1));
      }
    } catch {
      // The bytes past the sheet's entry: counting is over.
    }
    over = true;
  }

  function feed(bytes: Uint8Array) {
    if (!writer || over || bytes.length === 0) return;
    // Fetched and copied bytes live in plain ArrayBuffers (never shared ones).
    writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {
      over = true;
    });
  }

  return {
    push(chunk) {
      if (over) return;
      if (head === undefined) return feed(chunk);
      const bytes = new Uint8Array(head.length + chunk.length);
      bytes.set(head);
      bytes.set(chunk, head.length);
      const start = sheetDataStart(bytes);
      if (start === undefined) {
        head = bytes;
        // The sheet comes within the first few KB (after the theme and the relations): a file without it is not counted.
        if (head.length > HEAD_LIMIT) over = true;
        return;
      }
      head = undefined;
      try {
        const inflater = new DecompressionStream('deflate-raw');
        writer = inflater.writable.getWriter();
        void count(inflater.readable);
      } catch {
        // A browser without raw inflate: no count, the button shows the bytes.
        over = true;
        return;
      }
      feed(bytes.subarray(start));
    },
    rows: () => Math.max(0, tags - 1),
  };
}

/** The share of the rows received, 0-100 (100 only for a file that has them all), or undefined without a row count. */
export function percentOf(rows: number, total: number | undefined): number | undefined {
  if (total === undefined || !Number.isFinite(total) || total <= 0) return undefined;
  return Math.min(100, Math.floor((rows * 100) / total));
}
