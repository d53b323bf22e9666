import { ResourceContext, type IResourceItem } from '@refinedev/core';
import { useContext } from 'react';

/**
 * The console's resources, as `<Refine resources>` holds them. Refine's `useResourceParams()`
 * returns the same list but first matches the address against every resource, at each call and
 * in every component that calls it, again at each address change: the option lists of a filter
 * form (one per select) and the routes only need the list.
 */
export function useResources(): IResourceItem[] {
  return useContext(ResourceContext).resources;
}
