import type { ResourceProps } from '@refinedev/core';
import { lazy } from 'react';
import type { RowAction } from '../registry';

const MenuAllocation = lazy(() => import('../roles/MenuAllocation'));

/** Roles get a "menus" action per row: which menus the role sees (menuManagement/allocMenu). */
export default {
  name: 'roles',
  meta: { rowActions: (): RowAction[] => [MenuAllocation] },
} satisfies ResourceProps;
