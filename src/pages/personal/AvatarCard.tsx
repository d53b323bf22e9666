import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Descriptions, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '../../../schemas/personal';
import { http } from '../../app/providers';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../../app/session';

const maxText = `${AVATAR_MAX_BYTES / 1024} KiB`;

/**
 * The user's picture and who they are. A new picture goes to userManagement/uploadAvatar, which
 * tells its kind from the bytes and refuses anything but a picture; the header shows it at once.
 */
export function AvatarCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const user = useSession(useShallow((s) => ({ avatar: s.avatar, name: s.userChineseName || s.username, userName: s.userName, seat: s.userSeatNo })));
  const upload = async (file: File) => {
    if (file.size > AVATAR_MAX_BYTES) {
      message.error(t('personal.avatarTooLarge', { max: maxText }));
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      const { data } = await http.post<{ avatar: string }>('/api/userManagement/uploadAvatar', form, { headers: { 'Content-Type': 'multipart/form-data' } });
      useSession.setState({ avatar: data.avatar });
      message.success(t('personal.avatarUpdated'));
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="avatar-card">
      <div style={{ textAlign: 'center', marginBottom: 16 }}>
        <Avatar size={96} src={user.avatar || undefined} icon={<UserOutlined />} data-testid="personal-avatar" />
        <Typography.Title level={4} style={{ marginTop: 12, marginBottom: 0 }}>{user.name}</Typography.Title>
      </div>
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }} items={[
        { key: 'userName', label: t('personal.userName'), children: user.userName },
        { key: 'seat', label: t('personal.userSeatNo'), children: user.seat || '-' },
      ]} />
      <Upload accept="image/png,image/jpeg,image/webp,image/gif" showUploadList={false} beforeUpload={(file) => { void upload(file); return false; }}>
        <Button icon={<UploadOutlined />} loading={busy} block>{t('personal.uploadAvatar')}</Button>
      </Upload>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>{t('personal.avatarHint', { max: maxText })}</Typography.Text>
    </Card>
  );
}
