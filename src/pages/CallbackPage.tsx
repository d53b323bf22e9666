import { useGo, useLogin, useParsed } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginParams } from '../../data-providers/auth';
import { PageLoading } from '../shell/PageLoading';
import { usePageTitle } from '../shell/use-page-title';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * /callback: where the single sign-on provider sends the browser back (the server moves its
 * query into this route). It trades `code` and `state` for a token through the auth
 * provider, which then loads the user and goes home. Whatever fails, the user reads what
 * to do next (the server's words, or "start again"), never a developer's message.
 */
export default function CallbackPage() {
  const { t } = useTranslation();
  const go = useGo();
  usePageTitle('callback.pageTitle');
  const params = useParsed().params ?? {};
  const code = text(params.code);
  const state = text(params.state);
  const { mutate: login, data } = useLogin<LoginParams>();
  // A code is valid once; StrictMode's second effect run must not spend it again.
  const started = useRef(false);
  const complete = code !== '' && state !== '' && text(params.error) === '';

  useEffect(() => {
    if (started.current || !complete) return;
    started.current = true;
    login({ code, state });
  }, [complete, code, state, login]);

  if (complete && (!data || data.success)) return <PageLoading />;
  return (
    <Result
      status="error"
      title={t('callback.failedTitle')}
      subTitle={<span data-testid="callback-error">{complete ? data?.error?.message ?? t('callback.failed') : t('callback.incomplete')}</span>}
      extra={
        <Button type="primary" onClick={() => go({ to: '/login' })}>
          {t('callback.backToLogin')}
        </Button>
      }
    />
  );
}
