import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input, Spin, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, type Captcha } from '../../../data-providers/auth';
import { useAnswer } from './before-login';

const IMAGE = { width: 120, height: 40 } as const;

/**
 * The image verification code (contracts item 3): the image and the input, with the code's
 * id in a hidden field. A code is single use, so every new `round` (another refused
 * login) and every click on the image fetches a fresh one and clears what was typed.
 */
export function CaptchaField({ round, requiredText }: { round: number; requiredText?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  // Asked afresh on every mount and renewal, never from a cache: the server has spent or expired an older code.
  const { data: captcha, refetch, isFetching, isError } = useAnswer<Captcha>(AUTH_PATHS.captcha);

  const mountedRound = useRef(round);
  useEffect(() => {
    if (round !== mountedRound.current) void refetch();
  }, [round, refetch]);

  useEffect(() => {
    form.setFieldsValue({ verifyId: captcha?.verifyId, verifyCode: '' });
  }, [captcha?.verifyId, form]);

  const renew = () => void refetch();
  let image;
  if (isFetching) image = <Spin size="small" />;
  else if (isError || !captcha) image = <span style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>{t('login.captchaUnavailable')}</span>;
  else image = <img src={captcha.image} alt={t('login.captchaAlt')} {...IMAGE} style={{ display: 'block' }} data-testid="captcha-image" />;

  return (
    <>
      <Form.Item name="verifyId" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('login.captcha')} htmlFor="verifyCode" required>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Form.Item name="verifyCode" noStyle rules={[{ required: true, whitespace: true, message: requiredText ?? t('login.captchaRequired') }]}>
            <Input
              id="verifyCode"
              name="verifyCode"
              prefix={<SafetyOutlined />}
              placeholder={t('login.captchaPlaceholder')}
              autoComplete="off"
              maxLength={10}
              data-testid="captcha-input"
            />
          </Form.Item>
          <button
            type="button"
            onClick={renew}
            title={t('login.captchaRenew')}
            aria-label={t('login.captchaRenew')}
            data-testid="captcha-renew"
            style={{
              ...IMAGE,
              flex: 'none',
              padding: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              border: `1px solid ${token.colorBorder}`,
              borderRadius: token.borderRadius,
              background: token.colorBgContainer,
              cursor: 'pointer',
              overflow: 'hidden',
            }}
          >
            {image}
          </button>
        </div>
      </Form.Item>
    </>
  );
}
