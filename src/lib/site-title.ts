export const SITE_TITLE_KEYS = {
  console: 'site.title',
  workorder: 'site.workOrderTitle',
  /** Spec section 1: the title in settings, "cloud customer service", which ends every page title. */
  short: 'site.shortTitle',
} as const;

export type SiteTitleKey = (typeof SITE_TITLE_KEYS)[keyof typeof SITE_TITLE_KEYS];

/**
 * i18n key of the site title: the work-order system for users whose department has the
 * work-order flag (seeded for departments 4 and 5; administrators may set it on others).
 */
export function siteTitleKey(workOrderTitle: boolean): SiteTitleKey {
  return workOrderTitle ? SITE_TITLE_KEYS.workorder : SITE_TITLE_KEYS.console;
}

/** The page-title suffix: the short site title, or the work-order system's for its departments. */
export function pageTitleSiteKey(workOrderTitle: boolean): SiteTitleKey {
  return workOrderTitle ? SITE_TITLE_KEYS.workorder : SITE_TITLE_KEYS.short;
}

/** Browser tab title: translated page title first, then the site title. */
export function documentTitle(pageTitle: string, site: string): string {
  return pageTitle ? `${pageTitle} - ${site}` : site;
}
