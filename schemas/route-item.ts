import type { FromSchema } from 'json-schema-to-ts';

/**
 * A route item of spec section 3, as POST api/router/getList answers it: the server builds
 * each one from a menu row, the console turns it into a screen and a side-menu entry. Only
 * `path` is required because the console also accepts route lists from other servers and
 * treats a missing field as its default; this server always sends every field.
 */
export const routeMetaSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** An i18n key (menu.users) or plain text. */
    title: { type: 'string' },
    /** An antd icon name, e.g. UserOutlined. */
    icon: { type: 'string' },
    roles: { type: 'array', items: { type: 'string' } },
    noKeepAlive: { type: 'boolean' },
    noClosable: { type: 'boolean' },
    dynamicNewTab: { type: 'boolean' },
    /** The menu entry to highlight while this route is open. */
    activeMenu: { type: 'string' },
    badge: { type: 'string' },
    dot: { type: 'boolean' },
    /** '_blank' opens the entry in a new tab. */
    target: { type: 'string' },
    isCustomSvg: { type: 'boolean' },
  },
} as const;

/** The item's own fields; `routeItemSchema` adds the recursive `children`. */
const routeItemFieldsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: {
    /** Absolute ('/system/user'), relative to the parent ('user') or external ('https://...'). */
    path: { type: 'string' },
    name: { type: 'string' },
    /** A name in the console's component registry: 'Home', 'resources/<entity>', or 'Layout' / '' for a group. */
    component: { type: 'string' },
    redirect: { type: 'string' },
    hidden: { type: 'boolean' },
    alwaysShow: { type: 'boolean' },
    menuHidden: { type: 'boolean' },
    meta: routeMetaSchema,
  },
} as const;

export const routeItemSchema = {
  ...routeItemFieldsSchema,
  $id: 'routeItem',
  properties: {
    ...routeItemFieldsSchema.properties,
    // The tree recurses by this schema's $id: a bare '#' would mean the root of whatever document embeds it.
    children: { type: 'array', items: { $ref: 'routeItem#' } },
  },
} as const;

export type RouteMeta = FromSchema<typeof routeMetaSchema>;

/** FromSchema cannot type a recursive $ref, so the fields come from the schema and `children` is the same type again. */
export type RouteItem = FromSchema<typeof routeItemFieldsSchema> & { children?: RouteItem[] };

/** POST api/router/getList's `data`. */
export const routeListSchema = { type: 'array', items: routeItemSchema } as const;

/** A route item placed in its tree: its key and its parent's (null: the top). */
export interface PlacedRoute<K> { key: K; parent: K | null; item: RouteItem }

/** A parent that only groups its children (the console's isGroup): it has no screen of its own. */
export const isGroupRoute = (item: RouteItem): boolean => !item.component || item.component === 'Layout';

/**
 * The route tree of the routes a caller may see, in their order (the server's from its menu
 * rows, mock mode's from the seeds): a route whose parent is not among them is left out with
 * it, and so is a group left with no child, which would open nothing.
 */
export function routeTree<K>(routes: readonly PlacedRoute<K>[]): RouteItem[] {
  const keys = new Set(routes.map((r) => r.key));
  const children = new Map<K | null, PlacedRoute<K>[]>();
  for (const r of routes) {
    if (r.parent !== null && !keys.has(r.parent)) continue;
    children.set(r.parent, [...(children.get(r.parent) ?? []), r]);
  }
  const build = (parent: K | null): RouteItem[] =>
    (children.get(parent) ?? []).flatMap((r) => {
      const kids = build(r.key);
      if (isGroupRoute(r.item) && !kids.length) return [];
      return [{ ...r.item, ...(kids.length ? { children: kids } : {}) }];
    });
  return build(null);
}
