import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { Button, Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { sessionStyleCache } from '../../src/shell/theme/style-cache';

type Cache = ReturnType<typeof createCache>;

/** A screen of antd components drawn under `cache`, then taken away (a screen left for another). */
function visit(cache: Cache) {
  const view = render(
    <StyleProvider cache={cache}>
      <Button>Query</Button>
      <Table rowKey="id" dataSource={[{ id: 1, seat: '8101' }]} columns={[{ key: 'seat', dataIndex: 'seat', title: 'Seat' }]} />
    </StyleProvider>,
  );
  view.unmount();
}

/** The sheets the cache holds for components (antd's style entries: `style%<token>%<component>...`). */
const sheets = (cache: Cache) => [...cache.cache.entries()].filter(([key]) => key.startsWith('style%'));

describe('the session style cache', () => {
  it("antd's own cache forgets a component's sheet once its last instance unmounts", () => {
    const cache = createCache();
    visit(cache);
    expect(sheets(cache)).toEqual([]);
  });

  it('keeps every sheet with a count of none, and a later visit builds none again', () => {
    const cache = sessionStyleCache();
    visit(cache);
    const kept = sheets(cache);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every(([, [count]]) => count === 0)).toBe(true);

    // The second visit finds each sheet as it was left (the same object: not built again).
    const before = new Map(kept.map(([key, [, sheet]]) => [key, sheet]));
    visit(cache);
    const after = sheets(cache);
    expect(after.map(([key]) => key).sort()).toEqual([...before.keys()].sort());
    for (const [key, [, sheet]] of after) expect(sheet).toBe(before.get(key));
  });

  it('counts users as before while the components are on the page', () => {
    const cache = sessionStyleCache();
    const view = render(
      <StyleProvider cache={cache}>
        <Button>One</Button>
        <Button>Two</Button>
      </StyleProvider>,
    );
    const button = sheets(cache).find(([key]) => key.includes('Button'));
    expect(button?.[1][0]).toBeGreaterThan(0);
    view.unmount();
    expect(sheets(cache).find(([key]) => key.includes('Button'))?.[1][0]).toBe(0);
  });
});
