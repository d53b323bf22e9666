import type { ReportSchema } from '../../../schemas/report-types';
import { ARCHIVED_CALLS } from '../../../schemas/reports/shared/derived';

/**
 * Every report schema of schemas/reports/ (one file each; the shared/ building blocks are not
 * reports), as the server loads them (server/reports/load.ts): adding a file adds its screen
 * with no list to keep. Plus the archived call report, which the server derives in code
 * (server/api/derived-reports.ts) but which reads and exports like any report.
 */
const modules = import.meta.glob<ReportSchema>('../../../schemas/reports/*.ts', { eager: true, import: 'default' });

export const REPORTS: readonly ReportSchema[] = [...Object.values(modules), ARCHIVED_CALLS].sort((a, b) => a.id.localeCompare(b.id));

const byId = new Map(REPORTS.map((report) => [report.id, report]));

export function reportById(id: string): ReportSchema | undefined {
  return byId.get(id);
}

/** The component name a report's menu entry carries (server/menus/schema-menus.ts writes the same). */
export const reportComponent = (id: string) => `reports/${id}`;

/** The Refine resource a report's rows come from, on the 'reports' data provider. */
export const reportResource = (id: string) => `reports/${id}`;
