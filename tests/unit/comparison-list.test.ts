// @vitest-environment node
import { parseTableParams } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import en from '../../src/locales/en.json';
import zh from '../../src/locales/zh.json';
import { COMPARISON } from '../../schemas/reports/shared/derived';
import { comparisonList } from '../../src/pages/report/comparison-list';
import { defaultsUrl } from '../../src/pages/report/report-list';
import { columnTitleKeys, conditionLabelKeys } from '../../schemas/report-words';

/** The period comparison screen's description: KPI rows formatted by their KPI, signed changes, default ranges, labels in both languages. */

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
/** The English words, the first key found of a list (as i18next does); a key with no words comes back as it is. */
const t = (key: string | string[], options?: Record<string, unknown>) => {
  const keys = Array.isArray(key) ? key : [key];
  const found = keys.map((k) => lookup(en as unknown as Tree, k)).find((w) => typeof w === 'string');
  return typeof found === 'string' ? found.replace('{{count}}', String(options?.count ?? '')) : keys.at(-1)!;
};

describe('comparisonList', () => {
  const list = comparisonList(t);
  const column = (key: string) => list.columns.find((c) => c.key === key)!;

  it('posts to the comparison endpoint, unpaged, with both ranges and the seat as filters', () => {
    expect(list.meta).toMatchObject({ module: 'CallInfo', action: 'getComparisonByConditions', conditions: COMPARISON.conditions.properties });
    expect(list.tree).toBe(true);
    expect(list.rowKey).toBe('kpi');
    expect(list.filters.map((f) => [f.key, f.control])).toEqual([
      ['startTime', 'date'], ['endTime', 'date'], ['userSeatNo', 'select'], ['compareStartTime', 'date'], ['compareEndTime', 'date']]);
    expect(list.columns.map((c) => c.key)).toEqual(['kpi', 'current', 'previous', 'change']);
  });

  it('reads each row\'s figures as its KPI does, and signs the change', () => {
    expect(column('kpi').label?.('abandonRate')).toBe('Abandon rate');
    expect(list.title).toBe('Period comparison');
    expect(column('kpi').label?.('nonsense')).toBeUndefined();
    expect(column('current').byRow?.({ kpi: 'abandonRate' }).format).toBe('percent');
    expect(column('previous').byRow?.({ kpi: 'talkSeconds' }).format).toBe(COMPARISON.columns.find((c) => c.key === 'talkSeconds')!.format);
    expect(column('current').byRow?.({ kpi: 'calls' }).format).toBe('number');
    const change = (kpi: string, value: unknown) => column('change').byRow?.({ kpi }).label?.(value);
    expect(change('abandonRate', 0.0525)).toBe('+5.3%');
    expect(change('abandonRate', -0.1)).toBe('-10.0%');
    expect(change('calls', 3)).toBe('+3');
    // A per-call average's change has its unit and the figures' rounding (1 decimal).
    expect(change('aht', -12.346)).toBe('-12.3 s');
    expect(change('asa', 4)).toBe('+4 s');
    expect(change('talkSeconds', 2528)).toBe('+0:42:08');
    expect(change('talkSeconds', -61)).toBe('-0:01:01');
    expect(change('calls', 0)).toBe('0');
    expect(change('calls', null)).toBeUndefined();
  });

  it('opens on the last 7 days against the 7 before, in the URL the list reads', () => {
    const url = defaultsUrl(COMPARISON, comparisonList(t), { pathname: '/reportcall/comparison', search: '' }, new Date(2026, 2, 3, 15, 0, 0))!;
    expect(url.startsWith('/reportcall/comparison?')).toBe(true);
    const { parsedFilters } = parseTableParams(url.slice(url.indexOf('?')));
    expect(Object.fromEntries(parsedFilters.map((f) => ['field' in f ? f.field : '', f.value]))).toEqual({
      startTime: '2026-02-25', endTime: '2026-03-03', compareStartTime: '2026-02-18', compareEndTime: '2026-02-24' });
  });

  it.each([['zh', zh], ['en', en]] as const)('has every title and label in %s', (_lang, locale) => {
    const keys = [`reports.${COMPARISON.id}.title`, 'reports.columns.kpi', 'reports.columns.current', 'reports.columns.previous', 'reports.columns.change',
      ...COMPARISON.columns.map((c) => columnTitleKeys(COMPARISON, c).at(-1)!), ...Object.keys(COMPARISON.conditions.properties).map((key) => conditionLabelKeys(COMPARISON, key).at(-1)!)];
    expect(keys.filter((key) => typeof lookup(locale as unknown as Tree, key) !== 'string')).toEqual([]);
  });
});
