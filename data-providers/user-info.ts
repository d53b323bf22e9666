import { sessionUserSchema, type SessionUserWire } from '../schemas/session-user';

/**
 * The signed-in user as the session keeps it (spec section 3): exactly GetUserInfo's wire
 * shape, so server and browser share one type (schemas/session-user.ts) and a field added
 * or retyped there shows up here at compile time.
 */
export type SessionUser = SessionUserWire;

type PropertySchema = {
  readonly type: string | readonly string[];
  readonly items?: { readonly type: string; readonly enum?: readonly string[] };
};

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return false;
  }
}

/**
 * Checks one value against its property schema. A structural check over the schema
 * rather than Ajv: the session-user schema uses only these keywords, and Ajv would add
 * its compiler to the login page's bundle.
 */
function matches(value: unknown, schema: PropertySchema): boolean {
  if (schema.type === 'array') {
    const items = schema.items;
    return Array.isArray(value) && items !== undefined
      && value.every((item) => hasType(item, items.type) && (!items.enum || items.enum.includes(item as string)));
  }
  const types: readonly string[] = typeof schema.type === 'string' ? [schema.type] : schema.type;
  return types.some((type) => hasType(value, type));
}

const PROPERTIES = sessionUserSchema.properties as unknown as Record<string, PropertySchema>;

/**
 * The checked user, or null when the GetUserInfo answer does not match the schema: a
 * field missing or of the wrong type refuses the whole answer, so the console never runs
 * on half a profile. Fields outside the schema are dropped.
 */
export function parseUserInfo(data: unknown): SessionUser | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const raw = data as Record<string, unknown>;
  const user: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(PROPERTIES)) {
    const required = (sessionUserSchema.required as readonly string[]).includes(name);
    if (!(name in raw)) {
      if (required) return null;
      continue;
    }
    if (!matches(raw[name], schema)) return null;
    user[name] = raw[name];
  }
  return user.username === '' ? null : (user as SessionUser);
}

/** Spec section 1: a user whose seat number is empty or 0 is logged out. */
export function hasSeat(user: Pick<SessionUser, 'userSeatNo'>): boolean {
  return user.userSeatNo !== '' && user.userSeatNo !== '0';
}
