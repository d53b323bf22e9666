import type { BaseRecord } from '@refinedev/core';
import type { GlobalToken } from 'antd';
import type { ReportView } from '../../../schemas/report-view';
import type { ColumnDescription } from '../resource/list-description';
import type { ChartOption } from './EChart';

/** antd's preset colours after the theme's own: enough for every seat status, so no two slices of a pie share one. */
const PRESETS = ['#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#a0d911', '#2f54eb', '#faad14', '#8c8c8c', '#5b8c00', '#ad4e00', '#c41d7f'];

/**
 * The chart's colours: the theme's primary, success, warning, error and info, then the presets,
 * each once (in antd's default theme info is primary's blue: status 0 and 4 were one colour).
 */
export function palette(token: Pick<GlobalToken, 'colorPrimary' | 'colorSuccess' | 'colorWarning' | 'colorError' | 'colorInfo'>): string[] {
  const all = [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, token.colorInfo, ...PRESETS];
  return all.filter((c, i) => all.findIndex((d) => d.toLowerCase() === c.toLowerCase()) === i);
}

/**
 * The ECharts option of a report's chart hint over the rows on the page: x is a column (a seat,
 * a day), y the figures drawn. Rates (fractions 0..1) are drawn as percentages. Colours and font
 * come from antd's theme tokens, so the chart reads as part of the page.
 */
export function chartOption(
  chart: NonNullable<ReportView['chart']>,
  columns: readonly ColumnDescription[],
  rows: readonly BaseRecord[],
  token: Pick<GlobalToken, 'colorPrimary' | 'colorSuccess' | 'colorWarning' | 'colorError' | 'colorInfo' | 'colorText' | 'colorTextSecondary' | 'colorBorderSecondary' | 'fontFamily' | 'fontSize'>,
  phone: boolean,
): ChartOption {
  const column = (key: string) => columns.find((c) => c.key === key);
  const xColumn = column(chart.x);
  const detailColumn = chart.detail === undefined ? undefined : column(chart.detail);
  const named = (row: BaseRecord) => {
    const value = row[chart.x];
    if (value === null || value === undefined) return '-';
    // A day arrives as a date or an instant at midnight: the day is what reads.
    return xColumn?.format === 'date' ? String(value).slice(0, 10) : (xColumn?.label?.(value) ?? String(value));
  };
  // Two rows of one x (a break for the toilet, a short one) are two slices: each names its detail.
  const category = (row: BaseRecord) => {
    const name = named(row);
    const detail = detailColumn ? row[detailColumn.key] : undefined;
    if (!detailColumn || detail === null || detail === undefined || detail === '') return name;
    const words = detailColumn.label?.(detail) ?? String(detail);
    return words === name ? name : `${name} · ${words}`;
  };
  const percent = chart.y.every((key) => column(key)?.format === 'percent');
  const figure = (row: BaseRecord, key: string) => {
    const value = Number(row[key] ?? 0);
    return column(key)?.format === 'percent' ? Math.round(value * 1000) / 10 : value;
  };
  const base = {
    color: palette(token),
    textStyle: { fontFamily: token.fontFamily, fontSize: token.fontSize, color: token.colorText },
    tooltip: { trigger: chart.type === 'pie' ? ('item' as const) : ('axis' as const), ...(percent ? { valueFormatter: (v: unknown) => `${String(v)}%` } : {}) },
    legend: { top: 0, type: 'scroll' as const, textStyle: { color: token.colorTextSecondary } },
  };
  if (chart.type === 'pie') {
    const key = chart.y[0] ?? '';
    return {
      ...base,
      series: [{
        type: 'pie',
        name: column(key)?.title ?? key,
        radius: phone ? ['30%', '60%'] : ['35%', '65%'],
        top: 24,
        data: rows.map((row) => ({ name: category(row), value: figure(row, key) })),
      }],
    };
  }
  return {
    ...base,
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: rows.map(category), axisLabel: { color: token.colorTextSecondary, hideOverlap: true }, axisLine: { lineStyle: { color: token.colorBorderSecondary } } },
    yAxis: {
      type: 'value',
      axisLabel: { color: token.colorTextSecondary, ...(percent ? { formatter: '{value}%' } : {}) },
      splitLine: { lineStyle: { color: token.colorBorderSecondary } },
    },
    series: chart.y.map((key) => ({
      type: chart.type,
      name: column(key)?.title ?? key,
      data: rows.map((row) => figure(row, key)),
      ...(chart.type === 'bar' ? { barMaxWidth: 24 } : { smooth: true }),
    })),
  };
}
