import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImage, captchaInputProps } from './CaptchaImage';

/**
 * The verification code in an antd form (the registration form): the code's input beside its
 * image (CaptchaImage), with the code's id in a hidden field. Each new code clears what was typed.
 */
export function CaptchaField({ round, requiredText }: { round: number; requiredText?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item name="verifyId" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('login.captcha')} htmlFor="verifyCode" required>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Form.Item name="verifyCode" noStyle rules={[{ required: true, whitespace: true, message: requiredText ?? t('login.captchaRequired') }]}>
            <Input id="verifyCode" name="verifyCode" {...captchaInputProps(t)} />
          </Form.Item>
          <CaptchaImage round={round} onIssued={(verifyId) => form.setFieldsValue({ verifyId, verifyCode: '' })} />
        </div>
      </Form.Item>
    </>
  );
}
