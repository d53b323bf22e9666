import type { GetListParams } from '@refinedev/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../src/app/session';
import { ApiError } from '../../data-providers/http-error';
import { INITIAL_PAGE_SIZE, PAGE_SIZES } from '../../src/pages/resource/list-description';
import { ADMIN_GRANTS, ADMIN_ROUTES, USER_ROWS } from './support/fixtures';
import { location, renderConsole, sideMenu, signIn, SLOW } from './support/signed-in';

const DEPARTMENTS = [
  { id: 1, parentId: null, name: '总部', order: 0, createTime: '2024-06-01 09:00:00', children: [
    { id: 2, parentId: 1, name: '电话客服部', order: 1, createTime: '2024-06-01 09:00:00' },
    { id: 4, parentId: 1, name: '工单部', order: 2, createTime: '2024-06-01 09:00:00' },
  ] },
];

const lists = async ({ resource, meta }: GetListParams) => {
  if (meta?.action) return { data: [], total: 0 };
  if (resource === 'departments') return { data: DEPARTMENTS as never[], total: 3 };
  // Another list (the filter test opens the lines) has no rows here: users' rows lack its row key.
  if (resource === 'lines') return { data: [], total: 0 };
  return { data: USER_ROWS as never[], total: 42 };
};

/** The edit form loads agent1 as the server returns it: no password, ever. */
const agent1 = { ...USER_ROWS[1] };

async function loaded(label: string, value: string): Promise<HTMLInputElement> {
  await waitFor(() => expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe(value), SLOW);
  return screen.getByLabelText(label) as HTMLInputElement;
}

/** A test may wait SLOW for one step: its own budget must be larger than that, not vitest's 5 s;
 * every wait after a click is SLOW too (the 1 s default failed on a busy machine). */
const PAGE_TEST_BUDGET = 90_000;

/**
 * The pages are lazy chunks: the first render of each made the runner transform antd and the
 * page modules inside a test's 5 s budget, and the waits after a click (save, then the list
 * chunk on the redirect) ran out under load. Loaded once here, the tests time only behaviour.
 */
beforeAll(async () => {
  await Promise.all([
    import('../../src/shell/ShellLayout'),
    import('../../src/pages/resource/ListPage'),
    import('../../src/pages/resource/CreatePage'),
    import('../../src/pages/resource/EditPage'),
    import('../../src/pages/resource/ShowPage'),
  ]);
}, 60_000);

beforeEach(() => signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES));
afterEach(() => useSession.getState().reset());

describe('edit page', { timeout: PAGE_TEST_BUDGET }, () => {
  it('starts without the password, and saving with it empty leaves it out ("keep the old one")', async () => {
    const getOne = vi.fn(async () => ({ data: { ...agent1, password: 'never shown', userSeatPwd: 'nor this' } as never }));
    const update = vi.fn(async () => ({ data: agent1 as never }));
    const errors = vi.spyOn(console, 'error');
    renderConsole('/system/user/edit/3', { getList: lists, getOne, update });
    // The form mounts again once the record has loaded: read the fields after that.
    const name = await loaded('中文名', '李娜');
    // The choices' labels stay with the choice widgets: no input passes them on to the DOM.
    expect(errors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => text.includes('optionLabel'))).toEqual([]);
    errors.mockRestore();
    const password = screen.getByLabelText('密码') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('留空则保持原值');
    expect((screen.getByLabelText('坐席密码') as HTMLInputElement).value).toBe('');
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ resource: 'users', id: '3' }));

    fireEvent.change(name, { target: { value: '李娜娜' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1), SLOW);
    const { variables } = (update.mock.calls[0] as unknown as [{ variables: Record<string, unknown> }])[0];
    expect(variables).not.toHaveProperty('password');
    expect(variables).not.toHaveProperty('userSeatPwd');
    expect(variables).not.toHaveProperty('userId');
    expect(variables).toMatchObject({ userChineseName: '李娜娜', userSeatNo: '8101', lineid: null, roles: ['agent'] });
    await waitFor(() => expect(location()).toBe('/system/user'), SLOW);
  });

  it("shows the server's field errors (a 409 unique clash) on the fields", async () => {
    const update = vi.fn(async () => {
      throw new ApiError('/api/userManagement/doEdit backend interface 409 error: taken', {
        statusCode: 409, code: 409, url: '/api/userManagement/doEdit', errors: { userSeatNo: '坐席号已被占用' },
      });
    });
    renderConsole('/system/user/edit/3', { getList: lists, getOne: async () => ({ data: agent1 as never }), update });
    await loaded('中文名', '李娜');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('坐席号已被占用', {}, SLOW)).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/system/user/edit/3');
  });
});

