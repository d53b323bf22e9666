import type { ResourceProps } from '@refinedev/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccessControlProvider } from '../../data-providers/access-control';
import { resources, schemaOf } from '../../resources';
import { buildResources, resourceFromSchema, resourceRoutes, rowActionsOf, schemaOfResource } from '../../resources/registry';
import { AppRoutes } from '../../src/app/routes';
import { useSession } from '../../src/app/session';
import type { EntitySchema } from '../../schemas/entity';
import { renderInRefine, stubAuth } from './support/harness';

const fixtures = Object.values(import.meta.glob<EntitySchema>('../fixtures/entities/*.ts', { eager: true, import: 'default' }));
const widgets = fixtures.find((schema) => schema['x-resource'].name === 'widgets');
if (!widgets) throw new Error('tests/fixtures/entities/widgets.ts must exist');

describe('resource registry', () => {
  it('has one resource per schema file, in menu order, after home', () => {
    expect(resources.map((resource) => resource.name)).toEqual(['index', 'users', 'roles', 'departments', 'quickReplies', 'menus', 'lines', 'wechatAccounts', 'notices']);
  });

  it('derives list, create, edit and show routes from x-resource.menu.path', () => {
    const users = resources.find((resource) => resource.name === 'users');
    expect(users).toMatchObject({
      list: '/system/user',
      create: '/system/user/create',
      edit: '/system/user/edit/:id',
      show: '/system/user/show/:id',
      meta: { labelKey: 'resources.users.title', canDelete: true },
    });
    expect(schemaOfResource(users)?.$id).toBe('users');
    expect(resourceRoutes('/demo/widget/')).toEqual({
      list: '/demo/widget', create: '/demo/widget/create', edit: '/demo/widget/edit/:id', show: '/demo/widget/show/:id',
    });
  });

  it('looks schemas up by resource name for the providers', () => {
    expect(schemaOf('lines')?.['x-resource'].module).toBe('lineManagement');
    expect(schemaOf('index')).toBeUndefined();
  });

  it('gives an entity without a save action no create or edit route', () => {
    const readOnly = { ...widgets, 'x-resource': { ...widgets['x-resource'], actions: { list: 'getList' } } } as EntitySchema;
    expect(resourceFromSchema(readOnly)).not.toHaveProperty('create');
    expect(resourceFromSchema(readOnly)).not.toHaveProperty('edit');
    expect(resourceFromSchema(readOnly).meta).toMatchObject({ canDelete: false });
  });

  it('merges an override of the same shape by name, and keeps hand-written resources', () => {
    const Extra = () => null;
    const built = buildResources([widgets], [
      { name: 'widgets', meta: { rowActions: () => [Extra] } },
      { name: 'report', list: '/reportcall' },
    ]);
    expect(built.map((resource) => resource.name)).toEqual(['widgets', 'report']);
    expect(built[0]).toMatchObject({ list: '/demo/widget', meta: { labelKey: 'resources.widgets.title' } });
    expect(rowActionsOf(built[0])).toEqual([Extra]);
  });

  it('the roles override adds the menus action', () => {
    expect(rowActionsOf(resources.find((resource) => resource.name === 'roles'))).toHaveLength(1);
  });

  it('refuses two schemas with the same name', () => {
    expect(() => buildResources([widgets, widgets])).toThrow(/two entity schemas are named "widgets"/);
  });
});

describe('a new schema file, with no other code', () => {
  const withFixture: ResourceProps[] = [...resources, ...buildResources(fixtures)];
  const access = createAccessControlProvider({
    schemaOf: (name) => schemaOfResource(withFixture.find((resource) => resource.name === name)),
    grants: () => ({ roles: ['admin'], ability: [] }),
  });
  const rows = [
    { id: 1, label: 'Sprocket', size: 3, colour: 'red', active: true, tags: ['metal', 'small'] },
    { id: 2, label: 'Flange', size: 7, colour: 'blue', active: false, tags: [] },
  ];

  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().setRoutes([{ path: '/demo/widget', component: 'resources/widgets', meta: { title: 'Widgets' } }]);
  });

  function renderAt(path: string, dataProvider = {}) {
    return renderInRefine(<AppRoutes />, {
      path,
      authProvider: stubAuth({ check: async () => ({ authenticated: true }) }),
      accessControlProvider: access,
      resources: withFixture,
      dataProvider: { getList: async () => ({ data: rows as never[], total: 2 }), ...dataProvider },
    });
  }

  it('gets a list page at its menu path: columns by property name, values formatted by type, a filter bar', async () => {
    renderAt('/demo/widget');
    const table = await screen.findByTestId('resource-table');
    await within(table).findByText('Sprocket');
    for (const header of ['id', 'label', 'size', 'colour', 'active', 'tags']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeTruthy();
    }
    expect(within(table).getByText('是')).toBeTruthy();
    expect(within(table).getByText('否')).toBeTruthy();
    expect(within(table).getByText('metal')).toBeTruthy();
    const filters = screen.getByTestId('filter-bar');
    expect(within(filters).getByLabelText('label')).toBeTruthy();
    expect(within(filters).getByText('colour')).toBeTruthy();
    expect(screen.getAllByText('新建').length).toBeGreaterThan(0);
  });

  it('gets a create page whose form follows the schema', async () => {
    const create = vi.fn(async () => ({ data: { id: 3 } as never }));
    renderAt('/demo/widget/create', { create });
    const label = await screen.findByLabelText('label');
    expect(screen.getByLabelText('note').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByLabelText('id')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('label不能为空')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(label, { target: { value: 'Gadget' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ resource: 'widgets', variables: { label: 'Gadget', active: true } }));
  });
});
