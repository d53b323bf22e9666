import { useEffect, useMemo, useState } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import { useResources } from '../lib/use-resources';
import { componentRegistry, knownPaths, mountComponent, type RouteDef } from './component-registry';
import { routeScreens } from './route-screens';
import { useSession } from './session';

/**
 * The routes of the server's route list (spec sections 2-3), converted through the
 * component registry. Only what this user's menus name is mounted, so a screen outside
 * them never renders. The pages themselves load on demand.
 */
export function useServerScreens(): RouteDef[] {
  const items = useSession((state) => state.routes);
  const resources = useResources();
  return useMemo(() => {
    const registry = componentRegistry(resources);
    const routes = routeScreens(items ?? [], (component) => mountComponent(registry, component, '') !== undefined).flatMap((screen) =>
      'redirect' in screen
        ? [{ path: screen.path, element: <Navigate to={screen.redirect} replace /> }]
        : (mountComponent(registry, screen.component, screen.path) ?? []),
    );
    // Two menu items may name the same resource; its routes mount once.
    return routes.filter((route, index) => routes.findIndex((other) => other.path === route.path) === index);
  }, [items, resources]);
}

/** A path no menu item of this user mounts: /403 when it is a console screen, /404 otherwise. */
export function Unlisted() {
  const { pathname } = useLocation();
  const resources = useResources();
  const [forbidden, setForbidden] = useState<boolean>();
  useEffect(() => {
    let live = true;
    void knownPaths(resources).then((paths) => {
      if (live) setForbidden(paths.some((path) => matchPath(path, pathname)));
    });
    return () => {
      live = false;
    };
  }, [resources, pathname]);
  if (forbidden === undefined) return null;
  return <Navigate to={forbidden ? '/403' : '/404'} replace />;
}
