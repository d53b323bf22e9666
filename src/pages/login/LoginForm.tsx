import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLogin } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { validatorRule } from '../../lib/form-rules';

interface Credentials {
  username: string;
  password: string;
}

/**
 * User name and password with the spec's validation texts. A refused login is shown in
 * an Alert above the form (data-testid="login-error") as well as Refine's notification.
 */
export function LoginForm({ onUsernameBlur }: { onUsernameBlur: (username: string) => void }) {
  const { t } = useTranslation();
  const { mutate: login, data, isPending } = useLogin<Credentials>();
  const errorText = data && !data.success ? data.error?.message ?? t('auth.loginFailed') : null;

  return (
    <Form<Credentials> layout="vertical" requiredMark={false} onFinish={(values) => login(values)} size="large">
      {errorText && <Alert type="error" showIcon message={errorText} data-testid="login-error" style={{ marginBottom: 16 }} />}
      <Form.Item name="username" label={t('login.username')} rules={[validatorRule('username', t)]}>
        <Input
          name="username"
          prefix={<UserOutlined />}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          onBlur={(event) => onUsernameBlur(event.target.value)}
        />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[validatorRule('password', t)]}>
        <Input.Password
          name="password"
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
