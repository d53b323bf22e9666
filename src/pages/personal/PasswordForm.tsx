import { App, Button, Form, Input } from 'antd';
import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import { isCommonPassword, passwordChangeSchema } from '../../../schemas/personal';
import { http } from '../../app/providers';
import { useSession } from '../../app/session';
import { applyFieldErrors } from './field-errors';
import { fieldRules } from './schema-rules';

type Change = Omit<FromSchema<typeof passwordChangeSchema>, 'userId'> & { confirmPassword: string };

/**
 * One's own password, with the current one (userManagement/changePwdById): the new one at least
 * 6 characters and not one of the commonest, as the server checks. The server ends every other
 * session of the user; this one stays.
 */
export function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Change>();
  const userId = useSession((s) => s.userId);
  const change = async ({ oldPassword, newPassword }: Change) => {
    try {
      await http.post('/api/userManagement/changePwdById', { userId, oldPassword, newPassword });
      form.resetFields();
      message.success(t('personal.passwordChanged'));
    } catch (err) {
      if (!applyFieldErrors(form, err)) message.error((err as Error).message);
    }
  };
  const notCommon = { validator: (_: unknown, value?: string) => (value && isCommonPassword(value) ? Promise.reject(new Error(t('personal.commonPassword'))) : Promise.resolve()) };
  const sameAsNew = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value?: string) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('personal.confirmMismatch')))),
  });
  return (
    <Form form={form} layout="vertical" onFinish={change} style={{ maxWidth: 420 }} data-testid="password-form">
      <Form.Item name="oldPassword" label={t('personal.oldPassword')} rules={fieldRules(passwordChangeSchema, 'oldPassword', t)}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('personal.newPassword')} rules={[...fieldRules(passwordChangeSchema, 'newPassword', t), notCommon]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('personal.confirmPassword')} dependencies={['newPassword']}
        rules={[{ required: true, message: t('validation.required', { field: t('personal.confirmPassword') }) }, sameAsNew]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit">{t('personal.changePassword')}</Button>
    </Form>
  );
}
