import { SafetyOutlined } from '@ant-design/icons';
import { Spin, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../../data-providers/translate';
import { AUTH_PATHS, type Captcha } from '../../../data-providers/auth';
import { useAnswer } from './before-login';

const IMAGE = { width: 120, height: 40 } as const;

/** The code's input, in either form: its icon, hint and length, and no autofill. */
export const captchaInputProps = (t: Translate) =>
  ({ prefix: <SafetyOutlined />, placeholder: t('login.captchaPlaceholder'), autoComplete: 'off', maxLength: 10, 'data-testid': 'captcha-input' }) as const;

/**
 * The image verification code (contracts item 3): the image, a button that renews it. A code is
 * single use, so every new `round` (another refused login) and every click on the image fetches
 * a fresh one; `onIssued` hears each new code's id (or none while there is none), so the form
 * keeps the id and clears what was typed. The login form and the registration form each put
 * it beside their own code field.
 */
export function CaptchaImage({ round, onIssued }: { round: number; onIssued: (verifyId: string | undefined) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // Asked afresh on every mount and renewal, never from a cache: the server has spent or expired an older code.
  const { data: captcha, refetch, isFetching, isError } = useAnswer<Captcha>(AUTH_PATHS.captcha);

  const mountedRound = useRef(round);
  useEffect(() => {
    if (round !== mountedRound.current) void refetch();
  }, [round, refetch]);

  // The latest callback, read when a new code arrives (not a reason to run the effect again).
  const issued = useRef(onIssued);
  useEffect(() => {
    issued.current = onIssued;
  });
  useEffect(() => {
    issued.current(captcha?.verifyId);
  }, [captcha?.verifyId]);

  let image;
  if (isFetching) image = <Spin size="small" />;
  else if (isError || !captcha) image = <span style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>{t('login.captchaUnavailable')}</span>;
  else image = <img src={captcha.image} alt={t('login.captchaAlt')} {...IMAGE} style={{ display: 'block' }} data-testid="captcha-image" />;

  return (
    <button
      type="button"
      onClick={() => void refetch()}
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
  );
}
