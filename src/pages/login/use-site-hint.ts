import { useCustomMutation } from '@refinedev/core';
import { useCallback, useState } from 'react';
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
  const { mutate } = useCustomMutation<LoginHint>();
  const lookup = useCallback(
    (username: string) => {
      if (username.trim() === '') return;
      mutate(
        {
          url: '/api/default/GetUserInfoByLogin',
          method: 'post',
          values: { username: username.trim() },
          successNotification: false,
          errorNotification: false,
        },
        { onSuccess: ({ data }) => setSiteKey(siteTitleKey(data?.siteTitle === 'workorder')) },
      );
    },
    [mutate],
  );
  return [siteKey, lookup];
}
