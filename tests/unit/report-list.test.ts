// @vitest-environment node
import type { BaseRecord } from '@refinedev/core';
import { parseTableParams } from '@refinedev/core';
import { describe, expect, it, vi } from 'vitest';
import type { ReportSchema } from '../../schemas/report-types';
import fullCallReport from '../../schemas/reports/full-call-report';
import { createReportProvider } from '../../src/pages/report/report-provider';
import { chartOption } from '../../src/pages/report/chart-option';
import { drillUrl, pageSizesOf, reportList } from '../../src/pages/report/report-list';
import type { Http } from '../../data-providers/http';
import { ApiError } from '../../data-providers/http-error';
import { PROJECT_CATALOGUE } from './project-reports';

const { reports: REPORTS, byId } = PROJECT_CATALOGUE;

/** Keys come back as they are asked for (the first of a list), so the test reads which key was used. */
const t = (key: string | string[]) => (Array.isArray(key) ? key[0]! : key);

/** A grouped report with a chart, a drill-down and a totals row, independent of the project's schema files. */
const synthesis = {
  id: 'agentCallSynthesis',
  endpoint: { module: 'CallReport', action: 'getAgentcallsynthesis' },
  access: ['admin', 'supervisor'],
  from: 'call_records c',
  conditions: {
    type: 'object',
    properties: {
      startTime: { type: 'string', 'x-filter': { sql: 'c.call_time', op: 'range', bound: 'from' } },
      endTime: { type: 'string', 'x-filter': { sql: 'c.call_time', op: 'range', bound: 'to' } },
      userSeatNo: { type: 'string', 'x-filter': { sql: 'c.user_seat_no', op: 'eq' } },
    },
    additionalProperties: false,
  },
  columns: [
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    { key: 'answered', sql: 'count(*)', format: 'number', title: 'reports.kpi.answered', total: 'kpi' },
    { key: 'serviceLevel', sql: '0.5', format: 'percent', title: 'reports.kpi.serviceLevel', total: 'kpi' },
  ],
  groupBy: ['c.user_seat_no'],
  sorters: ['userSeatNo', 'answered'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: true,
  totals: true,
  chart: { type: 'bar', x: 'userSeatNo', y: ['answered', 'serviceLevel'] },
  drill: { answered: { report: 'fullCallReport', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', direction: { const: 'in' } } } },
} as const satisfies ReportSchema;

describe('report adapter', () => {
  const call = reportList(fullCallReport, t, byId);

  it('gives the call report its nine columns in the spec order, then the transfer\'s seats and the recording, with their formats and shared titles', () => {
    expect(call.columns.map((c) => [c.key, c.format])).toEqual([
      ['callId', 'text'], ['userSeatNo', 'text'], ['phoneNo', 'text'], ['callTime', 'datetime'], ['answerTime', 'datetime'],
      ['destroyTime', 'datetime'], ['linkFlag', 'yesNo'], ['ringSeconds', 'duration'], ['callSeconds', 'duration'],
      ['transferFrom', 'text'], ['transferTo', 'text'], ['recording', 'recording'],
    ]);
    // The report's own wording is looked up first, then the shared column title.
    expect(call.columns[0]!.title).toBe('reports.fullCallReport.columns.callId');
    expect(call).toMatchObject({ resource: 'reports/fullCallReport', dataProviderName: 'reports', title: 'reports.fullCallReport.title', tree: false });
    // A row's key is all its columns: two rows of a grouped report may share the first (one department, two owners).
    const key = call.rowKey as (record: Record<string, unknown>) => string;
    expect(key({ callId: 'c1', userSeatNo: '8101' })).not.toBe(key({ callId: 'c1', userSeatNo: '8102' }));
    expect(key({ callId: 'c1', userSeatNo: '8101' })).toBe(key({ callId: 'c1', userSeatNo: '8101' }));
    expect(call.meta).toMatchObject({ module: 'CallReport', action: 'getFullCallReport', conditions: fullCallReport.conditions.properties, labels: { startTime: 'reports.fullCallReport.conditions.startTime' } });
  });

  it('caps ring seconds at 60 and leaves the other columns uncapped', () => {
    expect(call.columns.filter((c) => c.cap !== undefined).map((c) => [c.key, c.cap])).toEqual([['ringSeconds', 60]]);
  });

  it('offers page sizes 10 (the first page) and 20..1000', () => {
    expect(call).toMatchObject({ pageSizes: [10, 20, 50, 100, 200, 300, 500, 1000], initialPageSize: 10 });
    expect(pageSizesOf({ ...synthesis, pageSizes: [20, 50], initialPageSize: 20 })).toEqual({ pageSizes: [20, 50], initialPageSize: 20 });
  });

  it('filters by the conditions: date pickers for the range, a seat picker, a text box for the number', () => {
    expect(call.filters.map((f) => [f.key, f.control, f.op, f.label])).toEqual(expect.arrayContaining([
      ['startTime', 'date', 'eq', 'reports.fullCallReport.conditions.startTime'],
      ['endTime', 'date', 'eq', 'reports.fullCallReport.conditions.endTime'],
      ['userSeatNo', 'select', 'eq', 'reports.fullCallReport.conditions.userSeatNo'],
      ['phoneNo', 'text', 'like', 'reports.fullCallReport.conditions.phoneNo'],
    ]));
  });

  it("every report's seat and line filters are pickers over the seats' and the lines' options, never free text", () => {
    const pickers = REPORTS.flatMap((report) => reportList(report, t, byId).filters
      .filter((f) => ['userSeatNo', 'lineId'].includes(f.key))
      .map((f) => [report.id, f.key, f.control, f.property['x-options']]));
    expect(pickers.length).toBeGreaterThan(20);
    expect(pickers.filter(([, key, control, options]) => control !== 'select' || options !== (key === 'lineId' ? 'lines' : 'users'))).toEqual([]);
    expect(pickers).toContainEqual(['queueReport', 'lineId', 'select', 'lines']);
  });

  it('names the filter bar button Query (spec section 2), not the entity lists\' Search', () => {
    expect(call.searchLabel).toBe('reports.query');
  });

  it('labels a coded condition\'s choices and the column of the same key: direction in / out', () => {
    const labels: Record<string, string> = { 'reports.enums.direction.in': 'Inbound', 'reports.enums.direction.out': 'Outbound' };
    const tr = (key: string | string[]) => { const first = Array.isArray(key) ? key[0]! : key; return labels[first] ?? first; };
    const withDirection: ReportSchema = {
      ...synthesis,
      conditions: { ...synthesis.conditions, properties: { ...synthesis.conditions.properties, direction: { type: 'string', enum: ['in', 'out'], 'x-filter': { sql: 'c.direction', op: 'eq' } } } },
      columns: [...synthesis.columns, { key: 'direction', sql: 'c.direction', format: 'text' }],
    };
    const list = reportList(withDirection, tr, byId);
    const filter = list.filters.find((f) => f.key === 'direction')!;
    expect([filter.control, filter.optionLabel?.('in'), filter.optionLabel?.('out')]).toEqual(['select', 'Inbound', 'Outbound']);
    const column = list.columns.find((c) => c.key === 'direction')!;
    expect([column.label?.('out'), column.label?.('sideways')]).toEqual(['Outbound', undefined]);
  });

  it('sorts only on the declared sorters, and a KPI column takes its dictionary label', () => {
    const list = reportList(synthesis, t, byId);
    expect(list.columns.map((c) => [c.key, Boolean(c.sortable), c.title])).toEqual([
      ['userSeatNo', true, 'reports.agentCallSynthesis.columns.userSeatNo'],
      ['answered', true, 'reports.agentCallSynthesis.columns.answered'],
      ['serviceLevel', false, 'reports.agentCallSynthesis.columns.serviceLevel'],
    ]);
    const keys: (string | string[])[] = [];
    reportList(synthesis, (key) => (keys.push(key), ''), byId);
    expect(keys).toContainEqual(['reports.agentCallSynthesis.columns.answered', 'reports.kpi.answered']);
    expect(keys).toContainEqual(['reports.agentCallSynthesis.columns.userSeatNo', 'reports.columns.userSeatNo']);
  });

  it('shows an unpaged report whole', () => {
    expect(reportList({ ...synthesis, paged: false }, t, byId)).toMatchObject({ tree: true });
    expect(reportList({ ...synthesis, paged: false }, t, byId).columns.every((c) => !c.sortable)).toBe(true);
  });
});

describe('drill-down', () => {
  const [, answered] = reportList(synthesis, t, byId).columns;

  it("opens the target report's screen with the row's and the current conditions in its URL", () => {
    const url = answered!.link!({ userSeatNo: '1001', answered: 3 }, { startTime: '2024-05-01', endTime: '2024-05-31' })!;
    const [path, query] = url.split('?');
    expect(path).toBe('/reportcall/fullcallreport');
    const params = parseTableParams(`?${query}`);
    expect([params.parsedCurrentPage, params.parsedPageSize]).toEqual([1, 10]);
    expect(params.parsedFilters).toEqual([
      { field: 'userSeatNo', operator: 'eq', value: '1001' },
      { field: 'startTime', operator: 'eq', value: '2024-05-01' },
      { field: 'direction', operator: 'eq', value: 'in' },
    ]);
  });

  it('leaves a zero plain (no rows behind it), and conditions not in force out of the URL', () => {
    expect(answered!.link!({ userSeatNo: '1001', answered: 0 }, {})).toBeUndefined();
    const url = answered!.link!({ userSeatNo: '1001', answered: 2 }, {})!;
    expect(parseTableParams(`?${url.split('?')[1]}`).parsedFilters.map((f) => 'field' in f && f.field)).toEqual(['userSeatNo', 'direction']);
  });

  it('has no link to a report no schema has', () => {
    expect(drillUrl({ report: 'noSuchReport', conditions: {} }, {}, {}, byId)).toBeUndefined();
  });

  it("opens a target without a menu entry at its /reports/<id> route", () => {
    const unplaced = REPORTS.find((report) => !report.menu)!;
    expect(drillUrl({ report: unplaced.id, conditions: {} }, {}, {}, byId)).toMatch(new RegExp(`^/reports/${unplaced.id}\\?`));
  });

  it("every schema's drill hint leads somewhere", () => {
    const drills = REPORTS.flatMap((report) => Object.values(report.drill ?? {}).map((drill) => [report.id, drill.report, drillUrl(drill, {}, {}, byId)?.split('?')[0]]));
    expect(drills.length).toBeGreaterThan(0);
    expect(drills.filter(([, , url]) => !url)).toEqual([]);
  });
});

/** i18next over the report's own words: `reports.<id>.conditions.<key>` found for the keys listed here. */
const OWN: Record<string, string> = { 'reports.agentCallSynthesis.conditions.startTime': '从', 'reports.agentCallSynthesis.conditions.endTime': '到' };
const say = (key: string | string[]) => {
  const keys = Array.isArray(key) ? key : [key];
  return keys.map((k) => OWN[k]).find(Boolean) ?? keys.at(-1)!;
};

describe('report data provider', () => {
  const answer = (data: unknown) => {
    const post = vi.fn(async () => ({ code: 200, msg: 'ok', data }));
    return { post, provider: createReportProvider('', { post, get: vi.fn() } as unknown as Http, (key) => key) };
  };
  const list = (provider: ReturnType<typeof createReportProvider>) => provider.getList({
    resource: 'reports/agentCallSynthesis',
    meta: { module: 'CallReport', action: 'getAgentcallsynthesis' },
    pagination: { currentPage: 2, pageSize: 20 },
    filters: [{ field: 'startTime', operator: 'eq', value: '2024-05-01' }, { field: 'userSeatNo', operator: 'eq', value: '' }],
    sorters: [{ field: 'answered', order: 'desc' }],
  });

  it('posts the condition object to the report endpoint and keeps the totals row', async () => {
    const { post, provider } = answer({ list: [{ userSeatNo: '1001' }], total: '41', totals: { answered: 9 } });
    expect(await list(provider)).toEqual({ data: [{ userSeatNo: '1001' }], total: 41, totals: { answered: 9 } });
    expect(post).toHaveBeenCalledWith('/api/CallReport/getAgentcallsynthesis', { pageNo: 2, pageSize: 20, startTime: '2024-05-01', sortField: 'answered', sortOrder: 'desc' });
  });

  it('names to a later page the total that an earlier page of the same conditions answered, for a minute', async () => {
    let clock = 1_000_000;
    const post = vi.fn(async () => ({ code: 200, msg: 'ok', data: { list: [{ callId: 'a' }], total: 41 } }));
    const provider = createReportProvider('', { post, get: vi.fn() } as unknown as Http, (key) => key, () => clock);
    const page = (currentPage: number, seat = '1001') => provider.getList({
      resource: 'reports/fullCallReport', meta: { module: 'CallReport', action: 'getFullCallReport' },
      pagination: { currentPage, pageSize: 20 }, filters: [{ field: 'userSeatNo', operator: 'eq', value: seat }],
    });
    const sent = () => (post.mock.calls.at(-1) as unknown as [string, Record<string, unknown>])[1];
    await page(1);
    expect(sent()).toEqual({ pageNo: 1, pageSize: 20, userSeatNo: '1001' });
    await page(2);
    expect(sent()).toEqual({ pageNo: 2, pageSize: 20, userSeatNo: '1001', knownTotal: 41 });
    // Other conditions are another total; page 1 never names one.
    await page(2, '1002');
    expect(sent()).not.toHaveProperty('knownTotal');
    await page(1);
    expect(sent()).not.toHaveProperty('knownTotal');
    // A minute after it was counted, a later page counts again.
    clock += 60_000;
    await page(3);
    expect(sent()).not.toHaveProperty('knownTotal');
    await page(4);
    expect(sent()).toHaveProperty('knownTotal', 41);
  });

  it("asks a paged report with a chart for its chart's rows with the page, and hands them on", async () => {
    const { post, provider } = answer({ list: [{ userSeatNo: '1001' }], total: 2, chart: [{ userSeatNo: '1001' }, { userSeatNo: '1002' }] });
    const meta = reportList({ ...synthesis, paged: true }, say, byId).meta;
    expect(meta).toMatchObject({ chart: true });
    expect(reportList({ ...synthesis, paged: false }, say, byId).meta).not.toHaveProperty('chart');
    const got = await provider.getList({ resource: 'reports/agentCallSynthesis', meta, pagination: { currentPage: 1, pageSize: 1 } });
    expect(post).toHaveBeenCalledWith('/api/CallReport/getAgentcallsynthesis', { pageNo: 1, pageSize: 1, withChart: true });
    expect(got).toMatchObject({ data: [{ userSeatNo: '1001' }], total: 2, chart: [{ userSeatNo: '1001' }, { userSeatNo: '1002' }] });
  });

  it("types the conditions the page's URL gave back as text by the report's conditions", async () => {
    const { post, provider } = answer({ list: [], total: 0 });
    await provider.getList({
      resource: 'reports/x', meta: { module: 'X', action: 'get', conditions: { minSeconds: { type: 'integer' }, phoneNo: { type: 'string' } } },
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [{ field: 'minSeconds', operator: 'eq', value: '120' }, { field: 'phoneNo', operator: 'eq', value: '120' }],
    });
    expect(post).toHaveBeenCalledWith('/api/X/get', { pageNo: 1, pageSize: 10, minSeconds: 120, phoneNo: '120' });
  });

  it("names the fields of a refusal with the report's own labels, the one it is compared with too", async () => {
    const msg = '参数错误：endTime 不能早于 startTime';
    const post = vi.fn(async () => {
      throw new ApiError(msg, { statusCode: 400, code: 400, url: '/api/X/get', serverMsg: msg, errors: { endTime: '不能早于 startTime' } });
    });
    const provider = createReportProvider('', { post, get: vi.fn() } as unknown as Http, (key) => key);
    // The page builds the labels from the report's words (reportList's meta.labels).
    const meta = reportList({ ...synthesis, words: { zh: { title: 'X', conditions: { startTime: '从', endTime: '到' } }, en: { title: 'X', conditions: { startTime: 'From', endTime: 'To' } } } }, say, byId).meta;
    await expect(provider.getList({ resource: 'reports/x', meta, pagination: { currentPage: 1, pageSize: 10 } })).rejects.toThrow('参数错误：到 不能早于 从');
  });

  it('answers without totals when the report has none, and refuses what is not a list', async () => {
    expect(await list(answer({ list: [], total: 0 }).provider)).toEqual({ data: [], total: 0 });
    await expect(list(answer('nope').provider)).rejects.toThrow('data.badList');
  });
});

describe('chart option', () => {
  const columns = reportList(synthesis, t, byId).columns;
  const token = { colorPrimary: '#1677ff', colorSuccess: '#52c41a', colorWarning: '#faad14', colorError: '#ff4d4f', colorInfo: '#1677ff', colorText: '#000', colorTextSecondary: '#666', colorBorderSecondary: '#eee', fontFamily: 'sans', fontSize: 14 };
  const rows: BaseRecord[] = [{ userSeatNo: '1001', answered: 3, serviceLevel: 0.6667 }, { userSeatNo: '1002', answered: 1, serviceLevel: null }];

  it('draws one series per figure over the x column, rates as percentages, in antd colours', () => {
    const option = chartOption(synthesis.chart, columns, rows, token, false) as { xAxis: { data: string[] }; series: { type: string; name: string; data: number[] }[]; color: string[] };
    expect(option.xAxis.data).toEqual(['1001', '1002']);
    expect(option.series.map((s) => [s.type, s.name, s.data])).toEqual([
      ['bar', 'reports.agentCallSynthesis.columns.answered', [3, 1]],
      ['bar', 'reports.agentCallSynthesis.columns.serviceLevel', [66.7, 0]],
    ]);
    expect(option.color[0]).toBe('#1677ff');
  });

  it('draws a pie as named slices of the first figure', () => {
    const option = chartOption({ type: 'pie', x: 'userSeatNo', y: ['answered'] }, columns, rows, token, true) as { series: { data: unknown[] }[] };
    expect(option.series[0]!.data).toEqual([{ name: '1001', value: 3 }, { name: '1002', value: 1 }]);
  });
});

describe('readable values', () => {
  const words: Record<string, string> = {
    'seatStatus.logged.ready': '就绪', 'seatStatus.logged.afterCall': '话后处理', 'seatStatus.logged.meeting': '会议', 'seatStatus.logged.break': '小休',
    'reports.enums.reason.short': '小休', 'reports.enums.reason.toilet': '如厕',
    'reports.codes.chatState.on': '进行中', 'reports.codes.hangupCause.NORMAL_CLEARING': '正常挂机',
  };
  const say = (key: string | string[]) => {
    const k = Array.isArray(key) ? key[0]! : key;
    return words[k] ?? k;
  };
  const statusSynthesis = byId('seatStatusSynthesis')!;
  const columns = reportList(statusSynthesis, say, byId).columns;
  const status = columns.find((c) => c.key === 'status')!;

  it('seat status codes read as the status table\'s words; an unknown code shows as it is', () => {
    expect([0, 4, 13, 2].map((code) => status.label?.(code))).toEqual(['就绪', '话后处理', '会议', '会议']);
    expect(status.label?.(99)).toBeUndefined();
  });

  it('the status pie names its slices in words, each slice its own colour', () => {
    const rows: BaseRecord[] = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 13].map((code) => ({ status: code, seconds: 10 }));
    const token = { colorPrimary: '#1677ff', colorSuccess: '#52c41a', colorWarning: '#faad14', colorError: '#ff4d4f', colorInfo: '#1677ff', colorText: '#000', colorTextSecondary: '#666', colorBorderSecondary: '#eee', fontFamily: 'sans', fontSize: 14 };
    const option = chartOption(statusSynthesis.chart!, columns, rows, token, false) as { color: string[]; series: { data: { name: string }[] }[] };
    expect(option.series[0]!.data.slice(0, 1).map((d) => d.name)).toEqual(['就绪']);
    expect(new Set(option.color.slice(0, rows.length)).size).toBe(rows.length);
  });

  it('the status pie has a slice per pause reason, each named by its reason: the toilet break apart from the short one', () => {
    const rows: BaseRecord[] = [{ status: 0, reason: '', seconds: 50 }, { status: 3, reason: 'short', seconds: 20 }, { status: 3, reason: 'toilet', seconds: 5 }];
    const token = { colorPrimary: '#1677ff', colorSuccess: '#52c41a', colorWarning: '#faad14', colorError: '#ff4d4f', colorInfo: '#1677ff', colorText: '#000', colorTextSecondary: '#666', colorBorderSecondary: '#eee', fontFamily: 'sans', fontSize: 14 };
    const option = chartOption(statusSynthesis.chart!, columns, rows, token, false) as { series: { data: { name: string; value: number }[] }[] };
    expect(option.series[0]!.data).toEqual([{ name: '就绪', value: 50 }, { name: '小休', value: 20 }, { name: '小休 · 如厕', value: 5 }]);
  });

  it('chat states and hang-up causes read as words; the cause keeps the switch\'s code as a hint', () => {
    const chat = reportList(byId('webChat')!, say, byId).columns.find((c) => c.key === 'state')!;
    expect(chat.label?.('on')).toBe('进行中');
    const cause = reportList(byId('callInfosByCondition')!, say, byId).columns.find((c) => c.key === 'hangupCause')!;
    expect(cause.label?.('NORMAL_CLEARING')).toBe('正常挂机');
    expect(cause.hint?.('NORMAL_CLEARING')).toBe('NORMAL_CLEARING');
    expect(cause.label?.('SOMETHING_NEW')).toBeUndefined();
  });
});
