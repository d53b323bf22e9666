import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ColumnView, ReportView } from '../../schemas/report-view.ts';
import { CODE_WORDS, columnTitleKeys, enumLabelKey, lookupWord, missingWords, reportTitleKey, reportWordTree, type WordTree } from '../../schemas/report-words.ts';
import { LANGUAGES, type Language } from '../http/language.ts';

/**
 * Export titles come from the browser's own locale files (src/locales/<lang>.json), read as
 * data once: one place words a report and its columns, so the file a supervisor downloads says
 * what the screen says. The server imports no browser code; it reads the `reports` and `crud`
 * words of those JSON files, looked up by the same keys the report page uses
 * (schemas/report-words.ts), after the report's own `words`.
 */
export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales');

type Words = WordTree;

const cache = new Map<Language, Words>();

function words(lang: Language): Words {
  let w = cache.get(lang);
  if (!w) {
    w = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${lang}.json`), 'utf8')) as Words;
    cache.set(lang, w);
  }
  return w;
}

/** The first key found in the report's own words, then the locale, wins; the last key as is when none is. */
function first(lang: Language, keys: string[], report?: ReportView): string {
  const trees = [report ? reportWordTree(report, lang) : undefined, words(lang)];
  return keys.map((key) => lookupWord(trees, key)).find((t) => t !== undefined) ?? keys[keys.length - 1]!;
}

export const columnTitle = (lang: Language, report: ReportView, c: ColumnView) => first(lang, columnTitleKeys(report, c), report);

export const reportTitle = (lang: Language, report: ReportView) => first(lang, [reportTitleKey(report), report.id], report);

/**
 * Coded values as the screen words them (src/pages/report/report-list.ts): a column with a code
 * table (a seat status, a hang-up cause) by that table, a column holding a condition's closed
 * set or text (direction, pause reason) by `reports.enums.<key>.<value>`; a value without a
 * word stays as it is. Returns the rows with their values worded.
 */
export function wordedRows(lang: Language, report: ReportView): (rows: Record<string, unknown>[]) => Record<string, unknown>[] {
  const coded = new Set(Object.entries(report.conditions.properties).flatMap(([key, p]) => (p.enum ? [key] : [])));
  const trees = [reportWordTree(report, lang), words(lang)];
  const wording = report.columns.flatMap((c) => {
    const keyOf = c.codes ? CODE_WORDS[c.codes].key : coded.has(c.key) || c.format === 'text' ? (v: unknown) => enumLabelKey(c.key, v) : undefined;
    return keyOf ? [[c.key, keyOf] as const] : [];
  });
  if (!wording.length) return (rows) => rows;
  return (rows) => rows.map((row) => {
    const out = { ...row };
    for (const [key, keyOf] of wording) {
      const v = row[key];
      if (v === null || v === undefined || v === '') continue;
      const wordKey = keyOf(v);
      const word = wordKey ? lookupWord(trees, wordKey) : undefined;
      if (word !== undefined) out[key] = word;
    }
    return out;
  });
}

export const yesNoWords = (lang: Language) => ({ yes: first(lang, ['crud.yes']), no: first(lang, ['crud.no']) });

/**
 * The export's totals row, worded as the screen's: its first cell says what the row is ('合计'),
 * with the count when the first column totals by counting (a call list's calls, '合计（12 条）').
 */
export function totalsRow(lang: Language, columns: readonly ColumnView[], totals: Record<string, unknown>): Record<string, unknown> {
  const [head] = columns;
  if (!head) return totals;
  if (head.total === 'count') {
    const count = Number(totals[head.key] ?? 0);
    return { ...totals, [head.key]: first(lang, [`crud.totalOfRows_${count === 1 ? 'one' : 'other'}`]).replace('{{count}}', String(count)) };
  }
  return totals[head.key] == null ? { ...totals, [head.key]: first(lang, ['crud.total']) } : totals;
}

/** Every word a report lacks in either language: the server does not start with a report whose page would show raw keys. */
export function checkReportWords(reports: readonly ReportView[]): void {
  for (const report of reports) {
    for (const lang of LANGUAGES) {
      const missing = missingWords(report, lang, words(lang));
      if (missing.length) throw new Error(`report ${report.id}: no ${lang} words for ${missing.join(', ')} (give them in src/locales/${lang}.json or in the schema's words)`);
    }
  }
}

/** A word of the browser's locale files by its key (a menu title 'menu.users'); the key itself when neither has it. */
export const localeWord = (lang: Language, key: string): string => first(lang, [key]);
