import type { GetListParams } from '@refinedev/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../src/app/session';
import { ADMIN_GRANTS, ADMIN_ROUTES, AGENT_GRANTS, AGENT_ROUTES, SUPERVISOR_GRANTS, SUPERVISOR_ROUTES, USER_ROWS } from './support/fixtures';
import { location, renderConsole, sideMenu, signIn, SLOW } from './support/signed-in';

/** Users, plus the option lists their columns show labels from. */
const data = {
  getList: async ({ resource, meta }: GetListParams) => {
    if (meta?.action === 'getDepartmentOptions') return { data: [{ label: '电话客服部', value: 1 }] as never[], total: 1 };
    if (meta?.action === 'getLineOptions') return { data: [{ label: '主线路', value: 1 }] as never[], total: 1 };
    if (meta?.action === 'getRoleOptions') return { data: [{ label: '管理员', value: 'admin' }, { label: '坐席', value: 'agent' }] as never[], total: 2 };
    return resource === 'users' ? { data: USER_ROWS as never[], total: 2 } : { data: [], total: 0 };
  },
};

afterEach(() => useSession.getState().reset());

describe('server-driven menus and screens', () => {
  it('an agent sees home only; a console screen outside their menus is 403, anything else 404', async () => {
    signIn(AGENT_GRANTS.roles, AGENT_GRANTS.ability, AGENT_ROUTES);
    const { unmount } = renderConsole('/system/user', data);
    await waitFor(() => expect(location()).toBe('/403'), SLOW);
    unmount();

    renderConsole('/index', data);
    await screen.findByTestId('greeting', {}, SLOW);
    expect(sideMenu().getByText('首页')).toBeTruthy();
    expect(sideMenu().queryByText('系统管理')).toBeNull();
    const links = within(screen.getByTestId('side-menu')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/index']);
  });

  it('an unknown path is 404', async () => {
    signIn(AGENT_GRANTS.roles, AGENT_GRANTS.ability, AGENT_ROUTES);
    renderConsole('/no/such/page', data);
    await waitFor(() => expect(location()).toBe('/404'), SLOW);
  });

  it('a supervisor gets System with users, departments and lines; /system opens the users list', async () => {
    signIn(SUPERVISOR_GRANTS.roles, SUPERVISOR_GRANTS.ability, SUPERVISOR_ROUTES);
    renderConsole('/system', data);
    await waitFor(() => expect(location()).toBe('/system/user'), SLOW);
    const table = await screen.findByTestId('resource-table', {}, SLOW);
    expect(await within(table).findByText('李娜')).toBeTruthy();
    expect(sideMenu().getByText('系统管理')).toBeTruthy();
    for (const entry of ['用户管理', '部门管理', '线路管理']) expect(sideMenu().getByText(entry)).toBeTruthy();
    for (const entry of ['角色管理', '菜单管理']) expect(sideMenu().queryByText(entry)).toBeNull();
  });

  it('the users list formats by type: option labels, role tags, yes/no', async () => {
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES);
    renderConsole('/system/user', data);
    const table = await screen.findByTestId('resource-table', {}, SLOW);
    const row = (await within(table).findByText('李娜')).closest('tr') as HTMLElement;
    await waitFor(() => {
      expect(within(row).getByText('电话客服部')).toBeTruthy();
      expect(within(row).getByText('坐席')).toBeTruthy();
    });
    expect(within(row).getByText('否')).toBeTruthy();
    // Waiting for approval (a self-registration): yes.
    expect(within(row).getByText('是')).toBeTruthy();
    expect(within(row).getByText('-')).toBeTruthy();
  });

  it('a screen of a menu the supervisor has, but an action they may not take, is 403', async () => {
    signIn(SUPERVISOR_GRANTS.roles, SUPERVISOR_GRANTS.ability, SUPERVISOR_ROUTES);
    renderConsole('/system/user/create', data);
    await waitFor(() => expect(location()).toBe('/403'), SLOW);
  });

  it('the filter bar sends its values as conditions from the first page', async () => {
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES);
    const getList = vi.fn(data.getList);
    renderConsole('/system/user', { getList });
    await screen.findByTestId('resource-table', {}, SLOW);
    const bar = screen.getByTestId('filter-bar');
    fireEvent.change(within(bar).getByLabelText('用户名'), { target: { value: 'agent' } });
    fireEvent.click(within(bar).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({
        resource: 'users',
        pagination: expect.objectContaining({ currentPage: 1, pageSize: 10 }),
        filters: expect.arrayContaining([{ field: 'userName', operator: 'contains', value: 'agent' }]),
      })),
    );
  });

  it("a menu that places an entity elsewhere leads to the entity's list", async () => {
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, [{ path: '/admin/people', component: 'resources/users', meta: { title: 'menu.users' } }]);
    renderConsole('/admin/people', data);
    await waitFor(() => expect(location()).toBe('/system/user'), SLOW);
    expect(await screen.findByTestId('resource-table', {}, SLOW)).toBeTruthy();
  });

  it('menu entries opening in a new tab are plain links with target _blank', async () => {
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, [
      ...AGENT_ROUTES,
      { path: 'https://example.com/help', component: '', meta: { title: 'Help' } },
      { path: '/system/line', component: 'resources/lines', meta: { title: 'menu.lines', target: '_blank' } },
    ]);
    renderConsole('/index', data);
    await screen.findByTestId('greeting', {}, SLOW);
    expect(sideMenu().getByText('Help').closest('a')).toMatchObject({ target: '_blank', href: 'https://example.com/help' });
    expect(sideMenu().getByText('线路管理').closest('a')?.getAttribute('href')).toBe('#/system/line');
  });

  it('a submenu of more than 18 entries scrolls', async () => {
    const many = Array.from({ length: 19 }, (_, i) => ({ path: `p${i}`, component: 'Home', meta: { title: `Page ${i}` } }));
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, [...AGENT_ROUTES, { path: '/many', component: 'Layout', meta: { title: 'Many' }, children: many }]);
    renderConsole('/index', data);
    await screen.findByTestId('greeting', {}, SLOW);
    expect(sideMenu().getByText('Many').closest('li')?.className).toContain('console-menu-scroll');
  });
});
