import { Grid, Layout, Space, theme } from 'antd';
import { useSession } from '../app/session';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

/** Header: the phone bar's place (when the user's department has one), language switch, user menu. */
export function ShellHeader() {
  const { token } = theme.useToken();
  const phoneBar = useSession((state) => state.phoneBar);
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
      <div style={{ flex: 1, minWidth: 0 }}>{phoneBar && <div data-testid="phone-bar-slot" />}</div>
      <Space size={narrow ? 'small' : 'middle'} style={{ flex: 'none' }}>
        <LanguageSwitch />
        <UserMenu compact={narrow} />
      </Space>
    </Layout.Header>
  );
}
