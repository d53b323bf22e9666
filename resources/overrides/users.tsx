import type { ResourceProps } from '@refinedev/core';

/**
 * Users' show page leaves out companyId: it is read-only, every user is in the one company
 * today, and no company list exists to print its name from; "company 1" told a user nothing.
 */
export default {
  name: 'users',
  meta: { notShown: ['companyId'] },
} satisfies ResourceProps;
