import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { stringifyTableParams } from '@refinedev/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../src/app/i18n';
import { ExportButton, fileNameOf } from '../../src/pages/report/ExportButton';
import fullCallReport from '../../schemas/reports/full-call-report';

afterEach(() => i18n.changeLanguage('zh'));

/** The report page's URL as the list writes it: page 3 of 20, a date range and a sort. */
const url = `/reportcall/fullcallreport?${stringifyTableParams({
  pagination: { currentPage: 3, pageSize: 20 },
  sorters: [{ field: 'ringSeconds', order: 'desc' }],
  filters: [{ field: 'startTime', operator: 'eq', value: '2020-03-01' }, { field: 'endTime', operator: 'eq', value: '2020-03-31' }],
})}`;

const mount = () => render(<MemoryRouter initialEntries={[url]}><App><ExportButton report={fullCallReport} /></App></MemoryRouter>);

/** A streamed answer whose chunks arrive when `next()` is called. */
function streamed(chunks: string[], headers: Record<string, string>) {
  let push: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise<void>((resolve) => { push = resolve; });
      const chunk = chunks.shift();
      if (chunk === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(chunk));
    },
  });
  return { response: new Response(body, { status: 200, headers }), next: () => push?.() };
}

describe('report Export button', () => {
  it('posts the table\'s conditions without paging, shows the bytes received and saves under the server\'s name', async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem('token', 'tok');
    const { response, next } = streamed(['x'.repeat(3000), 'y'.repeat(3000)], {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="_-2026.csv"; filename*=UTF-8''${encodeURIComponent('通话报表-2026-11-23.csv')}`,
    });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
    const created = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { names.push(this.download); });
    mount();
    fireEvent.click(screen.getByText('Export'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [target, init] = fetchMock.mock.calls[0]!;
    expect(target).toBe('/api/export/CallReport/getFullCallReport?format=xlsx');
    expect(JSON.parse(String(init!.body))).toEqual({ startTime: '2020-03-01', endTime: '2020-03-31', sortField: 'ringSeconds', sortOrder: 'desc' });
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
    next();
    await screen.findByText('3 KB received');
    next();
    await screen.findByText('6 KB received');
    next();
    await waitFor(() => expect(names).toEqual(['通话报表-2026-11-23.csv']));
    expect(created).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Export')).toBeTruthy();
  });

  it('shows the share of the rows received, the server having said how many the file holds', async () => {
    await i18n.changeLanguage('en');
    const { response, next } = streamed(['\uFEFFid,note\r\n1,a\r\n', '2,"two\r\nlines"\r\n', '3,c\r\n4,d\r\n'], {
      'content-type': 'text/csv; charset=utf-8', 'x-export-rows': '4',
    });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    mount();
    fireEvent.click(screen.getByText('Export'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    next();
    await screen.findByText('25% received (1 KB)');
    next();
    await screen.findByText('50% received (1 KB)');
    await i18n.changeLanguage('zh');
    await screen.findByText('已接收 50%（1 KB）');
    next();
    await screen.findByText('已接收 100%（1 KB）');
    next();
    await screen.findByText(/^导\s*出$/);
  });

  it('cancels a download under way', async () => {
    await i18n.changeLanguage('en');
    let aborted = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      init!.signal!.addEventListener('abort', () => {
        aborted = true;
        reject(new DOMException('aborted', 'AbortError'));
      });
    }));
    mount();
    fireEvent.click(screen.getByText('Export'));
    fireEvent.click(await screen.findByText('Cancel export'));
    await waitFor(() => expect(aborted).toBe(true));
    expect(await screen.findByText('Export cancelled')).toBeTruthy();
  });

  it('shows the server\'s refusal', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ code: 400, msg: 'The export would hold 7 rows, more than the 5 allowed.', data: null }), { status: 400 }));
    mount();
    fireEvent.click(screen.getByText('Export'));
    expect(await screen.findByText('The export would hold 7 rows, more than the 5 allowed.')).toBeTruthy();
  });

  it('reads the RFC 5987 name first, then the plain one', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E9%80%9A.xlsx`, 'f')).toBe('通.xlsx');
    expect(fileNameOf('attachment; filename="a.xlsx"', 'f')).toBe('a.xlsx');
    expect(fileNameOf(null, 'f.csv')).toBe('f.csv');
  });
});
