import { isWorkOrderDepartment, type DepartId } from './departments';

export const SITE_TITLE_KEYS = {
  console: 'site.title',
  workorder: 'site.workOrderTitle',
} as const;

export type SiteTitleKey = (typeof SITE_TITLE_KEYS)[keyof typeof SITE_TITLE_KEYS];

/** i18n key of the site title for a department (work-order system for 4 and 5). */
export function siteTitle(departId: DepartId): SiteTitleKey {
  return isWorkOrderDepartment(departId) ? SITE_TITLE_KEYS.workorder : SITE_TITLE_KEYS.console;
}

/** Browser tab title: translated page title first, then the site title. */
export function documentTitle(pageTitle: string, site: string): string {
  return pageTitle ? `${pageTitle} - ${site}` : site;
}
