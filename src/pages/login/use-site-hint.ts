import { useCustomMutation } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { SITE_TITLE_KEYS, siteTitle, type SiteTitleKey } from '../../lib/site-title';

interface LoginHint {
  departId?: number | null;
  siteTitle?: string;
}

/**
 * Before login the department is unknown, so the login page asks the server which site
 * a user name belongs to (GetUserInfoByLogin) and shows the work-order title for
 * departments 4 and 5. A failed lookup keeps the current title: it is only a hint.
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
        {
          onSuccess: ({ data }) =>
            setSiteKey(data?.siteTitle === 'workorder' ? SITE_TITLE_KEYS.workorder : siteTitle(data?.departId)),
        },
      );
    },
    [mutate],
  );
  return [siteKey, lookup];
}
