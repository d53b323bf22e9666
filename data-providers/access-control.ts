import type { AccessControlProvider } from '@refinedev/core';
import { can, type AccessRule, type Grants } from '../schemas/access';
import { blockOf } from '../schemas/entity';
import type { SchemaLookup } from './data';

/**
 * Refine's access control from the entity schemas (spec section 6): each Refine action maps
 * to one of the schema's permissions, evaluated with the same `can` the server uses, so a
 * button is shown exactly when the server would accept its request.
 */
export interface AccessDeps {
  schemaOf: SchemaLookup;
  /** The signed-in user's roles and abilities, read at each check. */
  grants: () => Grants;
}

/**
 * The rule an action needs: list and show read, create/edit/clone write, delete remove,
 * options (the option lists forms and filters use) its own rule or read.
 * `false` when the entity has no endpoint for it at all; undefined places no condition.
 */
export function ruleFor(block: ReturnType<typeof blockOf>, action: string): AccessRule | undefined | false {
  const { permissions, actions } = block;
  switch (action) {
    case 'create':
    case 'edit':
    case 'clone':
      return actions.save ? (permissions.write ?? false) : false;
    case 'delete':
      return actions.remove ? (permissions.remove ?? false) : false;
    case 'options':
      return actions.options ? (permissions.options ?? permissions.read) : false;
    default:
      return permissions.read;
  }
}

export function createAccessControlProvider({ schemaOf, grants }: AccessDeps): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      // A control with a rule of its own (a row action only administrators use): that rule decides.
      const own = (params as { rule?: AccessRule } | undefined)?.rule;
      if (own !== undefined) return { can: can(grants(), own) };
      const schema = resource ? schemaOf(resource) : undefined;
      // Hand-written resources (home) carry no rule of their own.
      if (!schema) return { can: true };
      const rule = ruleFor(blockOf(schema), action);
      return { can: rule !== false && can(grants(), rule) };
    },
    // Buttons the user may not use are not shown at all (the spec's permissions directive).
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
