import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../shell/use-page-title';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { SsoButton } from './SsoButton';
import { useSignupOptions } from './use-signup-options';
import { useSiteHint } from './use-site-hint';

/**
 * /login: site title (console or work-order system), language switch and the login form; the
 * single sign-on button only when the server has a provider, the register link only when an
 * administrator opened registration.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [siteKey, lookupSite] = useSiteHint();
  const options = useSignupOptions();
  usePageTitle('login.pageTitle', siteKey);
  return (
    <AuthLayout title={t(siteKey)} subtitle={t('login.subtitle')}>
      <LoginForm onUsernameBlur={lookupSite} />
      {options?.sso && (
        <>
          <Divider plain style={{ margin: '16px 0 4px' }}>{t('login.or')}</Divider>
          <SsoButton name={options.ssoName} />
        </>
      )}
      {options?.registration && (
        <p style={{ textAlign: 'center', margin: '16px 0 0' }}>
          <Link to="/register" data-testid="register-link">{t('login.registerLink')}</Link>
        </p>
      )}
    </AuthLayout>
  );
}
