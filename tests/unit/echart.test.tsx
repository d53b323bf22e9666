import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EChart, { type ChartOption } from '../../src/pages/report/EChart';
import { staticMediaQuery } from './support/media-query';

// ECharts itself draws on a canvas jsdom does not have: the chart instance is a recorder, so what
// is asked of it (EChart.tsx's part) can be checked.
const charts = vi.hoisted(() => [] as { setOption: ReturnType<typeof vi.fn> }[]);
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => {
    const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
    charts.push(chart);
    return chart;
  },
}));

const bars = (values: number[]): ChartOption => ({ xAxis: { type: 'category', data: ['a', 'b'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: values }] });

describe('EChart', () => {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    charts.length = 0;
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
    vi.unstubAllGlobals();
  });

  it('draws a new option, but not a new object with the same content (a figure asked again): no animation played again', () => {
    const view = render(<EChart option={bars([1, 2])} height={100} />);
    view.rerender(<EChart option={bars([1, 2])} height={100} />);
    expect(charts[0]!.setOption).toHaveBeenCalledTimes(1);
    view.rerender(<EChart option={bars([1, 3])} height={100} />);
    expect(charts[0]!.setOption).toHaveBeenCalledTimes(2);
    expect(charts[0]!.setOption.mock.calls[1]![0]).toEqual(bars([1, 3]));
  });

  it('draws without animation when the system asks for reduced motion', () => {
    window.matchMedia = (query: string) => staticMediaQuery(query, query.includes('reduced-motion'));
    render(<EChart option={bars([1, 2])} height={100} />);
    expect(charts[0]!.setOption).toHaveBeenCalledWith({ ...bars([1, 2]), animation: false }, { notMerge: true });
  });
});
