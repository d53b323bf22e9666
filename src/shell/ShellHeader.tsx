import { Layout, Space, theme } from 'antd';
import { useSession } from '../app/session';
import { hasPhoneBar } from '../lib/departments';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

/** Header: the phone bar's place (not for departments 4, 5, 6), language switch, user menu. */
export function ShellHeader() {
  const { token } = theme.useToken();
  const departId = useSession((state) => state.departId);
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        height: 64,
        padding: '0 24px',
        backgroundColor: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>{hasPhoneBar(departId) && <div data-testid="phone-bar-slot" />}</div>
      <Space size="middle">
        <LanguageSwitch />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
