import { useGo } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../shell/use-page-title';

/** /register: accounts are created by administrators, so self-registration is closed. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const go = useGo();
  usePageTitle('register.pageTitle');
  return (
    <Result
      status="info"
      title={t('register.closedTitle')}
      subTitle={t('register.closed')}
      extra={
        <Button type="primary" onClick={() => go({ to: '/login' })}>
          {t('register.backToLogin')}
        </Button>
      }
    />
  );
}
