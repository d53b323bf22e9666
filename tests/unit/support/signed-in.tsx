import type { DataProvider } from '@refinedev/core';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { createAccessControlProvider } from '../../../data-providers/access-control';
import type { RouteItem } from '../../../data-providers/routes';
import { parseUserInfo } from '../../../data-providers/user-info';
import { schemaOf } from '../../../resources';
import { AppRoutes } from '../../../src/app/routes';
import { useSession } from '../../../src/app/session';
import { ADMIN_INFO } from './fixtures';
import { renderInRefine, stubAuth } from './harness';

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export const location = () => screen.getByTestId('location').textContent;

/** The session of a seeded user: their roles, abilities and route list. */
export function signIn(roles: string[], ability: string[], routes: unknown[]) {
  const user = parseUserInfo({ ...ADMIN_INFO, roles, ability });
  if (!user) throw new Error('fixture must parse');
  useSession.getState().reset();
  useSession.getState().setUser(user);
  useSession.getState().setRoutes(routes as RouteItem[]);
}

/** Access control as the app wires it: the session's grants against the schemas. */
export const sessionAccess = createAccessControlProvider({
  schemaOf,
  grants: () => ({ roles: useSession.getState().roles, ability: useSession.getState().ability }),
});

/** The whole console (routes, shell, pages) at a path, signed in, with a fake data provider. */
export function renderConsole(path: string, dataProvider: Partial<DataProvider> = {}) {
  return renderInRefine(
    <>
      <AppRoutes />
      <Location />
    </>,
    { path, authProvider: stubAuth({ check: async () => ({ authenticated: true }) }), accessControlProvider: sessionAccess, dataProvider },
  );
}

export const sideMenu = () => within(screen.getByTestId('side-menu'));

/** First lazy page loads transform many modules in the test runner. */
export const SLOW = { timeout: 30_000 };
