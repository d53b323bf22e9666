import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../src/app/session';
import { ADMIN_GRANTS, ADMIN_ROUTES, USER_ROWS } from './support/fixtures';
import { renderConsole, signIn, SLOW } from './support/signed-in';

/**
 * The side menu as the shell draws it: collapsed (a phone, or the user's choice), its submenus
 * are pop-outs, and arriving at a page must not open the one around the page's entry over the
 * content (at 390 px the System pop-out stayed open after moving between pages).
 */
const getList = async () => ({ data: USER_ROWS as never[], total: USER_ROWS.length });

beforeAll(async () => {
  await Promise.all([import('../../src/shell/ShellLayout'), import('../../src/pages/resource/ListPage')]);
}, 60_000);
beforeEach(() => signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES));
afterEach(() => {
  useSession.getState().reset();
  localStorage.removeItem('sideMenuCollapsed');
});

describe('side menu', () => {
  it('collapsed, opens no pop-out on arriving at a page inside a submenu', async () => {
    localStorage.setItem('sideMenuCollapsed', '1');
    renderConsole('/system/user', { getList });
    await screen.findByTestId('resource-table', {}, SLOW);
    const menu = screen.getByTestId('side-menu');
    await waitFor(() => expect(menu.className).toContain('ant-layout-sider-collapsed'));
    expect(document.querySelector('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)')).toBeNull();
    expect(menu.querySelector('.ant-menu-submenu-open')).toBeNull();
  });

  it('expanded, opens the submenu around the page it arrives at, and stays in view as the page scrolls', async () => {
    renderConsole('/system/user', { getList });
    await screen.findByTestId('resource-table', {}, SLOW);
    const menu = screen.getByTestId('side-menu');
    await waitFor(() => expect(menu.querySelector('.ant-menu-submenu-open')).not.toBeNull());
    expect([menu.style.position, menu.style.top, menu.style.height]).toEqual(['sticky', '0px', '100vh']);
  });
});
