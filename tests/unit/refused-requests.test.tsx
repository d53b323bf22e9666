import type { GetListParams } from '@refinedev/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../src/app/session';
import { ApiError, retryServerErrors } from '../../data-providers/http-error';
import { ADMIN_GRANTS, ADMIN_ROUTES } from './support/fixtures';
import { renderConsole, signIn, SLOW } from './support/signed-in';

/**
 * A refused request gets the same answer when sent again: it is asked once and its error
 * shows at once. React Query would otherwise retry three times (about 7 s of backoff) before
 * showing anything, so an error on screen after a single call proves there was no retry.
 */
const refusal = (status: number, url: string) =>
  new ApiError(`拒绝 ${status}`, { statusCode: status, code: status, url, serverMsg: `拒绝 ${status}` });

beforeAll(async () => {
  await Promise.all([import('../../src/shell/ShellLayout'), import('../../src/pages/resource/ListPage'), import('../../src/pages/resource/ShowPage')]);
}, 60_000);
beforeEach(() => signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES));
afterEach(() => useSession.getState().reset());

describe('refused requests', () => {
  it.each([400, 403, 404, 409])('a list answered %i is asked once and shows its error', async (status) => {
    const getList = vi.fn(async (_params: GetListParams) => {
      throw refusal(status, '/api/userManagement/getList');
    });
    renderConsole('/system/user', { getList });
    expect((await screen.findByTestId('list-error', {}, SLOW)).textContent).toContain(`拒绝 ${status}`);
    // The list's own calls: the menu entry's badge asks the same resource for its pending count, once too.
    const isBadge = (params: GetListParams) => params.filters?.some((f) => 'field' in f && f.field === 'pending') ?? false;
    expect(getList.mock.calls.filter(([params]) => params.resource === 'users' && !isBadge(params))).toHaveLength(1);
    expect(getList.mock.calls.filter(([params]) => params.resource === 'users' && isBadge(params)).length).toBeLessThanOrEqual(1);
  });

  it('a record answered 404 is asked once and its notice shows', async () => {
    const getOne = vi.fn(async () => {
      throw refusal(404, '/api/userManagement/getList');
    });
    renderConsole('/system/user/show/3', { getOne });
    await waitFor(() => expect(screen.getAllByText(/拒绝 404/).length).toBeGreaterThan(0), SLOW);
    expect(getOne).toHaveBeenCalledTimes(1);
  });

  it('server failures (5xx) still get two more tries, refusals none', () => {
    const error = (statusCode: number) => ({ statusCode });
    expect([0, 1, 2].map((failures) => retryServerErrors(failures, error(502)))).toEqual([true, true, false]);
    expect([400, 403, 404, 409].map((status) => retryServerErrors(0, error(status)))).toEqual([false, false, false, false]);
  });
});
