import { App, Button, Form, Input } from 'antd';
import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import { profileSchema } from '../../../schemas/personal';
import { http } from '../../app/providers';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../../app/session';
import { applyFieldErrors } from './field-errors';
import { fieldRules } from './schema-rules';

type Profile = Omit<FromSchema<typeof profileSchema>, 'avatar'>;
const FIELDS = ['userChineseName', 'userEnglishName', 'mobile', 'email'] as const;

/** Names, mobile and e-mail (userManagement/saveUserInfo), checked by the server's own schema before sending. */
export function ProfileForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Profile>();
  const initial = useSession(useShallow((s) => ({ userChineseName: s.userChineseName, userEnglishName: s.userEnglishName, mobile: s.mobile, email: s.email })));
  const save = async (values: Profile) => {
    try {
      await http.post('/api/userManagement/saveUserInfo', values);
      useSession.setState(values);
      message.success(t('personal.saved'));
    } catch (err) {
      if (!applyFieldErrors(form, err)) message.error((err as Error).message);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={save} style={{ maxWidth: 420 }} data-testid="profile-form">
      {FIELDS.map((field) => (
        <Form.Item key={field} name={field} label={t(`personal.${field}`)} rules={fieldRules(profileSchema, field, t)}>
          <Input autoComplete={field === 'email' ? 'email' : field === 'mobile' ? 'tel' : 'off'} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit">{t('personal.save')}</Button>
    </Form>
  );
}
