import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Popover } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '../../../schemas/notice-list';
import { lazyDialog, WhenFirstOpened } from '../../lib/when-opened';
import { noticeClient as defaultClient, type NoticeClient } from './notice-client';

// The popover's tabs and lists load when first opened.
const NoticePanel = lazyDialog(() => import('./NoticePanel'));

/**
 * The header's notification popover (spec section 2, theme setting showNotice): the notices the
 * user has not cleared, under the tabs notice and email; "clear" clears them for this user on
 * the server, so they stay cleared on every device.
 */
export function NoticeButton({ client = defaultClient }: { client?: NoticeClient }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [items, setItems] = useState<NoticeItem[]>([]);
  const [total, setTotal] = useState(0);
  const [open, setOpen] = useState(false);
  const load = useCallback(() => {
    client.list().then((page) => { setItems(page.list); setTotal(page.total); }).catch(() => undefined);
  }, [client]);
  useEffect(load, [load]);
  const clear = async () => {
    const said = await client.clear();
    setItems([]);
    setTotal(0);
    setOpen(false);
    void message.success(said || t('header.cleared'));
  };
  const content = (
    <div style={{ width: 320 }}>
      <WhenFirstOpened open={open} fallback={<div style={{ height: 120 }} />} onFailed={() => setOpen(false)}>
        <NoticePanel items={items} canClear={total > 0} onClear={() => void clear()} />
      </WhenFirstOpened>
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => { setOpen(next); if (next) load(); }}
    >
      <Badge count={total} size="small" data-testid="notice-badge">
        <Button type="text" icon={<BellOutlined />} aria-label={t('header.notices')} data-testid="header-notice" />
      </Badge>
    </Popover>
  );
}
