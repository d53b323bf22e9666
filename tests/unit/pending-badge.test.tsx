import type { GetListParams } from '@refinedev/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../src/app/session';
import { ADMIN_GRANTS, ADMIN_ROUTES, USER_ROWS } from './support/fixtures';
import { renderConsole, signIn, SLOW } from './support/signed-in';

/** The users list's answer, and the pending count when the badge asks for it. */
const usersWith = (pending: number) => vi.fn(async (params: GetListParams) => {
  const asksPending = params.filters?.some((f) => 'field' in f && f.field === 'pending' && f.value === true) ?? false;
  return asksPending ? { data: [], total: pending } : { data: USER_ROWS as never[], total: USER_ROWS.length };
});

beforeAll(async () => {
  await Promise.all([import('../../src/shell/ShellLayout'), import('../../src/pages/resource/ListPage')]);
}, 60_000);
afterEach(() => useSession.getState().reset());

describe('pending registrations on the user-management menu entry', () => {
  it('shows how many wait for an administrator, asked with the pending filter', async () => {
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES);
    const getList = usersWith(2);
    renderConsole('/system/user', { getList });
    const badge = await screen.findByTestId('pending-registrations', {}, SLOW);
    expect(badge.getAttribute('data-count')).toBe('2');
    expect(badge.getAttribute('title')).toBe('2 个注册等待审核');
  });

  it('shows nothing when none waits', async () => {
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES);
    const getList = usersWith(0);
    renderConsole('/system/user', { getList });
    await screen.findByTestId('resource-table', {}, SLOW);
    await waitFor(() => expect(getList.mock.calls.some(([p]) => p.filters?.some((f) => 'field' in f && f.field === 'pending'))).toBe(true));
    expect(screen.queryByTestId('pending-registrations')).toBeNull();
  });
});
