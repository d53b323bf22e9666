import { IdcardOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS } from '../../../data-providers/auth';
import { registerSchema, type RegisterBody } from '../../../schemas/signup';
import { http } from '../../app/providers';
import { validatorRule } from '../../lib/form-rules';
import { QUIET } from '../../../data-providers/http';
import { ApiError } from '../../../data-providers/http-error';
import type { PropertySchema } from '../../../schemas/entity';
import { propertyRules } from '../../lib/schema-rules';
import { CaptchaField } from './CaptchaField';

type Field = 'userName' | 'password' | 'userChineseName';
const FIELDS: readonly { name: Field; icon: React.ReactNode; secret?: boolean; autoComplete: string }[] = [
  { name: 'userName', icon: <UserOutlined />, autoComplete: 'username' },
  { name: 'password', icon: <LockOutlined />, secret: true, autoComplete: 'new-password' },
  { name: 'userChineseName', icon: <IdcardOutlined />, autoComplete: 'name' },
];

/**
 * The registration form: the rules come from the schema the server checks with
 * (schemas/signup.ts); mobile and verification code say the spec's texts. A refusal shows
 * the server's words, on the fields it names, and a fresh image (the old code is spent).
 */
export function RegisterForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterBody>();
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = (field: string) => t(`register.fields.${field}`);

  const submit = async (values: RegisterBody) => {
    setBusy(true);
    setError(null);
    try {
      const res = await http.post(AUTH_PATHS.register, values, QUIET);
      onDone(res.msg || t('register.done'));
    } catch (err) {
      const api = err instanceof ApiError ? err : undefined;
      const fieldErrors = Object.entries(api?.errors ?? {}).filter(([name]) => name !== 'verifyId');
      if (fieldErrors.length) form.setFields(fieldErrors.map(([name, text]) => ({ name: name as keyof RegisterBody, errors: ([] as string[]).concat(text as string) })));
      setError(api?.serverMsg ?? (err instanceof Error ? err.message : String(err)));
      setRound((n) => n + 1);
      setBusy(false);
    }
  };

  return (
    <Form<RegisterBody> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} size="large" data-testid="register-form">
      {error && <Alert type="error" showIcon message={error} data-testid="register-error" style={{ marginBottom: 16 }} />}
      {FIELDS.map(({ name, icon, secret, autoComplete }) => {
        const rules = propertyRules(registerSchema.properties[name] as PropertySchema, { label: label(name), required: true, t });
        const InputType = secret ? Input.Password : Input;
        return (
          <Form.Item key={name} name={name} label={label(name)} rules={rules}>
            <InputType id={name} prefix={icon} placeholder={t(`register.placeholders.${name}`)} autoComplete={autoComplete} />
          </Form.Item>
        );
      })}
      <Form.Item name="mobile" label={label('mobile')} rules={[validatorRule('mobile', t)]}>
        <Input id="mobile" prefix={<MobileOutlined />} placeholder={t('register.placeholders.mobile')} autoComplete="tel" maxLength={11} />
      </Form.Item>
      <CaptchaField round={round} requiredText={t('validation.verifyCodeRequired')} />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
        {t('register.submit')}
      </Button>
    </Form>
  );
}
