import type { BaseRecord, ResourceProps } from '@refinedev/core';
import type { ComponentType } from 'react';
import { blockOf, type EntitySchema } from '../schemas/entity';

/**
 * Builds one Refine resource per entity schema. Routes derive from x-resource.menu.path;
 * `meta.schema` carries the schema to the generic pages. A hand-written override is a
 * resource of the same shape, merged over the generated one by name.
 */
export interface ResourceRoutes {
  list: string;
  create: string;
  edit: string;
  show: string;
}

export function resourceRoutes(listPath: string): ResourceRoutes {
  const base = listPath.replace(/\/+$/, '');
  return { list: base, create: `${base}/create`, edit: `${base}/edit/:id`, show: `${base}/show/:id` };
}

export function resourceFromSchema(schema: EntitySchema): ResourceProps {
  const block = blockOf(schema);
  const routes = resourceRoutes(block.menu?.path ?? `/${block.name}`);
  return {
    name: block.name,
    list: routes.list,
    show: routes.show,
    // Without a save action there is nothing to create or edit, so no such routes either.
    ...(block.actions.save ? { create: routes.create, edit: routes.edit } : {}),
    meta: { schema, labelKey: `resources.${block.name}.title`, canDelete: Boolean(block.actions.remove) },
  };
}

function merge(generated: ResourceProps, override: ResourceProps): ResourceProps {
  return { ...generated, ...override, meta: { ...generated.meta, ...override.meta } };
}

/** Resources in menu order; overrides without a schema are added as they are. */
export function buildResources(schemas: readonly EntitySchema[], overrides: readonly ResourceProps[] = []): ResourceProps[] {
  const names = new Set<string>();
  for (const schema of schemas) {
    const { name } = blockOf(schema);
    if (names.has(name)) throw new Error(`two entity schemas are named "${name}"`);
    names.add(name);
  }
  const order = (schema: EntitySchema) => blockOf(schema).menu?.order ?? Number.MAX_SAFE_INTEGER;
  const generated = [...schemas].sort((a, b) => order(a) - order(b)).map(resourceFromSchema);
  const byName = new Map(overrides.map((override) => [override.name, override]));
  const merged = generated.map((resource) => {
    const override = byName.get(resource.name);
    return override ? merge(resource, override) : resource;
  });
  return [...merged, ...overrides.filter((override) => !names.has(override.name))];
}

/** The schema a resource was generated from, if any. */
export function schemaOfResource(resource: Pick<ResourceProps, 'meta'> | undefined): EntitySchema | undefined {
  const schema = resource?.meta?.schema as EntitySchema | undefined;
  return schema && typeof schema === 'object' && 'x-resource' in schema ? schema : undefined;
}

/** A button or dialog an override adds to each row of the generic list (a role's menus, say). */
export type RowAction = ComponentType<{ record: BaseRecord; resource: string }>;

/**
 * `meta.rowActions` of a resource. It is a function returning the components because
 * Refine serialises resource meta into its query keys, and components must not be there.
 */
export function rowActionsOf(resource: Pick<ResourceProps, 'meta'> | undefined): RowAction[] {
  const rowActions = resource?.meta?.rowActions as (() => RowAction[]) | undefined;
  return typeof rowActions === 'function' ? rowActions() : [];
}

/** A button an override adds beside the list's own (create) buttons (users' sign-up settings, say). */
export type ListButton = ComponentType<{ resource: string }>;

/** `meta.listButtons` of a resource: a function for the same reason as rowActions. */
export function listButtonsOf(resource: Pick<ResourceProps, 'meta'> | undefined): ListButton[] {
  const listButtons = resource?.meta?.listButtons as (() => ListButton[]) | undefined;
  return typeof listButtons === 'function' ? listButtons() : [];
}

/**
 * `meta.notShown` of a resource: properties its show page leaves out because there is
 * nothing to show them by (users' companyId: read-only, one company today, and no company
 * names the browser could label it with). A code printed bare would mean nothing to a user.
 */
export function notShownOf(resource: Pick<ResourceProps, 'meta'> | undefined): readonly string[] {
  const fields = resource?.meta?.notShown as unknown;
  return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : [];
}
