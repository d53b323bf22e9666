import type { ReportSchema } from '../../schemas/report-types';
import { reportView } from '../../schemas/report-view';
import { ARCHIVED_CALLS } from '../../schemas/reports/shared/derived';
import { catalogueOf } from '../../src/pages/report/catalogue';

/**
 * The report catalogue the server sends for the project's own reports (server/reports/catalogue-route.ts:
 * every schema of schemas/reports/ plus the archived call report, without their SQL), built here
 * from the same files, so unit tests read the reports as the console receives them.
 */
const modules = import.meta.glob<ReportSchema>('../../schemas/reports/*.ts', { eager: true, import: 'default' });

export const PROJECT_CATALOGUE = catalogueOf([...Object.values(modules), ARCHIVED_CALLS].map(reportView).sort((a, b) => a.id.localeCompare(b.id)));
