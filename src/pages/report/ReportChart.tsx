import type { BaseRecord } from '@refinedev/core';
import { Card, Grid, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useMemo } from 'react';
import type { ReportSchema } from '../../../schemas/report-types';
import type { ColumnDescription } from '../resource/list-description';
import { chartOption } from './chart-option';

// The charting library loads with the first chart, never with the login page or a plain list.
const EChart = lazy(() => import('./EChart'));

/**
 * A report's chart hint drawn over its rows, in antd's colours and font. An unpaged report's
 * rows are its whole filtered range; a paged one's are the page shown, and its caption says so.
 */
export function ReportChart({ chart, columns, rows, paged }: { chart: NonNullable<ReportSchema['chart']>; columns: readonly ColumnDescription[]; rows: readonly BaseRecord[]; paged?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().xs === true;
  const option = useMemo(() => chartOption(chart, columns, rows, token, phone), [chart, columns, rows, token, phone]);
  const height = phone ? 260 : 320;
  if (rows.length === 0) return null;
  return (
    <Card size="small" style={{ marginBottom: 16 }} {...(paged ? { title: <span data-testid="chart-caption">{t('reports.chartThisPage')}</span> } : {})}>
      <Suspense fallback={<Spin style={{ display: 'block', lineHeight: `${height}px` }} />}>
        <EChart option={option} height={height} />
      </Suspense>
    </Card>
  );
}
