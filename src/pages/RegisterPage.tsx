import { useGo } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../shell/use-page-title';
import { PageLoading } from '../shell/PageLoading';
import { AuthLayout } from './login/AuthLayout';
import { RegisterForm } from './login/RegisterForm';
import { useSignupOptions } from './login/use-signup-options';

/**
 * /register: closed unless an administrator opened it (the server's setting, asked on each
 * visit). A registration makes an account without role or seat that an administrator then
 * approves, so success says so instead of signing in.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const go = useGo();
  usePageTitle('register.pageTitle');
  const options = useSignupOptions();
  const [done, setDone] = useState<string | null>(null);
  const backToLogin = (
    <Button type="primary" onClick={() => go({ to: '/login' })} data-testid="register-back">
      {t('register.backToLogin')}
    </Button>
  );
  if (options === undefined) return <PageLoading />;
  if (done !== null) return <Result status="success" title={t('register.doneTitle')} subTitle={done} extra={backToLogin} data-testid="register-done" />;
  if (!options.registration) return <Result status="info" title={t('register.closedTitle')} subTitle={t('register.closed')} extra={backToLogin} />;
  return (
    <AuthLayout title={t('register.pageTitle')} subtitle={t('register.subtitle')}>
      <RegisterForm onDone={setDone} />
      <p style={{ textAlign: 'center', margin: '16px 0 0' }}>
        <a onClick={() => go({ to: '/login' })} data-testid="register-to-login">{t('register.haveAccount')}</a>
      </p>
    </AuthLayout>
  );
}
