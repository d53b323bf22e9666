import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportColumn, ReportSchema } from '../../schemas/report-types.ts';
import type { Language } from '../http/language.ts';

/**
 * Export titles come from the browser's own locale files (src/locales/<lang>.json), read as
 * data once: one place words a report and its columns, so the file a supervisor downloads says
 * what the screen says. The server imports no browser code; it reads the `reports` and `crud`
 * words of those JSON files, looked up by the same keys the report page uses
 * (src/pages/report/report-list.ts: columnTitleKeys).
 */
export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales');

type Words = { [k: string]: string | Words };

const cache = new Map<Language, Words>();

function words(lang: Language): Words {
  let w = cache.get(lang);
  if (!w) {
    w = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${lang}.json`), 'utf8')) as Words;
    cache.set(lang, w);
  }
  return w;
}

/** The text at a dotted key, or undefined. */
function lookup(lang: Language, key: string): string | undefined {
  let node: string | Words | undefined = words(lang);
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Object.prototype.hasOwnProperty.call(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/** The first key found wins (as i18next's t with a list); the last key as is when none is. */
const first = (lang: Language, keys: string[]) => keys.map((k) => lookup(lang, k)).find((t) => t !== undefined) ?? keys[keys.length - 1]!;

export const columnTitle = (lang: Language, report: ReportSchema, c: ReportColumn) =>
  first(lang, [`reports.${report.id}.columns.${c.key}`, c.title ?? `reports.columns.${c.key}`]);

export const reportTitle = (lang: Language, report: ReportSchema) => first(lang, [`reports.${report.id}.title`, report.id]);

export const yesNoWords = (lang: Language) => ({ yes: first(lang, ['crud.yes']), no: first(lang, ['crud.no']) });
