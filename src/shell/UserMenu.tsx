import { IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGo, useLogout } from '@refinedev/core';
import { Avatar, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayName, useSession } from '../app/session';

/**
 * Avatar with the user's name (in English, the English name: displayName); its menu opens the personal center and logs out.
 * On a phone (`compact`) only the avatar fits the header, so the name heads the menu instead.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { mutate: logout } = useLogout();
  const go = useGo();
  const name = useSession((state) => displayName(state, i18n.language));
  const avatar = useSession((state) => state.avatar);
  const items = [
    ...(compact ? [{ key: 'name', label: name, disabled: true }, { type: 'divider' as const }] : []),
    { key: 'personalCenter', icon: <IdcardOutlined />, label: <span data-testid="personal-center-link">{t('shell.personalCenter')}</span> },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('shell.logout')}</span> },
  ];
  const choose = ({ key }: { key: string }) => {
    if (key === 'logout') logout();
    else if (key === 'personalCenter') go({ to: '/setting/personalCenter' });
  };
  return (
    <Dropdown menu={{ items, onClick: choose }} trigger={['hover', 'click']}>
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
