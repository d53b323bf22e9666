import { Layout, Space, theme } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from '../app/session';
import { isChatAgent } from '../../schemas/permissions';
import { ErrorLogBadge } from './header/ErrorLogBadge';
import { FullScreenButton } from './header/FullScreenButton';
import { NoticeButton } from './header/NoticeButton';
import { RefreshButton } from './header/RefreshButton';
import { SearchButton } from './header/SearchButton';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeButton } from './theme/ThemeDrawer';
import { useThemeSettings } from './theme/settings';
import { useNarrow } from './use-narrow';
import { UserMenu } from './UserMenu';

// The phone bar and its socket load with the shell only for users who have one.
const PhoneBar = lazy(() => import('../phone/PhoneBar'));
// The chat socket and its notifications run wherever a chat agent is in the console.
const ChatListener = lazy(() => import('../chat/ChatListener'));
/** Spec section 4: the local flag checkSft 'false' hides the phone controls. */
const phoneAllowedHere = () => localStorage.getItem('checkSft') !== 'false';

/** The phone bar's place (when the user's department has one). */
export function PhoneSlot() {
  const phoneBar = useSession((state) => state.phoneBar);
  const narrow = useNarrow();
  if (!phoneBar || !phoneAllowedHere()) return null;
  return (
    // All the header's free room: the bar measures it to know whether its buttons' labels fit (use-labels-fit.ts).
    <div data-testid="phone-bar-slot" style={{ minWidth: 0, flex: 1 }}>
      <Suspense fallback={null}>
        <PhoneBar compact={narrow} />
      </Suspense>
    </div>
  );
}

/** The header's tools on the right, each as the theme settings show it. */
function HeaderTools() {
  const chatAgent = useSession(isChatAgent);
  const narrow = useNarrow();
  const { showTheme, showLanguage, showRefresh, showSearch, showNotice, showFullScreen } = useThemeSettings();
  return (
    <Space size={narrow ? 2 : 'small'} style={{ flex: 'none' }}>
      {chatAgent && (
        <Suspense fallback={null}>
          <ChatListener />
        </Suspense>
      )}
      <ErrorLogBadge />
      {showSearch && <SearchButton />}
      {showRefresh && <RefreshButton />}
      {showNotice && <NoticeButton />}
      {showFullScreen && !narrow && <FullScreenButton />}
      {showTheme && <ThemeButton />}
      {showLanguage && <LanguageSwitch />}
      <UserMenu compact={narrow} />
    </Space>
  );
}

interface Props {
  /** What comes first: the drawer's toggle, the site title, the top menu. */
  start?: ReactNode;
  /** The phone bar in the header (the layouts with a top menu give it a row of its own). */
  phone?: boolean;
}

/** Header: what the layout puts first, the phone bar, then the tools. */
export function ShellHeader({ start, phone = true }: Props) {
  const { token } = theme.useToken();
  const narrow = useNarrow();
  const fixedHeader = useThemeSettings((state) => state.fixedHeader);
  return (
    <Layout.Header
      style={{
        position: fixedHeader ? 'sticky' : 'relative',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: narrow ? 8 : 16,
        height: 64,
        padding: narrow ? '0 12px' : '0 24px',
        backgroundColor: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
      data-testid="shell-header"
    >
      {start}
      <div style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center' }}>{phone && <PhoneSlot />}</div>
      <HeaderTools />
    </Layout.Header>
  );
}
