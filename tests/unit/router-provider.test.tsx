import { ResourceContext, type ParseResponse } from '@refinedev/core';
import bindings from '@refinedev/react-router';
import { waitFor } from '@testing-library/react';
import { useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { matchRoute, routerProvider } from '../../src/app/router-provider';
import { renderInRefine, stubAuth } from './support/harness';

/**
 * The console's `parse` (src/app/router-provider.ts) against Refine's own bindings: the same answer
 * for every kind of address, with the route matched once per resource list and pathname.
 */
const ADDRESSES = [
  '/index',
  '/system/user',
  '/system/user/create',
  '/system/user/edit/12',
  '/system/user/show/a%20b',
  '/system/role?currentPage=2&pageSize=20&filters[0][field]=name&filters[0][operator]=contains&filters[0][value]=x&sorters[0][field]=id&sorters[0][order]=desc',
  '/system/user?currentPage=2x&to=%2Fsystem%2Frole',
  '/nowhere/at/all',
];

const plain = (r: ParseResponse) => JSON.parse(JSON.stringify({ ...r, resource: r.resource?.name }, (_k, v) => (v === undefined ? null : v))) as unknown;

describe('the console router provider', () => {
  it.each(ADDRESSES)('parses %s as Refine does', async (path) => {
    let ours: ParseResponse | undefined;
    let refine: ParseResponse | undefined;
    function Probe() {
      const a = routerProvider.parse!()();
      const b = bindings.parse!()();
      ours = a;
      refine = b;
      return null;
    }
    renderInRefine(<Probe />, { path, authProvider: stubAuth() });
    await waitFor(() => expect(ours).toBeDefined());
    expect(plain(ours!)).toEqual(plain(refine!));
    // The resource itself, not a copy: screens compare it by reference.
    expect(ours!.resource).toBe(refine!.resource);
  });

  it('reads the resource, action, id and a list\'s paging and filters from the address', async () => {
    const got: ParseResponse[] = [];
    function Probe() {
      got.push(routerProvider.parse!()());
      return null;
    }
    renderInRefine(<Probe />, { path: ADDRESSES[3]!, authProvider: stubAuth() });
    renderInRefine(<Probe />, { path: ADDRESSES[5]!, authProvider: stubAuth() });
    await waitFor(() => expect(new Set(got.map((g) => g.pathname)).size).toBe(2));
    const edit = got.find((g) => g.pathname === '/system/user/edit/12')!;
    expect(edit).toMatchObject({ resource: { name: 'users' }, action: 'edit', id: '12' });
    const list = got.find((g) => g.pathname === '/system/role')!;
    expect(list.action).toBe('list');
    expect(list.params).toMatchObject({ currentPage: 2, pageSize: 20, filters: [{ field: 'name', operator: 'contains', value: 'x' }], sorters: [{ field: 'id', order: 'desc' }] });
  });

  it('matches a pathname once per resource list: the same answer object for every component', async () => {
    const seen: unknown[] = [];
    function Probe() {
      const { resources } = useContext(ResourceContext);
      seen.push(matchRoute('/system/user/edit/3', resources), matchRoute('/system/user/edit/3', resources));
      return null;
    }
    renderInRefine(<><Probe /><Probe /></>, { path: '/system/user', authProvider: stubAuth() });
    await waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(4));
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).toMatchObject({ found: true, action: 'edit', resource: { name: 'users' } });
    // Another pathname, another answer.
    const other = seen[0] as { resource: unknown };
    expect(matchRoute('/system/role', [other.resource as never])).not.toBe(seen[0]);
  });
});
