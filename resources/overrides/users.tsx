import type { ResourceProps } from '@refinedev/core';
import { lazy } from 'react';
import type { ListButton } from '../registry';

const SignupSettings = lazy(() => import('../users/SignupSettings'));

/**
 * Users' show page leaves out companyId: it is read-only, every user is in the one company
 * today, and no company list exists to print its name from; "company 1" told a user nothing.
 * The list has the sign-up settings (registration open, e-mail matching for single sign-on).
 */
export default {
  name: 'users',
  meta: { notShown: ['companyId'], listButtons: (): ListButton[] => [SignupSettings] },
} satisfies ResourceProps;
