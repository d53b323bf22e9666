import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Avatar, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';

/**
 * Avatar with the user's Chinese name; its menu holds logout (personal center joins later).
 * On a phone (`compact`) only the avatar fits the header, so the name heads the menu instead.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { mutate: logout } = useLogout();
  const name = useSession((state) => state.userChineseName || state.username);
  const avatar = useSession((state) => state.avatar);
  const items = [
    ...(compact ? [{ key: 'name', label: name, disabled: true }, { type: 'divider' as const }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('shell.logout')}</span> },
  ];
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => key === 'logout' && logout() }} trigger={['hover', 'click']}>
      <Space data-testid="user-menu" aria-label={t('shell.userMenu')} style={{ cursor: 'pointer', whiteSpace: 'nowrap' }}>
        <Avatar src={avatar || undefined} icon={<UserOutlined />} />
        {!compact && (
          <span style={{ display: 'inline-block', maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' }}>
            {name}
          </span>
        )}
      </Space>
    </Dropdown>
  );
}
