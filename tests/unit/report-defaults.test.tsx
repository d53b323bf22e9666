import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conditionObject, dateRange, exactPhone } from '../../schemas/reports/shared/conditions';
import type { ReportSchema } from '../../schemas/report-types';
import { defaultConditions, periodDays } from '../../schemas/report-defaults';
import { reportView } from '../../schemas/report-view';
import i18n from '../../src/app/i18n';
import { http } from '../../src/app/providers';
import ReportRoute from '../../src/pages/report/ReportRoute';
import { createReportProvider } from '../../src/pages/report/report-provider';
import { renderInRefine, stubAuth } from './support/harness';

/**
 * A report whose conditions are required opens on figures, not on a refusal: the screen fills in
 * the schema's defaults (x-default) before its first request, and a required condition with no
 * default (a call id) asks to be filled in instead of sending a request the server would refuse.
 */
const columns = [{ key: 'callId', sql: 'c.call_id', format: 'text' }] as const;
const base = { access: [], from: 'call_records c', columns, defaultSort: { field: 'callId', order: 'asc' }, paged: true } as const;
const monthly = {
  ...base,
  id: 'unitMonthly',
  endpoint: { module: 'UnitReport', action: 'getMonthly' },
  conditions: { ...conditionObject(dateRange('c.call_time', 'lastFullMonth')), required: ['startTime', 'endTime'] },
  words: { zh: { title: '月报' }, en: { title: 'Monthly' } },
} as const satisfies ReportSchema;
const byNumber = {
  ...base,
  id: 'unitByNumber',
  endpoint: { module: 'UnitReport', action: 'getByNumber' },
  conditions: { ...conditionObject({ phoneNo: exactPhone('c.phone_no') }), required: ['phoneNo'] },
  words: { zh: { title: '按号码' }, en: { title: 'By number' } },
} as const satisfies ReportSchema;

let posts: { url: string; body: Record<string, unknown> }[];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  posts = [];
  vi.spyOn(http, 'get').mockImplementation((async () => ({ code: 200, msg: 'success', data: { reports: [monthly, byNumber].map(reportView) } })) as unknown as typeof http.get);
  vi.spyOn(http, 'post').mockImplementation((async (url: string, body: Record<string, unknown>) => {
    posts.push({ url, body });
    return { code: 200, msg: 'success', data: { list: [{ callId: 'c-1' }], total: 1 } };
  }) as unknown as typeof http.post);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh');
});

const open = (path: string) =>
  renderInRefine(<Routes><Route path="/reports/:id" element={<ReportRoute />} /></Routes>, {
    path,
    authProvider: stubAuth({ check: async () => ({ authenticated: true }) }),
    dataProviders: { reports: createReportProvider('', http, (key, values) => i18n.t(key, values ?? {})) },
  });

describe('default conditions', () => {
  it('name whole days: the last full month, the last 7 days and the 7 before', () => {
    expect(periodDays('lastFullMonth', new Date(2026, 2, 3, 15))).toEqual(['2026-02-01', '2026-02-28']);
    expect(periodDays('lastFullMonth', new Date(2026, 0, 31, 23, 59))).toEqual(['2025-12-01', '2025-12-31']);
    expect(periodDays('last7Days', new Date(2026, 2, 3))).toEqual(['2026-02-25', '2026-03-03']);
    expect(periodDays('previous7Days', new Date(2026, 2, 3))).toEqual(['2026-02-18', '2026-02-24']);
    expect(defaultConditions(monthly.conditions, new Date(2024, 2, 10))).toEqual({ startTime: '2024-02-01', endTime: '2024-02-29' });
  });

  it("fill the screen's first request, and no error shows", async () => {
    open('/reports/unitMonthly');
    await waitFor(() => expect(posts.length).toBeGreaterThan(0));
    const [from, to] = periodDays('lastFullMonth', new Date());
    expect(posts[0]).toMatchObject({ url: '/api/UnitReport/getMonthly', body: { startTime: from, endTime: to } });
    expect(await screen.findByText('c-1')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(screen.queryByTestId('list-required')).toBeNull();
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe(from);
  });

  it('leave a required condition without one to the reader: no request, a note naming the field', async () => {
    open('/reports/unitByNumber');
    expect((await screen.findByTestId('list-required')).textContent).toContain('Fill in');
    expect(screen.getByTestId('list-required').textContent).toMatch(/Fill in .+, then query/);
    expect(posts).toEqual([]);
    expect(screen.queryByTestId('list-error')).toBeNull();
  });
});
