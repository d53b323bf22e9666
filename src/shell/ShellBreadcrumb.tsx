import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { breadcrumbTrail } from './breadcrumb';
import { usePageTitles } from './tabs/page-titles';
import { useShellMenu } from './use-shell-menu';

/** Where the screen sits: home, its menu group and entry, and a record's page below them; on every screen. */
export function ShellBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { menu, selected } = useShellMenu();
  const page = usePageTitles((titles) => titles[pathname]);
  const trail = breadcrumbTrail(pathname, menu, selected, page);
  return (
    <Breadcrumb
      style={{ marginBottom: 16 }}
      data-testid="breadcrumb"
      items={trail.map((crumb, i) => {
        const title = t(crumb.title, { defaultValue: crumb.title, ...crumb.values });
        return { key: `${i}:${crumb.title}`, title: crumb.path ? <Link to={crumb.path}>{title}</Link> : title };
      })}
    />
  );
}