describe('list page', { timeout: PAGE_TEST_BUDGET }, () => {
  it('deletes after a confirmation and shows a refusal as a notification', async () => {
    const deleteOne = vi.fn(async () => {
      throw new ApiError('/api/userManagement/doDelete backend interface 409 error: 无法删除：仍有 3 个用户在使用', {
        statusCode: 409, code: 409, url: '/api/userManagement/doDelete', serverMsg: '无法删除：仍有 3 个用户在使用',
      });
    });
    renderConsole('/system/user', { getList: lists, deleteOne });
    const table = await screen.findByTestId('resource-table', {}, SLOW);
    const row = (await within(table).findByText('李娜', {}, SLOW)).closest('tr') as HTMLElement;
    fireEvent.click(await within(row).findByRole('button', { name: /删\s*除/ }, SLOW));
    expect(deleteOne).not.toHaveBeenCalled();
    const confirm = (await screen.findByText('确定吗？', {}, SLOW)).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith(expect.objectContaining({ resource: 'users', id: 3 })), SLOW);
    expect(await screen.findByText(/仍有 3 个用户在使用/, {}, SLOW)).toBeTruthy();
  });

  it('pages on the server from 10 rows, with the spec page sizes and the total', async () => {
    const getList = vi.fn(lists);
    renderConsole('/system/user', { getList });
    await within(await screen.findByTestId('resource-table', {}, SLOW)).findByText('李娜', {}, SLOW);
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ resource: 'users', pagination: expect.objectContaining({ currentPage: 1, pageSize: 10, mode: 'server' }) }));
    expect(document.querySelector('.ant-pagination')).toBeTruthy();
    // The pagination shows the list's total (a drilled figure's rows: it equals the figure).
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('共 42 条');
    expect([INITIAL_PAGE_SIZE, PAGE_SIZES]).toEqual([10, [20, 50, 100, 200, 300, 500, 1000]]);
  });

  it('keeps its filters in its own URL: another list opens unfiltered and sends none of them', async () => {
    const getList = vi.fn(lists);
    renderConsole('/system/user', { getList });
    await within(await screen.findByTestId('resource-table', {}, SLOW)).findByText('李娜', {}, SLOW);
    fireEvent.change(within(screen.getByTestId('filter-bar')).getByLabelText('用户名'), { target: { value: 'agent' } });
    fireEvent.click(within(screen.getByTestId('filter-bar')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ resource: 'users', filters: expect.arrayContaining([expect.objectContaining({ field: 'userName', value: 'agent' })]) })), SLOW);
    await waitFor(() => expect(location()).toContain('userName'), SLOW);

    fireEvent.click(await sideMenu().findByText('线路管理', {}, SLOW));
    await waitFor(() => expect(location()).toMatch(/^\/system\/line/), SLOW);
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ resource: 'lines' })), SLOW);
    const sent = (getList.mock.lastCall?.[0] as GetListParams).filters ?? [];
    expect(sent.flatMap((filter) => ('field' in filter && filter.value ? [filter.field] : []))).toEqual([]);
    expect(location()).not.toContain('userName');
  });

  it('opens with the filters its URL holds, typed for the server', async () => {
    const getList = vi.fn(lists);
    renderConsole('/system/user?filters[0][field]=userName&filters[0][operator]=contains&filters[0][value]=agent', { getList });
    await within(await screen.findByTestId('resource-table', {}, SLOW)).findByText('李娜', {}, SLOW);
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ filters: [expect.objectContaining({ field: 'userName', value: 'agent' })] }));
    expect((within(screen.getByTestId('filter-bar')).getByLabelText('用户名') as HTMLInputElement).value).toBe('agent');
  });

  it('leads on to the create form (Chromium answers scrollTo with a promise, which must not become the cleanup)', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation((() => Promise.resolve()) as never);
    renderConsole('/system/user', { getList: lists });
    await within(await screen.findByTestId('resource-table', {}, SLOW)).findByText('李娜', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
    await waitFor(() => expect(location()).toBe('/system/user/create'), SLOW);
    expect(await screen.findByTestId('resource-form', {}, SLOW)).toBeTruthy();
  });

  it('shows a refused list request', async () => {
    const getList = vi.fn(async () => {
      throw new ApiError('用户名 不能为空', { statusCode: 400, code: 400, url: '/api/userManagement/getList', serverMsg: '用户名 不能为空' });
    });
    renderConsole('/system/user', { getList });
    expect((await screen.findByTestId('list-error', {}, SLOW)).textContent).toContain('用户名 不能为空');
  });

  it('a tree entity shows an expandable tree without paging', async () => {
    const getList = vi.fn(lists);
    renderConsole('/system/department', { getList });
    const table = await screen.findByTestId('resource-table', {}, SLOW);
    await within(table).findByText('总部', {}, SLOW);
    expect(within(table).queryByText('工单部')).toBeNull();
    fireEvent.click(table.querySelector('.ant-table-row-expand-icon') as Element);
    expect(await within(table).findByText('工单部', {}, SLOW)).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ resource: 'departments', pagination: expect.objectContaining({ mode: 'off' }) }));
  });
});

describe('show page', { timeout: PAGE_TEST_BUDGET }, () => {
  it('lists every property the server returns, read-only ones included', async () => {
    renderConsole('/system/user/show/3', { getList: lists, getOne: async () => ({ data: agent1 as never }) });
    const shown = await screen.findByTestId('resource-show', {}, SLOW);
    await within(shown).findByText('8101', {}, SLOW);
    expect(within(shown).getByText('创建时间')).toBeTruthy();
    expect(within(shown).getByText('2024-06-01 09:00:00')).toBeTruthy();
    expect(within(shown).queryByText('密码')).toBeNull();
  });

  it('leaves out a code it cannot name (the company a user belongs to: one company, no names to show)', async () => {
    renderConsole('/system/user/show/3', { getList: lists, getOne: async () => ({ data: { ...agent1, companyId: 1 } as never }) });
    const shown = await screen.findByTestId('resource-show', {}, SLOW);
    await within(shown).findByText('8101', {}, SLOW);
    expect(within(shown).queryByText('公司')).toBeNull();
    expect(within(shown).getByText('部门')).toBeTruthy();
  });

  it('shows coded values by their labels, not the raw code', async () => {
    renderConsole('/system/user/show/3', { getList: lists, getOne: async () => ({ data: { ...agent1, busy: 0 } as never }) });
    const shown = await screen.findByTestId('resource-show', {}, SLOW);
    await within(shown).findByText('8101', {}, SLOW);
    const busy = within(shown).getByText('忙碌状态').closest('tr') as HTMLElement;
    expect(busy.textContent).toContain('空闲');
    expect(busy.textContent).not.toMatch(/\b0\b/);
  });
});
