/**
 * Access rules that several schemas and server actions share (spec section 6 format, see
 * access.ts). Kept outside entities/, whose every file is an entity.
 */
export const READERS = ['admin', 'supervisor'] as const;
export const ADMIN_WRITE = { role: ['admin'], ability: ['WRITE'], mode: 'allOf' } as const;
export const ADMIN_DELETE = { role: ['admin'], ability: ['DELETE'], mode: 'allOf' } as const;
export const EVERYONE = [] as const;
