import { Grid, Layout, Space, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { useSession } from '../app/session';
import { isChatAgent } from '../chat/departments';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

// The phone bar and its socket load with the shell only for users who have one.
const PhoneBar = lazy(() => import('../phone/PhoneBar'));
// The chat socket and its notifications run wherever a chat agent is in the console.
const ChatListener = lazy(() => import('../chat/ChatListener'));
/** Spec section 4: the local flag checkSft 'false' hides the phone controls. */
const phoneAllowedHere = () => localStorage.getItem('checkSft') !== 'false';

/** Header: the phone bar's place (when the user's department has one), language switch, user menu. */
export function ShellHeader() {
  const { token } = theme.useToken();
  const phoneBar = useSession((state) => state.phoneBar);
  const chatAgent = useSession(isChatAgent);
  // xs: below 576 px (a phone); antd reports nothing before its first media check, which counts as wide.
  const narrow = Grid.useBreakpoint().xs === true;
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 1,
        display: 'flex',
        alignItems: 'center',
        gap: narrow ? 8 : 16,
        height: 64,
        padding: narrow ? '0 12px' : '0 24px',
        backgroundColor: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        {phoneBar && phoneAllowedHere() && (
          <div data-testid="phone-bar-slot">
            <Suspense fallback={null}>
              <PhoneBar compact={narrow} />
            </Suspense>
          </div>
        )}
      </div>
      <Space size={narrow ? 'small' : 'middle'} style={{ flex: 'none' }}>
        {chatAgent && (
          <Suspense fallback={null}>
            <ChatListener />
          </Suspense>
        )}
        <LanguageSwitch />
        <UserMenu compact={narrow} />
      </Space>
    </Layout.Header>
  );
}
