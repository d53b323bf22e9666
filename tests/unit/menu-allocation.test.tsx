import type { GetListParams } from '@refinedev/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { schemaOf } from '../../resources';
import { allocatedIds, ALLOC_MENU_URL, allowedMenuIds, checkedLeaves, type MenuRow } from '../../resources/roles/MenuAllocation';
import { useSession } from '../../src/app/session';
import { ADMIN_GRANTS, ADMIN_ROUTES, SUPERVISOR_GRANTS, SUPERVISOR_ROUTES } from './support/fixtures';
import { renderConsole, signIn, SLOW } from './support/signed-in';

const MENUS: MenuRow[] = [
  { id: 1, title: 'menu.home' },
  { id: 2, title: 'menu.system', children: [
    { id: 3, title: 'menu.users' }, { id: 4, title: 'menu.roles' }, { id: 5, title: 'menu.departments' },
    { id: 6, title: 'menu.menus' }, { id: 7, title: 'menu.lines' },
  ] },
];

const ROLES = [
  { id: 1, code: 'admin', name: '管理员', abilities: ['READ', 'WRITE', 'DELETE'], menuIds: [1, 2, 3, 4, 5, 6, 7] },
  { id: 3, code: 'agent', name: '坐席', abilities: ['READ', 'WRITE'], menuIds: [1] },
];

const lists = async ({ resource }: GetListParams) =>
  resource === 'menus' ? { data: MENUS as never[], total: 7 } : resource === 'roles' ? { data: ROLES as never[], total: 2 } : { data: [], total: 0 };

afterEach(() => useSession.getState().reset());

describe('menu ids', () => {
  it('the tree ticks leaves only: a ticked parent would tick all its children', () => {
    expect(checkedLeaves(MENUS, [1, 2, 3, 7])).toEqual([1, 3, 7]);
    expect(checkedLeaves(MENUS, [2])).toEqual([]);
  });

  it('saving adds the parents of ticked entries', () => {
    expect(allocatedIds(MENUS, [7, 1])).toEqual([1, 2, 7]);
    expect(allocatedIds(MENUS, ['2', '3', '4', '5', '6', '7'])).toEqual([2, 3, 4, 5, 6, 7]);
  });
});

describe('menus a role may be given', () => {
  const tree: MenuRow[] = [
    { id: 1, title: 'menu.home', component: 'Home' },
    { id: 2, title: 'menu.system', component: 'Layout', children: [
      { id: 3, title: 'menu.departments', component: 'resources/departments' },
      { id: 4, title: 'menu.users', component: 'resources/users' },
    ] },
  ];
  const readers = (entity: string) => schemaOf(entity)?.['x-resource'].permissions.read;

  it("offers an entity's screen only to roles its schema lets read it, and a folder only with something in it", () => {
    const agent = allowedMenuIds(tree, { roles: ['agent'], ability: [] }, schemaOf);
    for (const row of tree.flatMap((r) => [r, ...(r.children ?? [])])) {
      const rule = row.component?.startsWith('resources/') ? readers(row.component.slice(10)) : undefined;
      if (rule !== undefined) expect([row.title, agent.has(row.id)]).toEqual([row.title, Array.isArray(rule) ? rule.includes('agent') : agent.has(row.id)]);
    }
    expect(agent.has(1)).toBe(true);
    expect(agent.has(2)).toBe([3, 4].some((id) => agent.has(id)));
  });

  it('gives an admin everything', () => {
    expect([...allowedMenuIds(tree, { roles: ['admin'], ability: [] }, schemaOf)].sort()).toEqual([1, 2, 3, 4]);
  });

  it('hides a folder whose screens the role may not read', () => {
    const nobody = allowedMenuIds(tree, { roles: ['guest'], ability: [] }, () => ({ 'x-resource': { permissions: { read: ['admin'] } } }) as never);
    expect([...nobody]).toEqual([1]);
  });
});

// Rendered pages: the lazy chunks load once before the tests, and each test may wait SLOW for a step.
beforeAll(async () => {
  await Promise.all([import('../../src/shell/ShellLayout'), import('../../src/pages/resource/ListPage')]);
}, 60_000);

describe("the roles list's menus action", () => {
  it('opens the menu tree with the role\'s menus ticked and saves with allocMenu', async () => {
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES);
    const custom = vi.fn(async () => ({ data: null as never }));
    renderConsole('/system/role', { getList: lists, custom });
    const table = await screen.findByTestId('resource-table', {}, SLOW);
    const row = (await within(table).findByText('agent')).closest('tr') as HTMLElement;
    fireEvent.click(await within(row).findByTestId('alloc-menus', {}, SLOW));

    const dialog = await screen.findByTestId('alloc-menus-dialog');
    await within(dialog).findByText('线路管理');
    expect(within(dialog).getByText('坐席的菜单')).toBeTruthy();
    const checked = () => [...dialog.querySelectorAll('.ant-tree-treenode-checkbox-checked')].map((node) => node.textContent);
    expect(checked()).toEqual(['首页']);

    fireEvent.click(within(dialog).getByText('线路管理'));
    fireEvent.click(within(dialog).getByText('首页'));
    fireEvent.click(within(dialog).getByTestId('alloc-menus-save'));
    await waitFor(() =>
      expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: ALLOC_MENU_URL, method: 'post', payload: { roleId: 3, menuIds: [2, 7] } })),
    );
    await waitFor(() => expect(screen.queryByTestId('alloc-menus-dialog')).toBeNull());
  });

  it('is not offered to a supervisor', async () => {
    signIn(SUPERVISOR_GRANTS.roles, SUPERVISOR_GRANTS.ability, [...SUPERVISOR_ROUTES, ADMIN_ROUTES[1]?.children?.[1]]);
    renderConsole('/system/role', { getList: lists });
    const table = await screen.findByTestId('resource-table', {}, SLOW);
    await within(table).findByText('agent');
    expect(within(table).queryByTestId('alloc-menus')).toBeNull();
  });
});
