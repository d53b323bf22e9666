import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../app/session';
import { buildMenu, hasReportEntry, selectedMenuKey, topLevelOf, type MenuNode } from './side-menu';

export interface ShellMenuState {
  menu: MenuNode[];
  /** The entry of the current route. */
  selected: string | undefined;
  /** The top-level entry holding it (the column and comprehensive layouts' group). */
  group: MenuNode | undefined;
}

/** The menu of the user's route list, and where the current route sits in it. */
export function useShellMenu(): ShellMenuState {
  const { pathname } = useLocation();
  const routes = useSession((state) => state.routes);
  const menu = useMemo(() => buildMenu(routes ?? []), [routes]);
  const selected = selectedMenuKey(pathname, routes ?? [], menu);
  // A report added by a schema file alone words itself: its title comes with the server's report
  // catalogue, whose words i18n takes in as they arrive (the menu then re-renders).
  const reports = useMemo(() => hasReportEntry(routes ?? []), [routes]);
  useEffect(() => {
    if (reports) void import('../pages/report/catalogue-source').then((source) => source.loadReportCatalogue()).catch(() => undefined);
  }, [reports]);
  return { menu, selected, group: topLevelOf(selected, menu) };
}
