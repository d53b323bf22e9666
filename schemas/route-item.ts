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
