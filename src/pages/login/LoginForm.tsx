import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
// The input and password fields themselves: antd's Input index would bring its text area,
// search and one-time-code fields to the login page too.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRefused, type PasswordLogin } from '../../../data-providers/auth';
import { refusal } from '../../lib/validators';
import { useSignIn } from './before-login';
import { CaptchaImage, captchaInputProps } from './CaptchaImage';
import { fieldState, PlainField } from './PlainField';

type Field = 'username' | 'password' | 'verifyCode';
type Values = Record<Field, string>;

/**
 * User name and password with the spec's validation texts (checked as they change and on
 * submit, as antd's forms do), and the verification code once the server asks for it. A
 * refused login is shown in an Alert above the form (data-testid="login-error"), not as a
 * notification. Plain fields (PlainField.tsx) instead of antd's Form keep the login page light.
 */
export function LoginForm({ onUsernameBlur }: { onUsernameBlur: (username: string) => void }) {
  const { t } = useTranslation();
  const { signIn, data, isPending } = useSignIn<PasswordLogin>();
  // 0: no code asked for yet; each refusal that asks for one counts up and renews the image.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [values, setValues] = useState<Values>({ username: '', password: '', verifyCode: '' });
  const [verifyId, setVerifyId] = useState<string>();
  // The refused fields' message keys, worded at each render: a switch of language rewords them.
  const [refused, setRefused] = useState<Partial<Record<Field, string>>>({});
  const errors: Partial<Record<Field, string>> = Object.fromEntries(Object.entries(refused).map(([field, key]) => [field, key && t(key)]));
  const errorText = data && !data.success ? data.error?.message ?? t('auth.loginFailed') : null;

  const change = (field: Field, value: string) => {
    setValues((now) => ({ ...now, [field]: value }));
    setRefused((now) => ({ ...now, [field]: refusal(field, value) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields: Field[] = captchaRound > 0 ? ['username', 'password', 'verifyCode'] : ['username', 'password'];
    const found = Object.fromEntries(fields.map((field) => [field, refusal(field, values[field])]));
    setRefused(found);
    if (Object.values(found).some(Boolean)) return;
    const login: PasswordLogin = { username: values.username, password: values.password, ...(captchaRound > 0 ? { verifyId, verifyCode: values.verifyCode } : {}) };
    const result = await signIn(login);
    if (!result.success && result.error instanceof LoginRefused && result.error.captchaRequired) setCaptchaRound((n) => n + 1);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {errorText && <Alert type="error" showIcon message={errorText} data-testid="login-error" style={{ marginBottom: 16 }} />}
      <PlainField id="username" label={t('login.username')} error={errors.username}>
        <Input
          {...fieldState('username', errors.username)}
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          value={values.username}
          onChange={(event) => change('username', event.target.value)}
          onBlur={(event) => onUsernameBlur(event.target.value)}
        />
      </PlainField>
      <PlainField id="password" label={t('login.password')} error={errors.password}>
        <Password
          {...fieldState('password', errors.password)}
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
        />
      </PlainField>
      {captchaRound > 0 && (
        <PlainField id="verifyCode" label={t('login.captcha')} error={errors.verifyCode}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <Input
              {...fieldState('verifyCode', errors.verifyCode)}
              {...captchaInputProps(t)}
              aria-required
              size="large"
              value={values.verifyCode}
              onChange={(event) => change('verifyCode', event.target.value)}
            />
            <CaptchaImage
              round={captchaRound}
              onIssued={(id) => {
                setVerifyId(id);
                setValues((now) => ({ ...now, verifyCode: '' }));
              }}
            />
          </div>
        </PlainField>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
