import { theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../shell/LanguageSwitch';

/**
 * The frame of the pages before sign-in (login, register): the language switch at the top
 * right and one card in the middle with a title and a subtitle.
 */
export function AuthLayout({ title, subtitle, children }: { title: ReactNode; subtitle: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        // The text style antd's <App> gives the console's pages (the pages before sign-in are outside it).
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
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
          {title}
        </h1>
        <p style={{ textAlign: 'center', color: token.colorTextSecondary, margin: '8px 0 24px' }}>{subtitle}</p>
        {children}
      </main>
    </div>
  );
}
