import { useGo, useLogin, useParsed } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginParams } from '../../data-providers/auth';
import { PageLoading } from '../shell/PageLoading';
import { usePageTitle } from '../shell/use-page-title';

/**
 * /callback: landing page of a social login. It trades the `code` query value for a
 * token through the auth provider, which then loads the user and goes home.
 */
export default function CallbackPage() {
  const { t } = useTranslation();
  const go = useGo();
  usePageTitle('callback.pageTitle');
  const code = useParsed().params?.code;
  const { mutate: login, data } = useLogin<LoginParams>();
  // A code is valid once; StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || typeof code !== 'string' || code === '') return;
    started.current = true;
    login({ code });
  }, [code, login]);

  const hasCode = typeof code === 'string' && code !== '';
  if (hasCode && (!data || data.success)) return <PageLoading />;
  return (
    <Result
      status="error"
      title={t('callback.failedTitle')}
      subTitle={data?.error?.message ?? t('auth.socialLoginInvalid')}
      extra={
        <Button type="primary" onClick={() => go({ to: '/login' })}>
          {t('callback.backToLogin')}
        </Button>
      }
    />
  );
}
