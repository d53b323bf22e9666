import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shell/LanguageSwitch';
import { usePageTitle } from '../../shell/use-page-title';
import { LoginForm } from './LoginForm';
import { useSiteHint } from './use-site-hint';

/** /login: site title (console or work-order system), language switch and the login form. */
export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [siteKey, lookupSite] = useSiteHint();
  usePageTitle('login.pageTitle', siteKey);
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #e6f4ff 0%, #f0f5ff 100%)',
      }}
    >
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSwitch />
      </div>
      {/* Plain elements instead of antd Card and Typography: they would add tabs, menus and
          tooltips to this page's bundle for nothing it shows. */}
      <main
        style={{
          width: 400,
          maxWidth: '100%',
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1 style={{ textAlign: 'center', fontSize: token.fontSizeHeading3, margin: 0 }} data-testid="site-title">
          {t(siteKey)}
        </h1>
        <p style={{ textAlign: 'center', color: token.colorTextSecondary, margin: '8px 0 24px' }}>{t('login.subtitle')}</p>
        <LoginForm onUsernameBlur={lookupSite} />
      </main>
    </div>
  );
}
