import { Card, Spin, theme } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeAnswer } from '../../../schemas/home';
import { palette } from '../report/chart-option';

const EChart = lazy(() => import('../report/EChart'));
type Hourly = NonNullable<HomeAnswer['today']>;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Today's offered and answered calls by hour against the same weekday last week (dashed), from the hourly report the title opens. */
export function HourChart({ today, lastWeek, link }: { today: Hourly; lastWeek: Hourly; link?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const day = lastWeek.conditions.startTime ?? '';
  const option = useMemo(() => {
    // Today's lines end at the last hour with calls: the hours to come are not zeros.
    const last = (h: Hourly) => (h === today ? Math.max(-1, ...h.rows.map((r) => r.hour)) : 23);
    const series = (h: Hourly, key: 'offered' | 'answered') => HOURS.map((hour) => (hour > last(h) ? null : h.rows.find((r) => r.hour === hour)?.[key] ?? 0));
    const colors = palette(token);
    return {
      color: colors,
      textStyle: { fontFamily: token.fontFamily, fontSize: token.fontSize, color: token.colorText },
      tooltip: { trigger: 'axis' as const },
      legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category' as const, data: HOURS.map((h) => `${String(h).padStart(2, '0')}:00`), axisLine: { lineStyle: { color: token.colorBorderSecondary } } },
      yAxis: { type: 'value' as const, minInterval: 1, splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      series: [
        { type: 'line' as const, name: `${t('home.chart.today')} · ${t('home.chart.offered')}`, data: series(today, 'offered'), color: colors[0] },
        { type: 'line' as const, name: `${t('home.chart.today')} · ${t('home.chart.answered')}`, data: series(today, 'answered'), color: colors[1] },
        { type: 'line' as const, name: `${day} · ${t('home.chart.offered')}`, data: series(lastWeek, 'offered'), color: colors[0], lineStyle: { type: 'dashed' as const, opacity: 0.6 }, itemStyle: { opacity: 0.6 } },
      ],
    };
  }, [today, lastWeek, token, t, day]);
  const title = t('home.groups.chart', { day });
  return (
    <Card size="small" title={link ? <Link to={link}>{title}</Link> : title} data-testid="home-chart">
      <Suspense fallback={<Spin style={{ display: 'block', lineHeight: '260px' }} />}>
        <EChart option={option} height={260} />
      </Suspense>
    </Card>
  );
}
