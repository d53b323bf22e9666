import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, List, Popover, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '../../../schemas/notice-list';
import { noticeClient as defaultClient, type NoticeClient } from './notice-client';

function NoticeList({ items }: { items: NoticeItem[] }) {
  const { t } = useTranslation();
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.noNotices')} />;
  return (
    <List
      size="small"
      dataSource={items}
      style={{ maxHeight: 320, overflowY: 'auto' }}
      renderItem={(n) => (
        <List.Item data-testid="notice-item">
          <List.Item.Meta
            title={n.title}
            description={
              <>
                {n.content && <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>{n.content}</Typography.Paragraph>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{n.createTime}</Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

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
    <div style={{ width: 320 }} data-testid="notice-popover">
      <Tabs
        size="small"
        items={[
          { key: 'notice', label: <span data-testid="notice-tab-notice">{t('header.noticeTab')}</span>, children: <NoticeList items={items.filter((n) => n.kind === 'notice')} /> },
          { key: 'email', label: <span data-testid="notice-tab-email">{t('header.emailTab')}</span>, children: <NoticeList items={items.filter((n) => n.kind === 'email')} /> },
        ]}
      />
      <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
        <Button type="link" onClick={() => void clear()} disabled={!total} data-testid="notice-clear">{t('header.clear')}</Button>
      </div>
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
