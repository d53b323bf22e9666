import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { componentNames } from '../../src/app/component-registry';
import { useSession } from '../../src/app/session';
import { ADMIN_GRANTS, ADMIN_ROUTES } from './support/fixtures';
import { renderConsole, signIn, SLOW } from './support/signed-in';
import { PROJECT_CATALOGUE } from './project-reports';

// The report catalogue as the server sends it (its fetch is tested against the real server in tests/server and tests/e2e).
vi.mock('../../src/pages/report/catalogue-source', () => ({ loadReportCatalogue: async () => PROJECT_CATALOGUE }));

/** A menu row as menuManagement/getList answers it. */
const HOME_MENU = {
  id: 1, parentId: null, path: '/index', name: 'Index', component: 'Home', redirect: '', title: 'menu.home', icon: 'HomeOutlined',
  order: 0, hidden: false, alwaysShow: false, menuHidden: false, target: '', badge: '', dot: false, noKeepAlive: false,
  noClosable: true, dynamicNewTab: false, activeMenu: '', isCustomSvg: false, roles: ['admin'],
};

beforeAll(async () => {
  await Promise.all([import('../../src/shell/ShellLayout'), import('../../src/pages/resource/EditPage')]);
}, 60_000);
beforeEach(() => signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES));
afterEach(() => useSession.getState().reset());

describe('menu form', () => {
  const open = (row: typeof HOME_MENU) => {
    const update = vi.fn(async () => ({ data: row as never }));
    renderConsole('/system/menu/edit/1', { getList: async () => ({ data: [], total: 0 }), getOne: async () => ({ data: row as never }), update });
    return update;
  };

  it('shows the translated title beside its key, and says when a key has no translation', async () => {
    open(HOME_MENU);
    await waitFor(() => expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('menu.home'), SLOW);
    expect(screen.getByTestId('i18n-preview').textContent).toBe('首页');
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '临时菜单' } });
    expect(screen.getByTestId('i18n-preview').textContent).toBe('无翻译：按原文显示');
  });

  it("offers the console's components by what they open, and saves the chosen name", async () => {
    const update = open(HOME_MENU);
    await waitFor(() => expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('menu.home'), SLOW);
    const field = screen.getByLabelText('组件').closest('.ant-select') as HTMLElement;
    // The names arrive with the server's report catalogue, loaded on demand.
    await waitFor(() => expect(field.textContent).toContain('Home · 首页'), SLOW);
    fireEvent.mouseDown(screen.getByLabelText('组件'));
    const choice = await screen.findByTitle('resources/users · 用户', {}, SLOW);
    expect(screen.getByTitle('Layout · 目录（仅包含子菜单）')).toBeTruthy();
    fireEvent.click(choice);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1), SLOW);
    expect((update.mock.calls[0] as unknown as [{ variables: Record<string, unknown> }])[0].variables).toMatchObject({ component: 'resources/users', title: 'menu.home' });
  });

  it("offers every report screen among the components, from the server's report catalogue", async () => {
    const names = await componentNames([]);
    expect(names).toContain('reports/fullCallReport');
    expect(names).toContain('Home');
  });

  it('keeps a stored component this console does not know, marked as such', async () => {
    open({ ...HOME_MENU, component: 'legacy/Report' });
    await waitFor(() => expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('menu.home'), SLOW);
    const field = screen.getByLabelText('组件').closest('.ant-select') as HTMLElement;
    expect(await within(field).findByText(/legacy\/Report · 本控制台中不存在/, {}, SLOW)).toBeTruthy();
  });
});
