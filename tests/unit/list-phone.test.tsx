import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../src/app/session';
import { ADMIN_GRANTS, ADMIN_ROUTES, USER_ROWS } from './support/fixtures';
import { staticMediaQuery } from './support/media-query';
import { renderConsole, signIn, SLOW } from './support/signed-in';

/** antd's xs breakpoint is the query max-width 575 px: a phone answers it, a desktop does not. */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => staticMediaQuery(query, query.includes('max-width: 575')));
}

const getList = async () => ({ data: USER_ROWS as never[], total: USER_ROWS.length });

beforeAll(async () => {
  await Promise.all([import('../../src/shell/ShellLayout'), import('../../src/pages/resource/ListPage')]);
}, 60_000);
beforeEach(() => signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES));
afterEach(() => useSession.getState().reset());

describe('a list on a phone', () => {
  it('starts with its filters folded behind a button that counts those in use, and unfolds them', async () => {
    asPhone();
    renderConsole('/system/user?filters[0][field]=userName&filters[0][operator]=contains&filters[0][value]=agent', { getList });
    await within(await screen.findByTestId('resource-table', {}, SLOW)).findByText('李娜', {}, SLOW);
    const bar = screen.getByTestId('filter-bar');
    expect(bar.style.display).toBe('none');
    const toggle = screen.getByTestId('filter-toggle');
    await waitFor(() => expect(toggle.textContent).toContain('筛选（1）'), SLOW);
    fireEvent.click(toggle);
    expect(bar.style.display).not.toBe('none');
    expect((within(bar).getByLabelText('用户名') as HTMLInputElement).value).toBe('agent');
  });

  it('shows the whole filter bar, and no toggle, on a desktop', async () => {
    renderConsole('/system/user', { getList });
    await within(await screen.findByTestId('resource-table', {}, SLOW)).findByText('李娜', {}, SLOW);
    expect(screen.getByTestId('filter-bar').style.display).not.toBe('none');
    expect(screen.queryByTestId('filter-toggle')).toBeNull();
  });
});
