import { useBreadcrumb, useLink } from '@refinedev/core';
import { Breadcrumb } from 'antd';

/** Where the page sits among the resources; hidden on top-level pages, where it would repeat the menu. */
export function ShellBreadcrumb() {
  const { breadcrumbs } = useBreadcrumb();
  const Link = useLink();
  if (breadcrumbs.length < 2) return null;
  return (
    <Breadcrumb
      style={{ marginBottom: 16 }}
      items={breadcrumbs.map(({ label, href, icon }) => ({
        key: label,
        title: href ? (
          <Link to={href}>
            {icon} {label}
          </Link>
        ) : (
          <>
            {icon} {label}
          </>
        ),
      }))}
    />
  );
}
