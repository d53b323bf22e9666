import type { Action, IResourceItem } from '@refinedev/core';
import { CanAccess } from '@refinedev/core';
import { type ReactElement } from 'react';
import { Navigate } from 'react-router';
import { schemaOfResource } from '../../resources/registry';
import { lazyScreen } from '../lib/chunk-load';

/** Home is always mounted at /index too: login lands there whatever the menus say. */
export const HomePage = lazyScreen(() => import('../pages/home/HomePage'));
/** The chat inbox: a menu item may place it (server/menus/screen-menus.ts), and /im always mounts it (a chat notice opens it). */
export const ChatInboxPage = lazyScreen(() => import('../chat/InboxPage'));
const PAGES = {
  list: lazyScreen(() => import('../pages/resource/ListPage')),
  create: lazyScreen(() => import('../pages/resource/CreatePage')),
  edit: lazyScreen(() => import('../pages/resource/EditPage')),
  show: lazyScreen(() => import('../pages/resource/ShowPage')),
};
const ReportPage = lazyScreen(() => import('../pages/report/ReportPage'));
const SeatMonitorPage = lazyScreen(() => import('../pages/monitor/SeatMonitorPage'));
const SimulatorPage = lazyScreen(() => import('../pages/simulator/SimulatorPage'));
const ComparisonPage = lazyScreen(() => import('../pages/report/ComparisonPage'));
const OrderListPage = lazyScreen(() => import('../workorders/OrderListPage'));

export interface RouteDef {
  path: string;
  element: ReactElement;
}

/** What a component name mounts for a route item at its path. */
export type ComponentEntry = (path: string) => RouteDef[];

const ACTIONS = ['list', 'create', 'edit', 'show'] as const satisfies readonly Action[];

/**
 * The screens a resource brings: its list plus its create, edit and show routes, each
 * refused to /403 when the user may not perform it (a supervisor opening /system/user/create).
 * A menu placed at another path leads to the list.
 */
function resourceScreens(resource: IResourceItem, menuPath: string): RouteDef[] {
  const screens = ACTIONS.flatMap((action) => {
    const path = resource[action];
    if (typeof path !== 'string') return [];
    const Page = PAGES[action];
    const element = (
      <CanAccess resource={resource.name} action={action} fallback={<Navigate to="/403" replace />}>
        <Page resource={resource.name} />
      </CanAccess>
    );
    return [{ path, element }];
  });
  return menuPath === resource.list ? screens : [{ path: menuPath, element: <Navigate to={String(resource.list)} replace /> }, ...screens];
}

/**
 * Component names the server's route items may use (spec section 3, `component`): 'Home',
 * 'resources/<entity>' for every schema resource and 'reports/<id>' for every report schema. A resource's screens live at the
 * routes its schema gives (x-resource.menu.path), where Refine expects them.
 */
export function componentRegistry(resources: readonly IResourceItem[]): Record<string, ComponentEntry> {
  const registry: Record<string, ComponentEntry> = { Home: (path) => [{ path, element: <HomePage /> }], SeatMonitor: (path) => [{ path, element: <SeatMonitorPage /> }],
    Simulator: (path) => [{ path, element: <SimulatorPage /> }], ComparisonReport: (path) => [{ path, element: <ComparisonPage /> }],
    ChatInbox: (path) => [{ path, element: <ChatInboxPage /> }], WorkOrders: (path) => [{ path, element: <OrderListPage /> }] };
  for (const resource of resources) {
    if (schemaOfResource(resource)) registry[`resources/${resource.name}`] = (path) => resourceScreens(resource, path);
  }
  return registry;
}

/**
 * 'reports/<id>' mounts the report page, which loads the server's report catalogue on demand;
 * an id the catalogue does not have shows 404.
 */
const REPORT_COMPONENT = /^reports\/([A-Za-z][A-Za-z0-9]*)$/;

/** The routes a component name mounts at a path, or undefined for a name this console does not know. */
export function mountComponent(registry: Record<string, ComponentEntry>, name: string, path: string): RouteDef[] | undefined {
  const report = REPORT_COMPONENT.exec(name)?.[1];
  if (report) return [{ path, element: <ReportPage id={report} /> }];
  return registry[name]?.(path);
}

/** A parent menu that only groups its children ('' reads the same): it mounts no screen of its own. */
export const FOLDER_COMPONENT = 'Layout';

/** The server's report catalogue's reports, loaded on demand; none when it cannot be loaded (the other screens still count). */
const catalogueReports = async () => (await import('../pages/report/catalogue-source')).loadReportCatalogue().then((c) => c.reports, () => []);

/** The names a menu's `component` may take in this console, for the menu form's select. */
export async function componentNames(resources: readonly IResourceItem[]): Promise<string[]> {
  const reports = await catalogueReports();
  return [FOLDER_COMPONENT, ...Object.keys(componentRegistry(resources)), ...reports.map((report) => `reports/${report.id}`)];
}

/** Every path some component could mount: a path among them that this user lacks is forbidden, others are unknown. */
export async function knownPaths(resources: readonly IResourceItem[]): Promise<string[]> {
  const screens = resources.flatMap((resource) => ACTIONS.map((action) => resource[action]).filter((path): path is string => typeof path === 'string'));
  const reports = await catalogueReports();
  return [...screens, ...reports.flatMap((report) => (report.menu ? [report.menu.path] : []))];
}
