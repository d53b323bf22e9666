import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../../shell/theme/reduced-motion';

/**
 * ECharts with only what report charts draw (bar, line, pie; axes, legend, tooltip; canvas),
 * so the rest of the library stays out of the bundle. This module is only ever imported
 * lazily (ReportChart.tsx): the login page and the other screens never load it.
 */
use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/**
 * One chart filling its box, resized with its box, redrawn when what it shows changes: a new
 * option object with the same content (a home page's figures asked again every few seconds) is
 * not drawn again, so it does not play its animation again (a second of drawing each time). No
 * animation at all when the person's system asks for reduced motion (WCAG 2.3.3). A drawing
 * waits for the next paint, so that it never holds back what the same render shows.
 */
export default function EChart({ option, height }: { option: ChartOption; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  // What the chart draws now (options are plain data: their JSON is their content).
  const drawn = useRef<string | null>(null);
  useEffect(() => {
    if (!box.current) return undefined;
    const instance = init(box.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => {
      instance.resize();
    });
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
      drawn.current = null;
    };
  }, []);
  useEffect(() => {
    const shown: ChartOption = reducedMotion ? { ...option, animation: false } : option;
    const content = JSON.stringify(shown);
    const instance = chart.current;
    if (!instance || content === drawn.current) return undefined;
    // Drawn after the next paint: the screen's rows show first and the chart a frame later, its
    // box already in place (the first drawing is tens of milliseconds of canvas work).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        instance.setOption(shown, { notMerge: true });
        drawn.current = content;
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [option, reducedMotion]);
  return <div ref={box} style={{ width: '100%', height }} data-testid="report-chart" />;
}
