import type { BaseRecord } from '@refinedev/core';
import { Card, Grid, Spin, theme } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import type { ReportSchema } from '../../../schemas/report-types';
import type { ColumnDescription } from '../resource/list-description';
import { chartOption } from './chart-option';

// The charting library loads with the first chart, never with the login page or a plain list.
const EChart = lazy(() => import('./EChart'));

/** A report's chart hint drawn over the rows on the page, in antd's colours and font. */
export function ReportChart({ chart, columns, rows }: { chart: NonNullable<ReportSchema['chart']>; columns: readonly ColumnDescription[]; rows: readonly BaseRecord[] }) {
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().xs === true;
  const option = useMemo(() => chartOption(chart, columns, rows, token, phone), [chart, columns, rows, token, phone]);
  const height = phone ? 260 : 320;
  if (rows.length === 0) return null;
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Suspense fallback={<Spin style={{ display: 'block', lineHeight: `${height}px` }} />}>
        <EChart option={option} height={height} />
      </Suspense>
    </Card>
  );
}
