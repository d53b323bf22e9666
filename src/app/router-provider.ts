import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type IResourceItem, type ParseResponse, type RouterProvider } from '@refinedev/core';
import bindings from '@refinedev/react-router';
import qs from 'qs';
import { useCallback, useContext, useMemo } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';

type Match = ReturnType<typeof matchResourceFromRoute>;

/** Pathnames kept per resource list: record pages carry ids, so the set is bounded, not kept. */
const MAX_PATHS = 200;
const matches = new WeakMap<readonly IResourceItem[], Map<string, Match>>();

/**
 * The resource and action a pathname opens, matched once per resource list and pathname for the
 * whole page. Refine's matcher composes and compares every resource's routes; its router bindings
 * ran it in every component that reads the route (each with a memo of its own), which was about
 * 90 ms of each screen change on the administrator's console (bench/RESULTS.md).
 */
export function matchRoute(pathname: string, resources: readonly IResourceItem[]): Match {
  let byPath = matches.get(resources);
  if (!byPath) matches.set(resources, (byPath = new Map()));
  let match = byPath.get(pathname);
  if (!match) {
    match = matchResourceFromRoute(pathname, resources as IResourceItem[]);
    if (byPath.size >= MAX_PATHS) byPath.clear();
    byPath.set(pathname, match);
  }
  return match;
}

/** `"2"` → 2; anything that is not a number's own text is left as it is. */
const asNumber = (value: unknown): unknown => (typeof value === 'string' && String(Number(value)) === value ? Number(value) : value);

/**
 * What the console's route says, as Refine's `parse` contract has it: the resource and action
 * (matchRoute), the record id, and the parameters of the route and of its query string
 * (filters, sorters and paging of lists that keep them in the address).
 */
function useParse(): () => ParseResponse {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = matchRoute(pathname, resources);
  // A route of the console's own (no :params of its own) still has the matched resource route's.
  const params = useMemo(
    () => (Object.keys(routeParams).length === 0 && matchedRoute ? matchPath(matchedRoute, pathname)?.params ?? {} : routeParams),
    [routeParams, matchedRoute, pathname],
  );
  return useCallback(() => {
    const all: Record<string, unknown> = { ...params, ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) };
    return {
      ...(resource ? { resource } : {}),
      ...(action ? { action } : {}),
      ...(params.id ? { id: decodeURIComponent(params.id) } : {}),
      pathname,
      params: {
        ...all,
        currentPage: asNumber(all.currentPage) as number | undefined,
        pageSize: asNumber(all.pageSize) as number | undefined,
        to: typeof all.to === 'string' ? decodeURIComponent(all.to) : undefined,
      },
    };
  }, [params, search, pathname, resource, action]);
}

/** Refine's react-router bindings, with the route parsed through matchRoute. */
export const routerProvider: RouterProvider = { ...bindings, parse: useParse };
