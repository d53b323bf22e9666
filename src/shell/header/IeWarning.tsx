import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isInternetExplorer } from './ie';

/** Spec section 2: Internet Explorer is no longer maintained; its user is asked to upgrade or switch to speed mode. */
export function IeWarning({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => isInternetExplorer(userAgent));
  if (!open) return null;
  return (
    <Modal
      open
      title={t('header.ieTitle')}
      onOk={() => setOpen(false)}
      onCancel={() => setOpen(false)}
      okText={t('header.ieOk')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="ie-warning"
    >
      <p>{t('header.ieText')}</p>
    </Modal>
  );
}
