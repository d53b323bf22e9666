// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT, ChunkLoadError, isChunkLoadError, loadChunk } from '../../src/lib/chunk-load';
import { breadcrumbTrail } from '../../src/shell/breadcrumb';
import { ERROR_LOG_MAX, installErrorHandlers, useErrorLog } from '../../src/shell/header/error-log';
import { toggleFullScreen } from '../../src/shell/header/full-screen';
import { isInternetExplorer } from '../../src/shell/header/ie';
import { PROGRESS_SPEED, PROGRESS_TRICKLE, trickle, useRouteProgress } from '../../src/shell/header/progress';
import { isSearchShortcut } from '../../src/shell/header/SearchButton';
import type { MenuNode } from '../../src/shell/side-menu';

afterEach(() => {
  useErrorLog.getState().clear();
  useRouteProgress.getState().hide();
  vi.useRealTimers();
  window.location.hash = '';
});

describe('route progress bar', () => {
  it('moves at the spec\'s speed 500 and trickle 200, forward by itself but never to the end', () => {
    expect([PROGRESS_SPEED, PROGRESS_TRICKLE]).toEqual([500, 200]);
    let n = 0.08;
    for (let i = 0; i < 1000; i++) {
      const next = trickle(n);
      expect(next).toBeGreaterThanOrEqual(n);
      n = next;
    }
    expect(n).toBeLessThan(1);
    expect(n).toBeGreaterThan(0.99);
  });

  it('starts, steps and completes only when done', () => {
    const bar = useRouteProgress.getState();
    bar.start();
    bar.step();
    expect(useRouteProgress.getState().width).toBeCloseTo(0.18);
    bar.done();
    expect(useRouteProgress.getState().width).toBe(1);
    bar.step();
    expect(useRouteProgress.getState().width).toBe(1);
    bar.hide();
    bar.done();
    expect(useRouteProgress.getState().width).toBeNull();
  });
});

describe('Internet Explorer warning', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', true],
    ['Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)', true],
    ['Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0', false],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', false],
  ])('%s: %s', (ua, ie) => expect(isInternetExplorer(ua)).toBe(ie));
});

describe('search shortcut', () => {
  it('is Ctrl+K (or Cmd+K), not K alone nor Ctrl+Alt+K', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('j', { ctrlKey: true }))).toBe(false);
  });
});

describe('chunk loading', () => {
  it('a screen\'s code not arrived within 120 s is a ChunkLoadError', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT).toBe(120_000);
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.catch(() => { settled = true; });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await caught;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('the browser\'s failed import becomes a ChunkLoadError; other errors stay as they are; a module that comes is given', async () => {
    const failed = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).catch((e: unknown) => e);
    expect((failed as Error).name).toBe('ChunkLoadError');
    const other = await loadChunk(() => Promise.reject(new RangeError('bad'))).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(RangeError);
    expect(isChunkLoadError(other)).toBe(false);
    expect(await loadChunk(() => Promise.resolve({ default: 1 }))).toEqual({ default: 1 });
  });
});

describe('error log', () => {
  it('records an error with its route and time; keeps the latest 50; clears', () => {
    window.location.hash = '#/system/user?currentPage=2';
    useErrorLog.getState().add(new Error('boom'));
    const [first] = useErrorLog.getState().errors;
    expect(first).toMatchObject({ route: '/system/user?currentPage=2', message: 'boom' });
    expect(first!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (let i = 0; i < ERROR_LOG_MAX + 5; i++) useErrorLog.getState().add(`e${i}`);
    expect(useErrorLog.getState().errors).toHaveLength(ERROR_LOG_MAX);
    expect(useErrorLog.getState().errors.at(-1)!.message).toBe(`e${ERROR_LOG_MAX + 4}`);
    useErrorLog.getState().clear();
    expect(useErrorLog.getState().errors).toEqual([]);
  });

  it('the global handler records uncaught errors and unhandled rejections until removed', () => {
    window.location.hash = '#/call';
    // A window of its own: the test runner listens to the real one's errors.
    const target = new EventTarget() as Window;
    const remove = installErrorHandlers(target);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught'), message: 'uncaught' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('rejected') });
    target.dispatchEvent(rejection);
    expect(useErrorLog.getState().errors.map((e) => [e.route, e.message])).toEqual([['/call', 'uncaught'], ['/call', 'rejected']]);
    remove();
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('after') }));
    expect(useErrorLog.getState().errors).toHaveLength(2);
  });
});

describe('full screen', () => {
  it('rejects when the browser has no full-screen API or refuses it, so the header can say so', async () => {
    const doc = { fullscreenElement: null, documentElement: {} } as unknown as Document;
    await expect(toggleFullScreen(doc)).rejects.toThrow();
    const refusing = { fullscreenElement: null, documentElement: { requestFullscreen: () => Promise.reject(new TypeError('denied')) } } as unknown as Document;
    await expect(toggleFullScreen(refusing)).rejects.toThrow('denied');
    const exit = vi.fn(() => Promise.resolve());
    await toggleFullScreen({ fullscreenElement: {}, exitFullscreen: exit } as unknown as Document);
    expect(exit).toHaveBeenCalled();
  });
});

describe('breadcrumb', () => {
  const menu: MenuNode[] = [
    { key: '/index', title: 'menu.home', external: false },
    { key: '/call', title: 'menu.calls', external: false },
    { key: '/system', title: 'menu.system', external: false, children: [
      { key: '/system/user', title: 'menu.users', external: false },
      { key: '/system/notice', title: 'menu.notices', external: false },
    ] },
  ];
  it('home alone on home; home and the entry on a top-level screen', () => {
    expect(breadcrumbTrail('/index', menu, '/index')).toEqual([{ title: 'menu.home' }]);
    expect(breadcrumbTrail('/call', menu, '/call')).toEqual([{ title: 'menu.home', path: '/index' }, { title: 'menu.calls' }]);
  });
  it('the group and the entry inside a group; a record\'s page adds its action under a link to the list', () => {
    expect(breadcrumbTrail('/system/user', menu, '/system/user')).toEqual([{ title: 'menu.home', path: '/index' }, { title: 'menu.system' }, { title: 'menu.users' }]);
    expect(breadcrumbTrail('/system/user/edit/3', menu, '/system/user')).toEqual(
      [{ title: 'menu.home', path: '/index' }, { title: 'menu.system' }, { title: 'menu.users', path: '/system/user' }, { title: 'buttons.edit' }]);
  });
  it('a screen outside the menu: home and the screen\'s own title', () => {
    expect(breadcrumbTrail('/setting/personalCenter', menu, undefined, { title: 'personal.title' })).toEqual(
      [{ title: 'menu.home', path: '/index' }, { title: 'personal.title' }]);
  });
});
