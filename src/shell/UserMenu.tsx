import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Avatar, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session';

/** Avatar with the user's Chinese name; its menu holds logout (personal center joins later). */
export function UserMenu() {
  const { t } = useTranslation();
  const { mutate: logout } = useLogout();
  const name = useSession((state) => state.userChineseName || state.username);
  const avatar = useSession((state) => state.avatar);
  const items = [
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('shell.logout')}</span> },
  ];
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => key === 'logout' && logout() }}>
      <Space data-testid="user-menu" style={{ cursor: 'pointer' }}>
        <Avatar src={avatar || undefined} icon={<UserOutlined />} />
        <span>{name}</span>
      </Space>
    </Dropdown>
  );
}
