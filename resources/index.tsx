import { HomeOutlined } from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { EntitySchema } from '../schemas/entity';
import { buildResources, schemaOfResource } from './registry';

/**
 * The console's Refine resources: home, then one per file in schemas/entities (found by
 * the glob, so adding an entity is adding its schema file), each merged with its override
 * in ./overrides when there is one. `meta.labelKey` is an i18n key; the app translates it
 * into `meta.label` (what Refine's breadcrumb shows) for the current language.
 */
const schemas = Object.values(import.meta.glob<EntitySchema>('../schemas/entities/*.ts', { eager: true, import: 'default' }));
const overrides = Object.values(import.meta.glob<ResourceProps>('./overrides/*.{ts,tsx}', { eager: true, import: 'default' }));

export const resources: ResourceProps[] = [
  { name: 'index', list: '/index', meta: { labelKey: 'menu.home', icon: <HomeOutlined /> } },
  ...buildResources(schemas, overrides),
];

const schemasByName = new Map(resources.flatMap((resource) => {
  const schema = schemaOfResource(resource);
  return schema ? [[resource.name, schema] as const] : [];
}));

/** The entity schema behind a resource name (for the data and access-control providers). */
export const schemaOf = (name: string): EntitySchema | undefined => schemasByName.get(name);
