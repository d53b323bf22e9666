import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { documentTitle, siteTitle, type SiteTitleKey } from '../lib/site-title';

/**
 * Sets the tab title to "<page> - <site>"; the site title follows the user's department
 * unless given. `values` fill the page title's placeholders ("{{resource}} list").
 */
export function usePageTitle(pageKey: string, siteKey?: SiteTitleKey, values?: Record<string, string>): void {
  const { t, i18n } = useTranslation();
  const departId = useSession((state) => state.departId);
  const site = siteKey ?? siteTitle(departId);
  const language = i18n.language;
  // Compared as text: callers pass a fresh object on every render.
  const valuesText = JSON.stringify(values ?? {});
  useEffect(() => {
    document.title = documentTitle(t(pageKey, JSON.parse(valuesText) as Record<string, string>), t(site));
  }, [t, pageKey, site, language, valuesText]);
}
