import { COMPARISON } from '../../../schemas/reports/shared/derived';
import { durationText, isoDate } from '../../lib/time';
import type { ColumnDescription, ListDescription, ValueDescription } from '../resource/list-description';
import { columnTitleKeys } from '../../../schemas/report-words';
import { reportList, type ReportTranslate } from './report-list';

/**
 * The period comparison's list description (CallInfo/getComparisonByConditions): the report's
 * conditions (both date ranges, a seat) as the filter bar, and one row per KPI
 * `{kpi, current, previous, change}`. A row's figures read as its KPI does (a count, seconds, a
 * rate), so the figure columns take their format from the row; the change is signed.
 */

const kpis = new Map(COMPARISON.columns.map((column) => [column.key as string, column]));

/**
 * A change with its sign and unit, read as its KPI: a rate's in percentage points, a summed time as
 * h:mm:ss, a per-call average in seconds (1 decimal, as the figures), a count as a number.
 */
function signed(format: ValueDescription['format'], t: ReportTranslate): (value: unknown) => string | undefined {
  return (value) => {
    if (value === null || value === undefined) return undefined;
    const n = Number(value);
    const sign = n > 0 ? '+' : n < 0 ? '-' : '';
    if (format === 'percent') return `${sign}${(Math.abs(n) * 100).toFixed(1)}%`;
    if (format === 'duration') return `${sign}${durationText(Math.abs(n))}`;
    if (format === 'seconds') return `${sign}${t('format.seconds', { count: Math.round(Math.abs(n) * 10) / 10 })}`;
    return `${sign}${Math.round(Math.abs(n) * 100) / 100}`;
  };
}

export function comparisonList(t: ReportTranslate): ListDescription {
  // The comparison's rows are KPIs, not records: no figure opens another report.
  const base = reportList(COMPARISON, t, () => undefined);
  const formatOf = (record: Record<string, unknown>) => kpis.get(String(record.kpi))?.format ?? 'number';
  const figure = (key: 'current' | 'previous'): ColumnDescription => ({
    key, title: t(`reports.columns.${key}`), format: 'number', byRow: (record) => ({ format: formatOf(record) }),
  });
  const columns: ColumnDescription[] = [
    {
      key: 'kpi',
      title: t('reports.columns.kpi'),
      format: 'text',
      label: (value) => {
        const kpi = kpis.get(String(value));
        return kpi ? t(columnTitleKeys(COMPARISON, kpi)) : undefined;
      },
    },
    figure('current'),
    figure('previous'),
    {
      key: 'change', title: t('reports.columns.change'), format: 'number',
      byRow: (record) => ({ format: 'number', label: signed(formatOf(record), t) }),
    },
  ];
  return { ...base, rowKey: 'kpi', columns };
}
