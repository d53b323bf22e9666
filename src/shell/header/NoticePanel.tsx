import { Button, Empty, List, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '../../../schemas/notice-list';

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

/** The notice popover's content: the notices under the tabs notice and email, and "clear". Loads when first opened. */
export default function NoticePanel({ items, canClear, onClear }: { items: NoticeItem[]; canClear: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="notice-popover">
      <Tabs
        size="small"
        items={[
          { key: 'notice', label: <span data-testid="notice-tab-notice">{t('header.noticeTab')}</span>, children: <NoticeList items={items.filter((n) => n.kind === 'notice')} /> },
          { key: 'email', label: <span data-testid="notice-tab-email">{t('header.emailTab')}</span>, children: <NoticeList items={items.filter((n) => n.kind === 'email')} /> },
        ]}
      />
      <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
        <Button type="link" onClick={onClear} disabled={!canClear} data-testid="notice-clear">{t('header.clear')}</Button>
      </div>
    </div>
  );
}
