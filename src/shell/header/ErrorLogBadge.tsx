import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog, WhenFirstOpened } from '../../lib/when-opened';
import { useErrorLog } from './error-log';

// The dialog and its table load when first opened.
const ErrorLogDialog = lazyDialog(() => import('./ErrorLogDialog'));

/** The header's error-log badge (spec section 8): shown once an error is recorded; its dialog lists them and clears them. */
export function ErrorLogBadge() {
  const { t } = useTranslation();
  const count = useErrorLog((state) => state.errors.length);
  const [open, setOpen] = useState(false);
  if (!count && !open) return null;
  return (
    <>
      <Tooltip title={t('header.errorLog')}>
        <Badge count={count} size="small" data-testid="error-log-badge">
          <Button type="text" danger icon={<BugOutlined />} aria-label={t('header.errorLog')} onClick={() => setOpen(true)} data-testid="error-log-open" />
        </Badge>
      </Tooltip>
      <WhenFirstOpened open={open} onFailed={() => setOpen(false)}>
        <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
      </WhenFirstOpened>
    </>
  );
}
