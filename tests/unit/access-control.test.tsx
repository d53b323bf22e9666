import type { GetListParams } from '@refinedev/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccessControlProvider, ruleFor } from '../../data-providers/access-control';
import { schemaOf } from '../../resources';
import type { AccessRule, Grants } from '../../schemas/access';
import { useSession } from '../../src/app/session';
import { blockOf, type EntitySchema } from '../../schemas/entity';
import { Permission } from '../../src/shell/Permission';
import { ADMIN_GRANTS, ADMIN_ROUTES, AGENT_GRANTS, SUPERVISOR_GRANTS, SUPERVISOR_ROUTES, USER_ROWS } from './support/fixtures';
import { renderConsole, signIn, SLOW } from './support/signed-in';

const users = schemaOf('users') as EntitySchema;

/** A users schema whose permissions the test sets. */
function withPermissions(permissions: Record<string, AccessRule>, actions = blockOf(users).actions): EntitySchema {
  return { ...users, 'x-resource': { ...blockOf(users), actions, permissions: permissions as never } };
}

async function allowed(grants: Grants, schema: EntitySchema, action: string) {
  const provider = createAccessControlProvider({ schemaOf: () => schema, grants: () => grants });
  return (await provider.can({ resource: 'users', action })).can;
}

afterEach(() => useSession.getState().reset());

describe('Refine actions map to schema permissions', () => {
  it('list and show read, create/edit/clone write, delete remove', () => {
    const block = blockOf(users);
    expect(['list', 'show'].map((a) => ruleFor(block, a))).toEqual([block.permissions.read, block.permissions.read]);
    expect(['create', 'edit', 'clone'].map((a) => ruleFor(block, a))).toEqual(Array(3).fill(block.permissions.write));
    expect(ruleFor(block, 'delete')).toEqual(block.permissions.remove);
    expect(ruleFor(block, 'options')).toEqual([]);
  });

  it('nothing to write or remove without the endpoint, even for an admin', async () => {
    const schema = withPermissions({ read: [], write: [], remove: [] }, { list: 'getList' });
    expect(await allowed(ADMIN_GRANTS, schema, 'list')).toBe(true);
    expect(await allowed(ADMIN_GRANTS, schema, 'create')).toBe(false);
    expect(await allowed(ADMIN_GRANTS, schema, 'delete')).toBe(false);
  });

  it('resources without a schema (home) are open', async () => {
    const provider = createAccessControlProvider({ schemaOf: () => undefined, grants: () => AGENT_GRANTS });
    expect((await provider.can({ resource: 'index', action: 'list' })).can).toBe(true);
  });

  it('hides what is not allowed rather than disabling it', () => {
    const provider = createAccessControlProvider({ schemaOf, grants: () => AGENT_GRANTS });
    expect(provider.options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
  });
});

describe('the seeded users permissions', () => {
  it.each([
    ['admin', ADMIN_GRANTS, { list: true, show: true, create: true, edit: true, delete: true }],
    ['supervisor', SUPERVISOR_GRANTS, { list: true, show: true, create: false, edit: false, delete: false }],
    ['agent', AGENT_GRANTS, { list: false, show: false, create: false, edit: false, delete: false }],
  ])('%s', async (_name, grants, expected) => {
    const results = Object.fromEntries(await Promise.all(Object.keys(expected).map(async (a) => [a, await allowed(grants, users, a)])));
    expect(results).toEqual(expected);
  });
});

describe('access rules (spec section 6)', () => {
  const check = (grants: Grants, rule: AccessRule) => allowed(grants, withPermissions({ read: rule }), 'list');
  const user = (roles: string[], ability: string[] = []) => ({ roles, ability });

  it('the admin flag grants everything', async () => {
    expect(await check(user(['admin']), { role: ['nobody'], ability: ['NONE'], mode: 'allOf' })).toBe(true);
  });

  it('an array of roles means any of them; an empty one anyone', async () => {
    expect(await check(user(['agent']), ['supervisor', 'agent'])).toBe(true);
    expect(await check(user(['agent']), ['supervisor'])).toBe(false);
    expect(await check(user([]), [])).toBe(true);
  });

  it('oneOf: one of the roles and one of the abilities', async () => {
    const rule: AccessRule = { role: ['supervisor', 'agent'], ability: ['WRITE', 'DELETE'], mode: 'oneOf' };
    expect(await check(user(['agent'], ['WRITE']), rule)).toBe(true);
    expect(await check(user(['agent'], ['READ']), rule)).toBe(false);
    expect(await check(user(['guest'], ['WRITE']), rule)).toBe(false);
  });

  it('allOf: every role and every ability', async () => {
    const rule: AccessRule = { role: ['supervisor'], ability: ['READ', 'WRITE'], mode: 'allOf' };
    expect(await check(user(['supervisor'], ['READ', 'WRITE']), rule)).toBe(true);
    expect(await check(user(['supervisor'], ['READ']), rule)).toBe(false);
  });

  it('except: none of them', async () => {
    const rule: AccessRule = { role: ['agent'], mode: 'except' };
    expect(await check(user(['supervisor']), rule)).toBe(true);
    expect(await check(user(['agent']), rule)).toBe(false);
  });
});

describe('<Permission>', () => {
  it('renders its children only when the rule allows', () => {
    signIn(SUPERVISOR_GRANTS.roles, SUPERVISOR_GRANTS.ability, []);
    render(
      <>
        <Permission rule={['supervisor']}>
          <span>for supervisors</span>
        </Permission>
        <Permission rule={{ ability: ['DELETE'] }}>
          <span>for deleters</span>
        </Permission>
      </>,
    );
    expect(screen.getByText('for supervisors')).toBeTruthy();
    expect(screen.queryByText('for deleters')).toBeNull();
  });
});

// Rendered pages: the lazy chunks load once before the tests, and each test may wait SLOW for a step.
beforeAll(async () => {
  await Promise.all([import('../../src/shell/ShellLayout'), import('../../src/pages/resource/ListPage')]);
}, 60_000);

describe('buttons on the users list', () => {
  // Option lists (meta.action) are empty here; the users list is the fixture page.
  const data = { getList: async ({ meta }: GetListParams) => (meta?.action ? { data: [], total: 0 } : { data: USER_ROWS as never[], total: 2 }) };

  it('a supervisor sees the list and show, but no create, edit or delete', async () => {
    signIn(SUPERVISOR_GRANTS.roles, SUPERVISOR_GRANTS.ability, SUPERVISOR_ROUTES);
    renderConsole('/system/user', data);
    const table = await screen.findByTestId('resource-table', {}, SLOW);
    await within(table).findByText('李娜');
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2));
    expect(within(table).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
  });

  it('an administrator sees them all', async () => {
    signIn(ADMIN_GRANTS.roles, ADMIN_GRANTS.ability, ADMIN_ROUTES);
    renderConsole('/system/user', data);
    const table = await screen.findByTestId('resource-table', {}, SLOW);
    await waitFor(() => {
      expect(within(table).getAllByRole('button', { name: /编\s*辑/ })).toHaveLength(2);
      expect(within(table).getAllByRole('button', { name: /删\s*除/ })).toHaveLength(2);
    });
    expect(await screen.findByRole('button', { name: /新\s*建/ })).toBeTruthy();
  });
});
