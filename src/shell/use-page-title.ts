import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { documentTitle, siteTitleKey, type SiteTitleKey } from '../lib/site-title';

/**
 * Sets the tab title to "<page> - <site>"; the site title follows the user's department flag
 * unless given. `values` fill the page title's placeholders ("{{resource}} list").
 */
export function usePageTitle(pageKey: string, siteKey?: SiteTitleKey, values?: Record<string, string>): void {
  const { t, i18n } = useTranslation();
  const workOrderTitle = useSession((state) => state.workOrderTitle);
  const site = siteKey ?? siteTitleKey(workOrderTitle);
  const language = i18n.language;
  // Compared as text: callers pass a fresh object on every render.
  const valuesText = JSON.stringify(values ?? {});
  useEffect(() => {
    document.title = documentTitle(t(pageKey, JSON.parse(valuesText) as Record<string, string>), t(site));
  }, [t, pageKey, site, language, valuesText]);
}
