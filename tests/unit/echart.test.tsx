import { render, waitFor } from '@testing-library/react';
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

  /** What the chart has been asked to draw, once the drawings due have run (after the next paint). */
  const drawnAfterPaint = async (times: number) => {
    await waitFor(() => expect(charts[0]!.setOption).toHaveBeenCalledTimes(times));
    await new Promise((r) => setTimeout(r, 50));
    return charts[0]!.setOption.mock.calls;
  };

  it('draws a new option, but not a new object with the same content (a figure asked again): no animation played again', async () => {
    const view = render(<EChart option={bars([1, 2])} height={100} />);
    expect(await drawnAfterPaint(1)).toHaveLength(1);
    view.rerender(<EChart option={bars([1, 2])} height={100} />);
    expect(await drawnAfterPaint(1)).toHaveLength(1);
    view.rerender(<EChart option={bars([1, 3])} height={100} />);
    const calls = await drawnAfterPaint(2);
    expect(calls).toHaveLength(2);
    expect(calls[1]![0]).toEqual(bars([1, 3]));
  });

  it('draws after the render that shows it, not during it; a newer option replaces one not drawn yet', async () => {
    const view = render(<EChart option={bars([1, 2])} height={100} />);
    expect(charts[0]!.setOption).not.toHaveBeenCalled();
    view.rerender(<EChart option={bars([5, 6])} height={100} />);
    const calls = await drawnAfterPaint(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toEqual(bars([5, 6]));
  });

  it('draws without animation when the system asks for reduced motion', async () => {
    window.matchMedia = (query: string) => staticMediaQuery(query, query.includes('reduced-motion'));
    render(<EChart option={bars([1, 2])} height={100} />);
    await drawnAfterPaint(1);
    expect(charts[0]!.setOption).toHaveBeenCalledWith({ ...bars([1, 2]), animation: false }, { notMerge: true });
  });
});
