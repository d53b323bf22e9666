import { useCallback, useState } from 'react';
import { useHint } from './before-login';
import { SITE_TITLE_KEYS, siteTitleKey, type SiteTitleKey } from '../../lib/site-title';

/** GetUserInfoByLogin's answer: only what the login page shows (the same shape for unknown names). */
interface LoginHint {
  siteTitle?: 'workorder' | 'console';
}

/**
 * Before login the department is unknown, so the login page asks the server which site
 * a user name belongs to (GetUserInfoByLogin, from the department's work-order flag).
 * A failed lookup keeps the current title: it is only a hint.
 */
export function useSiteHint(): [SiteTitleKey, (username: string) => void] {
  const [siteKey, setSiteKey] = useState<SiteTitleKey>(SITE_TITLE_KEYS.console);
  const ask = useHint<LoginHint>('/api/default/GetUserInfoByLogin');
  const lookup = useCallback(
    (username: string) => {
      if (username.trim() === '') return;
      void ask({ username: username.trim() }).then((hint) => {
        if (hint) setSiteKey(siteTitleKey(hint.siteTitle === 'workorder'));
      });
    },
    [ask],
  );
  return [siteKey, lookup];
}
