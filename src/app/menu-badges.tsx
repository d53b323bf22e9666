import type { ComponentType } from 'react';
import { LIST_PATH } from '../workorders/list-path';
import { WorkOrderMenuBadges } from '../workorders/MenuBadges';
import { PendingRegistrationsBadge } from '../../resources/users/PendingBadge';

/**
 * Live badges beside menu entries, by the entry's path: the side menu (shell) shows the
 * component after the entry's title. The work-order list's entry shows its overviews' counts;
 * user management, the registrations waiting for approval.
 */
export const MENU_BADGES: Readonly<Record<string, ComponentType>> = {
  [LIST_PATH]: WorkOrderMenuBadges,
  // Self-registrations waiting for an administrator (issue 22 item 4).
  '/system/user': PendingRegistrationsBadge,
};
