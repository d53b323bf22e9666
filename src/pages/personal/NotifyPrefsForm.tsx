import { Alert, App, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveNotifyPrefs, type NotifyPrefs } from '../../app/notify-prefs';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../../app/session';

/** The chat chime and desktop notifications, on or off; kept on the server, so they follow the user. */
export function NotifyPrefsForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const prefs = useSession(useShallow((s) => ({ notifySound: s.notifySound, notifyDesktop: s.notifyDesktop })));
  const blocked = typeof Notification !== 'undefined' && Notification.permission === 'denied';
  const set = async (change: Partial<NotifyPrefs>) => {
    try {
      await saveNotifyPrefs(change);
      message.success(t('personal.prefsSaved'));
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  const row = (key: keyof NotifyPrefs) => (
    <Space key={key}>
      <Switch checked={prefs[key]} onChange={(on) => void set({ [key]: on })} aria-label={t(`personal.${key}`)} data-testid={`pref-${key}`} />
      <Typography.Text>{t(`personal.${key}`)}</Typography.Text>
    </Space>
  );
  return (
    <Space direction="vertical" size="middle">
      {row('notifySound')}
      {row('notifyDesktop')}
      {blocked && prefs.notifyDesktop && <Alert type="warning" showIcon message={t('personal.desktopBlocked')} />}
    </Space>
  );
}
