import { PhoneOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkedCall, OrderChatPage } from '../../schemas/workorders/wire';
import RecordingPlayer from '../pages/report/RecordingPlayer';
import { orderApi } from './api';

/**
 * What an order is linked to, inline on its timeline (issue 21 item 4): a linked call with its
 * recording (played through the order: whoever reaches the order may hear it), and the linked
 * chat's transcript as the chat store has it now, a page at a time.
 */

/** A call on the timeline: direction, number, seat, talk time, and its recording when it has one. */
export function CallOnTimeline({ callId, calls, orderId }: { callId: string; calls: LinkedCall[] | undefined; orderId: number }) {
  const { t } = useTranslation();
  const c = calls?.find((x) => x.callId === callId);
  return (
    <Space direction="vertical" size={4} data-testid="order-call" data-call-id={callId}>
      <Space size={8} wrap>
        <PhoneOutlined />
        {c ? (
          <>
            <Tag>{t(`workOrders.linked.${c.direction}`)}</Tag>
            <Typography.Text>{c.phoneNo}</Typography.Text>
            <Typography.Text type="secondary">{t('workOrders.linked.seat', { seat: c.seat || '-' })} · {c.callTime} · {t('workOrders.linked.talk', { s: c.callSeconds })}</Typography.Text>
          </>
        ) : <Typography.Text type="secondary" data-testid="order-call-pending">{t('workOrders.linked.callPending', { id: callId })}</Typography.Text>}
      </Space>
      {c?.recorded && <RecordingPlayer src={`/api/recordings/${encodeURIComponent(callId)}`} workOrderId={orderId} />}
    </Space>
  );
}

const PAGE = 50;

/** The linked chat's transcript: the first page on opening, more on asking, and whatever was said since on refreshing. */
export function ChatOnTimeline({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<OrderChatPage>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  /** Reads the messages after the last one shown (all from the start when `fresh`). */
  const read = useCallback(async (from: OrderChatPage | undefined) => {
    setBusy(true);
    setError(undefined);
    try {
      const after = from?.messages.at(-1)?.seq ?? 0;
      const next = await orderApi.chat({ id: orderId, after, limit: PAGE });
      setPage({ ...next, messages: [...(from?.messages ?? []), ...next.messages] });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, [orderId]);
  useEffect(() => void read(undefined), [read]);
  const word = (m: OrderChatPage['messages'][number]) => (m.contentType === 'text' ? m.content : `[${t(`workOrders.linked.content.${m.contentType}`)}]`);
  return (
    <Card size="small" type="inner" data-testid="order-chat"
      title={<Space>{t('workOrders.linked.chat')}{page?.state && <Tag color={page.state === 'on' ? 'green' : 'default'}>{t(page.state === 'on' ? 'workOrders.linked.chatOn' : 'workOrders.linked.chatOver')}</Tag>}</Space>}
      extra={<Button size="small" icon={<ReloadOutlined />} loading={busy} onClick={() => void read(page)} data-testid="order-chat-refresh">{t('workOrders.linked.refresh')}</Button>}>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {page && !page.messages.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workOrders.linked.noMessages')} />}
      {page && page.messages.length > 0 && (
        <div style={{ maxHeight: 320, overflowY: 'auto' }}>
          <List size="small" dataSource={page.messages} renderItem={(m) => (
            <List.Item key={m.seq} data-testid="order-chat-message">
              <Space direction="vertical" size={0}>
                <Typography.Text type="secondary">{m.time} · {t(`workOrders.linked.role.${m.role}`)}{m.role === 'agent' && m.sender ? ` (${m.sender})` : ''}</Typography.Text>
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{word(m)}</Typography.Text>
              </Space>
            </List.Item>
          )} />
        </div>
      )}
      {page?.more && <Button type="link" onClick={() => void read(page)} loading={busy} data-testid="order-chat-more">{t('workOrders.linked.more')}</Button>}
    </Card>
  );
}
