import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoticeItem } from '../../schemas/notice-list';
import type { SearchHit } from '../../schemas/search';
import { ChunkLoadError } from '../../src/lib/chunk-load';
import { useErrorLog } from '../../src/shell/header/error-log';
import { ErrorLogBadge } from '../../src/shell/header/ErrorLogBadge';
import { IeWarning } from '../../src/shell/header/IeWarning';
import { NoticeButton } from '../../src/shell/header/NoticeButton';
import { useRouteProgress } from '../../src/shell/header/progress';
import type { NoticeClient } from '../../src/shell/header/notice-client';
import { ChunkLoadFailed, ScreenBoundary } from '../../src/shell/header/ScreenBoundary';
import SearchDialog from '../../src/shell/header/SearchDialog';
import { localeInstance } from './support/translate';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const renderIn = (ui: ReactNode, lng: 'en' | 'zh' = 'en', at = '/index') =>
  render(
    <I18nextProvider i18n={localeInstance(lng)}>
      <AntApp>
        <MemoryRouter initialEntries={[at]}>
          <Routes><Route path="*" element={<>{ui}<Where /></>} /></Routes>
        </MemoryRouter>
      </AntApp>
    </I18nextProvider>,
  );

afterEach(() => {
  useErrorLog.getState().clear();
  useRouteProgress.getState().hide();
  vi.useRealTimers();
});

describe('search dialog', () => {
  const hits: SearchHit[] = [
    { kind: 'menu', title: 'menu.users', path: '/system/user' },
    { kind: 'workOrder', title: 'Lamp out', detail: 'WO-1', path: '/workorder/order/7' },
  ];

  it('asks 500 ms after the last key, once, and opens the hit chosen with the arrows and Enter', async () => {
    vi.useFakeTimers();
    const fetchHits = vi.fn(async () => hits);
    const onClose = vi.fn();
    renderIn(<SearchDialog open onClose={onClose} fetchHits={fetchHits} />);
    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: 'us' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(input, { target: { value: 'use' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(fetchHits).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchHits).toHaveBeenCalledTimes(1);
    expect(fetchHits).toHaveBeenCalledWith('use');
    await act(() => vi.advanceTimersByTimeAsync(0));
    const shown = screen.getAllByTestId('search-hit');
    expect(shown.map((h) => h.textContent)).toEqual(['MenuUsers', 'Work orderLamp outWO-1']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/workorder/order/7');
    expect(onClose).toHaveBeenCalled();
  });

  it('says when nothing is found, in Chinese too', async () => {
    renderIn(<SearchDialog open onClose={() => undefined} fetchHits={async () => []} />, 'zh');
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'zzz' } });
    expect(await screen.findByText('没有找到')).toBeTruthy();
  });
});

