import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRefused, type PasswordLogin } from '../../../data-providers/auth';
import { validatorRule } from '../../lib/form-rules';
import { useSignIn } from './before-login';
import { CaptchaField } from './CaptchaField';

/**
 * User name and password with the spec's validation texts, and the verification code once
 * the server asks for it. A refused login is shown in an Alert above the form
 * (data-testid="login-error"), not as a notification.
 */
export function LoginForm({ onUsernameBlur }: { onUsernameBlur: (username: string) => void }) {
  const { t } = useTranslation();
  const { signIn, data, isPending } = useSignIn<PasswordLogin>();
  // 0: no code asked for yet; each refusal that asks for one counts up and renews the image.
  const [captchaRound, setCaptchaRound] = useState(0);
  const errorText = data && !data.success ? data.error?.message ?? t('auth.loginFailed') : null;

  const submit = async (values: PasswordLogin) => {
    const result = await signIn(values);
    if (!result.success && result.error instanceof LoginRefused && result.error.captchaRequired) setCaptchaRound((n) => n + 1);
  };

  return (
    <Form<PasswordLogin> layout="vertical" requiredMark={false} onFinish={submit} size="large">
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
      {captchaRound > 0 && <CaptchaField round={captchaRound} />}
      <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
