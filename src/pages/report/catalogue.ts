import type { i18n as I18n } from 'i18next';
import type { ReportView } from '../../../schemas/report-view';
import { reportWordTree } from '../../../schemas/report-words';

/**
 * The reports this console shows: the server's report catalogue (GET api/reports/catalogue,
 * schemas/report-view.ts), one description per report schema the server loaded, the project's
 * and a deployment's own (REPORT_DIRS) alike, so a report added by a schema file alone gets its
 * screen with no browser build. catalogue-source.ts fetches it; this module is what the screens
 * read of it.
 */
export interface Catalogue {
  readonly reports: readonly ReportView[];
  byId(id: string): ReportView | undefined;
}

export function catalogueOf(reports: readonly ReportView[]): Catalogue {
  const byId = new Map(reports.map((report) => [report.id, report]));
  return { reports, byId: (id) => byId.get(id) };
}

/** A report's own words (a report the locale files do not know) become i18n words under the usual keys, in both languages. */
export function addReportWords(i18n: Pick<I18n, 'addResourceBundle'>, reports: readonly ReportView[]): void {
  for (const report of reports) {
    for (const language of ['zh', 'en'] as const) {
      const tree = reportWordTree(report, language);
      if (tree) i18n.addResourceBundle(language, 'translation', tree, true, true);
    }
  }
}

/** The component name a report's menu entry carries (server/menus/schema-menus.ts writes the same). */
export const reportComponent = (id: string) => `reports/${id}`;

/** The Refine resource a report's rows come from, on the 'reports' data provider. */
export const reportResource = (id: string) => `reports/${id}`;
