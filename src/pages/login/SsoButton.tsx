import { LoginOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS } from '../../../data-providers/auth';
import { http } from '../../app/auth-client';
import { QUIET } from '../../../data-providers/http';
import { ApiError } from '../../../data-providers/http-error';

/**
 * Single sign-on: the server starts a flow (state, nonce and PKCE verifier kept there) and
 * answers the provider's URL; the browser goes there and comes back to /callback.
 */
export function SsoButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await http.get<{ url: string }>(AUTH_PATHS.ssoStart, QUIET);
      window.location.assign(data.url);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : t('callback.failed'));
      setBusy(false);
    }
  };

  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} data-testid="sso-error" />}
      <Button block size="large" icon={<LoginOutlined />} loading={busy} onClick={() => void start()} style={{ marginTop: 12 }} data-testid="sso-login">
        {name ? t('login.ssoNamed', { name }) : t('login.sso')}
      </Button>
    </>
  );
}
