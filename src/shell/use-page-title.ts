import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { notePageTitle } from './tabs/page-titles';
import { documentTitle, pageTitleSiteKey, SITE_TITLE_KEYS, type SiteTitleKey } from '../lib/site-title';

/**
 * Sets the tab title to "<page> - <short site title>"; the site follows the user's department
 * flag (work-order system) unless given. The tab bar titles the screen's tab with it where the
 * route list gives none. `values` fill the page title's placeholders ("{{resource}} list").
 */
export function usePageTitle(pageKey: string, siteKey?: SiteTitleKey, values?: Record<string, string>): void {
  const { t, i18n } = useTranslation();
  const workOrderTitle = useSession((state) => state.workOrderTitle);
  const site = pageTitleSiteKey(siteKey ? siteKey === SITE_TITLE_KEYS.workorder : workOrderTitle);
  const language = i18n.language;
  // Compared as text: callers pass a fresh object on every render.
  const valuesText = JSON.stringify(values ?? {});
  useEffect(() => {
    const pageValues = JSON.parse(valuesText) as Record<string, string>;
    document.title = documentTitle(t(pageKey, pageValues), t(site));
    notePageTitle(pageKey, valuesText === '{}' ? undefined : pageValues);
  }, [t, pageKey, site, language, valuesText]);
}
