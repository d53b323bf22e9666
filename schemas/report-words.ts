import { LOGGED_MEANING, type SeatStatusCode } from './protocol/seat-status.ts';
import type { CodeTable } from './report-types.ts';
import type { ReportView } from './report-view.ts';

/**
 * How a report is worded: the i18n keys of its title, column titles, condition labels and coded
 * values, looked up first in the report's own words (`words`, for a report added by a schema file
 * alone) and then in the locale files (src/locales). One convention for the browser's screen, the
 * server's exports and the startup check that every word exists in both languages.
 */
export type WordTree = { [key: string]: string | WordTree };

type Keyed = Pick<ReportView, 'id'>;

export const reportTitleKey = (report: Keyed) => `reports.${report.id}.title`;

/** A column's title keys, first found wins: the report's own wording, else its `title` key or the shared column title. */
export const columnTitleKeys = (report: Keyed, column: { key: string; title?: string }) => [`reports.${report.id}.columns.${column.key}`, column.title ?? `reports.columns.${column.key}`];

/** A condition's label keys, first found wins: the report's own, else the shared label. */
export const conditionLabelKeys = (report: Keyed, key: string) => [`reports.${report.id}.conditions.${key}`, `reports.conditions.${key}`];

/** The label key of a coded value (direction 'in': inbound), shared by a condition's choices and a column of the same key. */
export const enumLabelKey = (key: string, value: unknown) => `reports.enums.${key}.${String(value)}`;

/**
 * The code tables a column may read its values with (ReportColumn.codes): a code's i18n key, or
 * undefined for a code the table does not know (shown as it is). Seat statuses read the one
 * status table (schemas/protocol/seat-status.ts, words under seatStatus.logged); chat states and
 * hang-up causes have their words under reports.codes.<table>. `hint`: the cell also shows the
 * code itself on hover (a hang-up cause's words, with the switch's cause).
 */
export const CODE_WORDS: Record<CodeTable, { key: (value: unknown) => string | undefined; hint?: true }> = {
  seatStatus: { key: (v) => (Object.prototype.hasOwnProperty.call(LOGGED_MEANING, Number(v)) ? `seatStatus.logged.${LOGGED_MEANING[Number(v) as SeatStatusCode]}` : undefined) },
  chatState: { key: (v) => `reports.codes.chatState.${String(v)}` },
  hangupCause: { key: (v) => `reports.codes.hangupCause.${String(v)}`, hint: true },
  // The health card's words for a link state (server/telephony: ready, connecting, backoff, closed...).
  switchLink: { key: (v) => `home.health.links.${String(v)}` },
};

/** A report's own words in one language as a locale subtree (the keys above), or undefined when it has none. */
export function reportWordTree(report: Pick<ReportView, 'id' | 'words'>, language: 'zh' | 'en'): WordTree | undefined {
  const words = report.words?.[language];
  if (!words) return undefined;
  const own: WordTree = { title: words.title };
  if (words.columns) own.columns = { ...words.columns };
  if (words.conditions) own.conditions = { ...words.conditions };
  return { reports: { [report.id]: own } };
}

/** The non-empty text at a dotted key in the first tree that has one. */
export function lookupWord(trees: readonly (WordTree | undefined)[], key: string): string | undefined {
  for (const tree of trees) {
    let node: string | WordTree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, part) ? node[part] : undefined;
    if (typeof node === 'string' && node.trim() !== '') return node;
  }
  return undefined;
}

/** What a report lacks in one language (its own words, then the locale): a report page must never show a raw key. */
export function missingWords(report: ReportView, language: 'zh' | 'en', locale: WordTree): string[] {
  const trees = [reportWordTree(report, language), locale];
  const has = (keys: string[]) => keys.some((key) => lookupWord(trees, key) !== undefined);
  const properties = Object.entries(report.conditions.properties);
  return [
    ...(has([reportTitleKey(report)]) ? [] : [reportTitleKey(report)]),
    ...report.columns.filter((column) => !has(columnTitleKeys(report, column))).map((column) => `column ${column.key}`),
    ...properties.filter(([key]) => !has(conditionLabelKeys(report, key))).map(([key]) => `condition ${key}`),
    // A closed set's choices read as words (direction: inbound / outbound), not as codes.
    ...properties.flatMap(([key, property]) => (property.enum ?? []).map((value) => enumLabelKey(key, value))).filter((key) => !has([key])),
  ];
}
