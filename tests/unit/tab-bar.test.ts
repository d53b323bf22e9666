// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { closeTabs, keepAlive, KEEP_ALIVE_MAX, nextActive, tabKey, visit, type VisitedTab } from '../../src/shell/tabs/tab-ops';

const tab = (key: string, closable = true): VisitedTab => ({ key, to: key, title: key, closable });
const keys = (tabs: readonly VisitedTab[]) => tabs.map((t) => t.key);
const HOME = tab('/index', false);
const LOCKED = tab('/locked', false);
const tabs = [HOME, tab('/a'), LOCKED, tab('/b'), tab('/c')];

describe('tab bar', () => {
  it('a visit adds a tab once; a second visit follows the address and keeps the place', () => {
    let list = visit([], tab('/a'));
    list = visit(list, HOME);
    list = visit(list, { ...tab('/a'), to: '/a?currentPage=2' });
    expect(keys(list)).toEqual(['/index', '/a']);
    expect(list[1]?.to).toBe('/a?currentPage=2');
  });

  it('dynamicNewTab gives each address a tab of its own', () => {
    expect(tabKey('/order?id=1', true)).toBe('/order?id=1');
    expect(tabKey('/order?id=1', false)).toBe('/order');
    const list = visit(visit([], tab(tabKey('/order?id=1', true))), tab(tabKey('/order?id=2', true)));
    expect(keys(list)).toEqual(['/order?id=1', '/order?id=2']);
  });

  it('close others, left, right and all keep home and noClosable tabs', () => {
    expect(keys(closeTabs(tabs, '/b', 'others'))).toEqual(['/index', '/locked', '/b']);
    expect(keys(closeTabs(tabs, '/b', 'left'))).toEqual(['/index', '/locked', '/b', '/c']);
    expect(keys(closeTabs(tabs, '/a', 'right'))).toEqual(['/index', '/a', '/locked']);
    expect(keys(closeTabs(tabs, '/a', 'all'))).toEqual(['/index', '/locked']);
    expect(keys(closeTabs(tabs, '/b', 'self'))).toEqual(['/index', '/a', '/locked', '/c']);
    expect(keys(closeTabs(tabs, '/index', 'self'))).toEqual(keys(tabs));
  });

  it('closing the active tab moves to the one on its right, else the last', () => {
    expect(nextActive(tabs, closeTabs(tabs, '/b', 'self'), '/b')?.key).toBe('/c');
    expect(nextActive(tabs, closeTabs(tabs, '/c', 'self'), '/c')?.key).toBe('/b');
    expect(nextActive(tabs, closeTabs(tabs, '/a', 'all'), '/b')?.key).toBe('/locked');
    expect(nextActive(tabs, closeTabs(tabs, '/c', 'self'), '/a')).toBeUndefined();
  });

  it('keep-alive keeps at most 20 pages, dropping the least recently shown and closed ones', () => {
    const open = new Set(Array.from({ length: 30 }, (_, i) => `/p${i}`));
    let kept: string[] = [];
    for (let i = 0; i < 25; i++) kept = keepAlive(kept, `/p${i}`, open);
    expect(kept).toHaveLength(KEEP_ALIVE_MAX);
    expect(kept[0]).toBe('/p5');
    kept = keepAlive(kept, '/p5', open);
    expect(kept[KEEP_ALIVE_MAX - 1]).toBe('/p5');
    expect(kept[0]).toBe('/p6');
    open.delete('/p10');
    expect(keepAlive(kept, '/p7', open)).not.toContain('/p10');
  });
});
