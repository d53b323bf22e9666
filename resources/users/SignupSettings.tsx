import { SettingOutlined } from '@ant-design/icons';
import { CanAccess, useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Modal, Space, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_WRITE } from '../../schemas/permissions';
import type { Settings } from '../../schemas/signup';

export const SETTINGS_URLS = { get: '/api/systemSettings/getSettings', save: '/api/systemSettings/saveSettings' } as const;
const KEYS = ['registrationOpen', 'ssoEmailLink'] as const satisfies readonly (keyof Settings)[];

function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { query, result } = useCustom<Settings>({ url: SETTINGS_URLS.get, method: 'post', queryOptions: { gcTime: 0, staleTime: 0 } });
  const { mutate, mutation } = useCustomMutation<Settings>();
  const settings = result.data as Settings | undefined;
  // Each switch saves at once: the server answers the settings as they now are.
  const change = (key: keyof Settings, value: boolean) =>
    mutate(
      { url: SETTINGS_URLS.save, method: 'post', values: { [key]: value }, successNotification: () => ({ type: 'success', message: t('signupSettings.saved') }) },
      { onSuccess: () => void query.refetch() },
    );
  return (
    <Modal open title={t('signupSettings.title')} onCancel={onClose} footer={null} data-testid="signup-settings">
      {query.isError && <Alert type="error" showIcon message={query.error?.message} />}
      {!settings ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {KEYS.map((key) => (
            <div key={key} style={{ display: 'flex', gap: 16, alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <div>
                <Typography.Text strong>{t(`signupSettings.${key}`)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`signupSettings.${key}Help`)}</Typography.Text>
              </div>
              <Switch checked={settings[key]} loading={mutation.isPending} onChange={(v) => change(key, v)} data-testid={`setting-${key}`} />
            </div>
          ))}
        </Space>
      )}
    </Modal>
  );
}

/**
 * The users list's "sign-up settings" button (administrators): whether /register is open, and
 * whether a single sign-on identity may match a user by verified e-mail. Stored on the server
 * (app_settings), so a change holds at once for every process and browser.
 */
export default function SignupSettings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <CanAccess resource="users" action="signupSettings" params={{ rule: ADMIN_WRITE }}>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="signup-settings-open">
        {t('signupSettings.button')}
      </Button>
      {open && <SettingsDialog onClose={() => setOpen(false)} />}
    </CanAccess>
  );
}
