import type { NotificationProvider } from '@refinedev/core';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Refine's notification provider on antd's <App> notification API, doing what
 * @refinedev/antd's useNotificationProvider does. That package is published as a single
 * module, so importing its provider here would pull every @refinedev/antd component used
 * anywhere (layout, tables, forms) and their antd parts into the login page's first bundle.
 */
/** Refine's key for a refused login: the login form shows that message inline, next to the fields. */
const SHOWN_INLINE = new Set(['login-error']);

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return {
    open: ({ key, message, description, type, cancelMutation }) => {
      if (key && SHOWN_INLINE.has(key)) return;
      if (type === 'progress') {
        // Undoable mutations: Refine reopens this notice every second with the countdown
        // in `message` and closes it at zero, so it must not close by itself.
        notification.open({
          key,
          message,
          duration: 0,
          btn: (
            <Button
              size="small"
              onClick={() => {
                cancelMutation?.();
                notification.destroy(key);
              }}
            >
              {t('buttons.undo')}
            </Button>
          ),
        });
        return;
      }
      // As in @refinedev/antd: the specific text is the title, Refine's generic line the body.
      notification.open({ key, message: description ?? message, description: description ? message : undefined, type });
    },
    close: (key) => notification.destroy(key),
  };
}
