import { Button, Descriptions, Drawer, Input, Space, Table, Typography, message } from 'antd';
import dayjs from 'dayjs';
import { memo, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrapList } from '../../data-providers/envelope';
import type { ReportRow } from '../../schemas/report-types';
import type weiTalk from '../../schemas/reports/wei-talk';
import { http } from '../app/providers';
import { CallHistory } from '../phone/CallHistory';
import { CallerOrders } from '../workorders/CallerOrders';

/** A row of weixin/getWeiTalk, typed by its schema. */
type TalkRow = ReportRow<typeof weiTalk>;

const PHONE = /^(\+?[0-9]{3,20})?$/;

/**
 * A WeChat chat's customer (issue 23 item 4): who they are (account, OpenID, nickname), their
 * conversations together (weixin/getWeiTalk: every chat of the same account and OpenID), the
 * phone number the agent records (weixin/savePhone) and, once it is known, the same person's
 * calls and open work orders by that number, with "create work order" prefilled from the chat.
 * Memoised with its props: the conversation re-renders with each message of its chat.
 */
export const CustomerPanel = memo(function CustomerPanel({ chatId, name, open, onClose }: { chatId: string; name: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [talks, setTalks] = useState<TalkRow[]>([]);
  const [phone, setPhone] = useState('');
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => http.post('/api/weixin/getWeiTalk', { clientChatId: chatId }).then((body) => {
    const rows = unwrapList<TalkRow>(body)?.data ?? [];
    setTalks(rows);
    const known = String(rows[0]?.phone ?? '');
    setPhone(known);
    setDraft(known);
  }), [chatId]);

  useEffect(() => {
    if (open) load().catch((e: unknown) => void message.error(e instanceof Error ? e.message : String(e)));
  }, [open, load]);

  const save = async () => {
    setSaving(true);
    try {
      await http.post('/api/weixin/savePhone', { clientChatId: chatId, phone: draft.trim() });
      setPhone(draft.trim());
      void message.success(t('chat.customer.phoneSaved'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const me = talks[0];
  return (
    <Drawer open={open} onClose={onClose} width={640} title={t('chat.customer.title', { name })} data-testid="chat-customer-panel" destroyOnHidden>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('reports.columns.accountName')}>{me?.accountName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('reports.columns.openid')}><Typography.Text copyable={!!me}>{me?.openid ?? '-'}</Typography.Text></Descriptions.Item>
        <Descriptions.Item label={t('reports.columns.phone')}>
          <Space.Compact style={{ width: '100%' }}>
            <Input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={21} inputMode="tel" placeholder={t('chat.customer.phonePlaceholder')}
              status={PHONE.test(draft.trim()) ? undefined : 'error'} data-testid="chat-customer-phone" />
            <Button type="primary" loading={saving} disabled={!PHONE.test(draft.trim()) || draft.trim() === phone} onClick={() => void save()} data-testid="chat-customer-phone-save">
              {t('buttons.save')}
            </Button>
          </Space.Compact>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('chat.customer.conversations')}</Typography.Title>
      <Table<TalkRow>
        data-testid="chat-customer-talks"
        size="small"
        rowKey="clientChatId"
        dataSource={talks}
        pagination={false}
        rowClassName={(r) => (r.clientChatId === chatId ? 'ant-table-row-selected' : '')}
        columns={[
          { key: 'accessTime', dataIndex: 'accessTime', title: t('reports.columns.accessTime'), render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '') },
          { key: 'userSeatNo', dataIndex: 'userSeatNo', title: t('reports.columns.userSeatNo') },
          { key: 'state', dataIndex: 'state', title: t('reports.columns.state'), render: (v: string) => t(`chat.state.${v === 'on' ? 'on' : 'off'}`) },
          { key: 'messages', dataIndex: 'messages', title: t('reports.columns.messages') },
        ]}
      />
      {phone ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>{t('phone.popup.history')}</Typography.Title>
          <CallHistory phoneNo={phone} testId="chat-customer-calls" />
          <CallerOrders key={phone} prefill={{ phone, chatId, source: 'wechat', kind: 'consult', customerName: name.slice(0, 64) }} />
        </>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 24 }}>{t('chat.customer.noPhone')}</Typography.Paragraph>
      )}
    </Drawer>
  );
});
