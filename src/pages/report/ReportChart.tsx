import type { BaseRecord } from '@refinedev/core';
import { Card, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useMemo } from 'react';
import type { ReportView } from '../../../schemas/report-view';
import type { ColumnDescription } from '../resource/list-description';
import { chartOption } from './chart-option';
import { useNarrow } from '../../shell/use-narrow';

// The charting library loads with the first chart, never with the login page or a plain list.
const EChart = lazy(() => import('./EChart'));

/**
 * A report's chart hint drawn over its whole filtered range, in antd's colours and font. An
 * unpaged report's rows are that range already; a paged one's page comes with the first
 * CHART_ROWS rows of the range (`whole`: the answer's chart rows and total, one request, see
 * report-provider.ts), and the caption says when the range has more.
 */
export function ReportChart({ chart, columns, rows: pageRows, whole }: {
  chart: NonNullable<ReportView['chart']>;
  columns: readonly ColumnDescription[];
  rows: readonly BaseRecord[];
  whole?: { rows: readonly BaseRecord[]; total: number };
}) {
  const { t } = useTranslation();
  const rows: readonly BaseRecord[] = whole ? whole.rows : pageRows;
  const more = whole && whole.total > whole.rows.length ? whole.total : undefined;
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