describe('notification popover', () => {
  const notices: NoticeItem[] = [
    { id: 1, title: 'Holiday hours', content: 'Closed Monday', kind: 'notice', createTime: '2026-11-27 09:00:00' },
    { id: 2, title: 'Report mailed', content: '', kind: 'email', createTime: '2026-11-27 10:00:00' },
  ];
  const clientWith = (list: NoticeItem[]): NoticeClient & { clear: ReturnType<typeof vi.fn> } => ({
    list: vi.fn(async () => ({ list, total: list.length })),
    clear: vi.fn(async () => 'messages cleared'),
  });

  it('counts what is unread, lists it under the notice and email tabs, and clears it with the server\'s message', async () => {
    const client = clientWith(notices);
    renderIn(<NoticeButton client={client} />);
    await waitFor(() => expect(screen.getByTestId('notice-badge').textContent).toContain('2'));
    fireEvent.click(screen.getByTestId('header-notice'));
    const popover = await screen.findByTestId('notice-popover');
    expect(popover.textContent).toContain('Holiday hours');
    fireEvent.click(screen.getByTestId('notice-tab-email'));
    await waitFor(() => expect(screen.getByText('Report mailed')).toBeTruthy());
    fireEvent.click(screen.getByTestId('notice-clear'));
    await waitFor(() => expect(client.clear).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('messages cleared')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('notice-badge').textContent).not.toContain('2'));
  });

  it('with nothing unread, says so and offers no clear', async () => {
    renderIn(<NoticeButton client={clientWith([])} />, 'zh');
    fireEvent.click(screen.getByTestId('header-notice'));
    expect((await screen.findAllByText('暂无消息')).length).toBeGreaterThan(0);
    expect((screen.getByTestId('notice-clear') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('screen boundary', () => {
  function Failing({ error }: { error: Error }): ReactNode {
    throw error;
  }
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('a screen whose code did not load shows the ChunkLoadError screen with a reload action', async () => {
    quiet();
    useRouteProgress.getState().start();
    const { unmount } = renderIn(<ScreenBoundary resetKey="/call"><Failing error={new ChunkLoadError('timed out')} /></ScreenBoundary>);
    expect(await screen.findByTestId('chunk-load-error')).toBeTruthy();
    // The route's progress bar completes: the screen will not come.
    expect(useRouteProgress.getState().width).toBe(1);
    expect(screen.getByText('This screen failed to load')).toBeTruthy();
    expect(screen.getByTestId('chunk-reload').textContent).toBe('Reload');
    unmount();
    const reload = vi.fn();
    renderIn(<ChunkLoadFailed reload={reload} />, 'zh');
    fireEvent.click(screen.getByTestId('chunk-reload'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('页面加载失败')).toBeTruthy();
  });

  it('a screen that throws is recorded in the error log with its route, and the badge opens the list and clears it', async () => {
    quiet();
    window.location.hash = '#/call';
    renderIn(<><ErrorLogBadge /><ScreenBoundary resetKey="/call"><Failing error={new Error('render failed')} /></ScreenBoundary></>, 'zh');
    expect(await screen.findByTestId('screen-error')).toBeTruthy();
    expect(useErrorLog.getState().errors.map((e) => [e.route, e.message])).toEqual([['/call', 'render failed']]);
    fireEvent.click(await screen.findByTestId('error-log-open'));
    const table = await screen.findByTestId('error-log-table');
    expect(table.textContent).toContain('render failed');
    expect(table.textContent).toContain('路由');
    fireEvent.click(screen.getByTestId('error-log-clear'));
    expect(useErrorLog.getState().errors).toEqual([]);
    window.location.hash = '';
  });
});

describe('Internet Explorer warning', () => {
  it('shows for Internet Explorer only', async () => {
    const { unmount } = renderIn(<IeWarning userAgent="Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko" />);
    expect(await screen.findByText(/Internet Explorer is no longer maintained/)).toBeTruthy();
    unmount();
    renderIn(<IeWarning userAgent="Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" />);
    expect(screen.queryByText(/Internet Explorer is no longer maintained/)).toBeNull();
  });
});

describe('route progress bar', () => {
  it('runs from an address change until the screen is shown, then fades out', async () => {
    vi.useFakeTimers();
    const { RouteProgress, RouteShown } = await import('../../src/shell/header/RouteProgress');
    let shown = false;
    function Screen() {
      return shown ? <RouteShown /> : null;
    }
    const view = renderIn(<><RouteProgress /><Screen /></>);
    const bar = () => screen.queryByTestId('route-progress');
    expect(bar()?.getAttribute('aria-valuenow')).toBe('8');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(Number(bar()?.getAttribute('aria-valuenow'))).toBeGreaterThan(8);
    expect(Number(bar()?.getAttribute('aria-valuenow'))).toBeLessThan(100);
    shown = true;
    view.rerender(
      <I18nextProvider i18n={localeInstance('en')}>
        <AntApp>
          <MemoryRouter initialEntries={['/index']}>
            <Routes><Route path="*" element={<><RouteProgress /><Screen /></>} /></Routes>
          </MemoryRouter>
        </AntApp>
      </I18nextProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(bar()).toBeNull();
    expect(useRouteProgress.getState().width).toBeNull();
  });
});
