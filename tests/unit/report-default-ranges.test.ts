// @vitest-environment node
import { expect, test } from 'vitest';
import type { ReportSchema } from '../../schemas/report-types';
import { ARCHIVED_CALLS } from '../../schemas/reports/shared/derived';

/**
 * Issue 26 item 3: no report screen opens over the whole history. Every report of schemas/reports/
 * whose conditions have a date range declares a default period on both of its bounds, which the
 * screen fills in before its first request (schemas/report-defaults.ts). The exceptions open on
 * every record on purpose and are named here: the archived calls (months old) and the work-order
 * lists (what is open or overdue now, whenever it was created).
 */
const modules = import.meta.glob<ReportSchema>('../../schemas/reports/*.ts', { eager: true, import: 'default' });
const reports = [...Object.values(modules), ARCHIVED_CALLS as ReportSchema];
const ANY_TIME = new Set(['oldAllCallReportByPage', 'workOrderList', 'workOrderOverdue']);

const periodOf = (bound: unknown) => (bound as { 'x-default'?: { period?: string } } | undefined)?.['x-default']?.period;

test('every report over a date range opens on a period, but those that mean any time', () => {
  const ranged = reports.filter((r) => r.conditions.properties.startTime && r.conditions.properties.endTime);
  expect(ranged.length).toBeGreaterThan(20);
  const opensOnAll = ranged.filter((r) => !periodOf(r.conditions.properties.startTime) || !periodOf(r.conditions.properties.endTime)).map((r) => r.id);
  expect(opensOnAll.filter((id) => !ANY_TIME.has(id))).toEqual([]);
});

test('the call lists open on today, the monthly report on the last full month, the archive on all', () => {
  const byId = new Map(reports.map((r) => [r.id, r]));
  const period = (id: string) => periodOf(byId.get(id)?.conditions.properties.startTime);
  expect(period('fullCallReport')).toBe('today');
  expect(period('seatStatus')).toBe('today');
  expect(period('monthlyReport')).toBe('lastFullMonth');
  expect(period('oldAllCallReportByPage')).toBeUndefined();
});
