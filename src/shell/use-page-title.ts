import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';
import { documentTitle, siteTitle, type SiteTitleKey } from '../lib/site-title';

/** Sets the tab title to "<page> - <site>"; the site title follows the user's department unless given. */
export function usePageTitle(pageKey: string, siteKey?: SiteTitleKey): void {
  const { t, i18n } = useTranslation();
  const departId = useSession((state) => state.departId);
  const site = siteKey ?? siteTitle(departId);
  const language = i18n.language;
  useEffect(() => {
    document.title = documentTitle(t(pageKey), t(site));
  }, [t, pageKey, site, language]);
}
