import { Card, Col, Row, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/use-page-title';
import { AvatarCard } from './AvatarCard';
import { NotifyPrefsForm } from './NotifyPrefsForm';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { SessionsList } from './SessionsList';

/** /setting/personalCenter, opened from the avatar menu (spec section 2): what each user changes about themselves. */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  usePageTitle('personal.title');
  const tabs = [
    { key: 'profile', label: t('personal.profile'), children: <ProfileForm /> },
    { key: 'password', label: t('personal.password'), children: <PasswordForm /> },
    { key: 'notifications', label: t('personal.notifications'), children: <NotifyPrefsForm /> },
    { key: 'sessions', label: t('personal.sessions'), children: <SessionsList /> },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="personal-center">
      <Col xs={24} md={8} xl={6}><AvatarCard /></Col>
      <Col xs={24} md={16} xl={18}>
        <Card title={t('personal.title')}>
          <Tabs items={tabs} destroyOnHidden={false} />
        </Card>
      </Col>
    </Row>
  );
}
