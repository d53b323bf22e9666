import { useList, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { Card, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useMemo } from 'react';
import type { ReportView } from '../../../schemas/report-view';
import type { ColumnDescription, ListDescription } from '../resource/list-description';
import { chartOption } from './chart-option';
import { useNarrow } from '../../shell/use-narrow';

// The charting library loads with the first chart, never with the login page or a plain list.
const EChart = lazy(() => import('./EChart'));

/** The most rows a chart asks for: the server's page-size cap (1000). */
export const CHART_ROWS = 1000;

/**
 * A report's chart hint drawn over its whole filtered range, in antd's colours and font. An
 * unpaged report's rows are that range already; a paged one (`whole`) asks for its first
 * CHART_ROWS rows with the same filters, and the caption says when the range has more.
 */
export function ReportChart({ chart, columns, rows: pageRows, whole }: {
  chart: NonNullable<ReportView['chart']>;
  columns: readonly ColumnDescription[];
  rows: readonly BaseRecord[];
  whole?: { description: ListDescription; filters: readonly CrudFilter[] };
}) {
  const { t } = useTranslation();
  const range = useList({
    resource: whole?.description.resource ?? '',
    ...(whole?.description.dataProviderName ? { dataProviderName: whole.description.dataProviderName } : {}),
    ...(whole?.description.meta ? { meta: whole.description.meta } : {}),
    filters: [...(whole?.filters ?? [])],
    pagination: { currentPage: 1, pageSize: CHART_ROWS },
    queryOptions: { enabled: Boolean(whole) },
  });
  const fetched = range.result;
  // Until the range arrives (and if it fails) the page's rows stand in.
  const ranged = Boolean(whole) && range.query.isSuccess;
  const rows: readonly BaseRecord[] = ranged ? fetched.data : pageRows;
  const more = ranged && (fetched.total ?? 0) > fetched.data.length ? fetched.total : undefined;
  const { token } = theme.useToken();
  const phone = useNarrow();
  const option = useMemo(() => chartOption(chart, columns, rows, token, phone), [chart, columns, rows, token, phone]);
  const height = phone ? 260 : 320;
  if (rows.length === 0) return null;
  return (
    <Card size="small" style={{ marginBottom: 16 }} {...(more !== undefined ? { title: <span data-testid="chart-caption">{t('reports.chartFirstRows', { count: rows.length, total: more })}</span> } : {})}>
      <Suspense fallback={<Spin style={{ display: 'block', lineHeight: `${height}px` }} />}>
        <EChart option={option} height={height} />
      </Suspense>
    </Card>
  );
}
