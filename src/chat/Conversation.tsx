/**
 * The selected chat: its header (source, name, state, a WeChat customer's panel, follow, create work order, transfer, close), the messages
 * with the client's typing preview (preInput) under them, and the composer. Supervisors read
 * only; a closed chat takes no more messages.
 */
import { ArrowLeftOutlined, FileAddOutlined, IdcardOutlined, StarFilled, StarOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Space, Tag, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatStore, useChat } from './chat';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { ELLIPSIS } from './ellipsis';
import { SourceIcon } from './SourceIcon';
import { CustomerPanel } from './CustomerPanel';
import { TransferDialog } from './TransferDialog';
import { useNavigate } from 'react-router';
import { OrderForm } from '../workorders/OrderForm';
import { orderPath } from '../workorders/api';
import { transcriptOf } from '../workorders/transcript';
import { displayName, useSession } from '../app/session';

export function Conversation({ chatId, onBack }: { chatId: string; onBack?: () => void }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const chat = useChat((s) => s.inbox.chats.get(chatId));
  const me = useChat((s) => s.me);
  const supervisor = useChat((s) => s.supervisor);
  const typing = useChat((s) => s.typing[chatId]);
  const [transferring, setTransferring] = useState<string | null>(null);
  const [ordering, setOrdering] = useState(false);
  const [customer, setCustomer] = useState(false);
  const navigate = useNavigate();
  // The agent's own name in the console's language (displayName: the English name in English).
  const myName = useSession((s) => displayName(s, i18n.language));
  const bottom = useRef<HTMLDivElement>(null);
  const count = chat?.msgList.length ?? 0;
  // Stable, so the memoised dialog and panel skip the renders each message of this chat brings.
  const closeTransfer = useCallback(() => setTransferring(null), []);
  const closeCustomer = useCallback(() => setCustomer(false), []);

  // Keep the newest message in view as messages arrive (and when another chat opens). A block
  // body: newer Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count, typing, chatId]);

  if (!chat) return null;
  const open = chat.state === 'on';
  const store = chatStore.getState();
  return (
    <section aria-label={chat.clientChatName} style={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}`, flexWrap: 'wrap' }}>
        {onBack && <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('chat.actions.back')} />}
        <SourceIcon way={chat.sourceInfo_way} />
        <Typography.Text strong title={chat.clientChatName} style={{ flex: 1, ...ELLIPSIS, minWidth: 80 }}>{chat.clientChatName}</Typography.Text>
        <Tag color={open ? 'green' : 'default'} style={open ? { color: token.green8 } : undefined}>{t(`chat.state.${chat.state}`)}</Tag>
        <Space size={4} wrap>
          <Button
            size="small"
            icon={chat.isFollow ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
            onClick={() => store.toggleFollow(chatId)}
            data-testid="chat-follow"
          >
            {t(chat.isFollow ? 'chat.actions.unfollow' : 'chat.actions.follow')}
          </Button>
          {chat.sourceInfo_way === 'WeChat' && (
            <Button size="small" icon={<IdcardOutlined />} onClick={() => setCustomer(true)} data-testid="chat-customer">{t('chat.customer.open')}</Button>
          )}
          <Button size="small" icon={<FileAddOutlined />} onClick={() => setOrdering(true)} data-testid="chat-create-order">{t('workOrders.createFromCall')}</Button>
          {open && !supervisor && (
            <>
              <Button size="small" icon={<SwapOutlined />} onClick={() => setTransferring(chatId)}>{t('chat.actions.transfer')}</Button>
              {/* autoFocus: opened by keyboard, the menu takes the focus, so the arrows and Enter choose. */}
              <Dropdown
                trigger={['click']}
                autoFocus
                menu={{
                  items: [
                    { key: 'solved', label: <span data-testid="chat-close-solved">{t('chat.actions.closeSolved')}</span> },
                    { key: 'unsolved', label: <span data-testid="chat-close-unsolved">{t('chat.actions.closeUnsolved')}</span> },
                  ],
                  onClick: ({ key }) => store.close(chatId, key === 'solved'),
                }}
              >
                <Button size="small" danger data-testid="chat-close">{t('chat.actions.close')}</Button>
              </Dropdown>
            </>
          )}
        </Space>
      </header>
      <div data-testid="chat-messages" style={{ flex: 1, overflowY: 'auto', padding: '8px 12px' }}>
        {chat.msgList.map((m, i) => (
          <MessageItem key={m.seq ?? m.clientMsgId ?? `stamp-${i}`} msg={m} me={me} clientName={chat.clientChatName} />
        ))}
        {typing && (
          <Typography.Text type="secondary" italic data-testid="chat-typing" style={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('chat.typing', { name: chat.clientChatName })} {typing}
          </Typography.Text>
        )}
        <div ref={bottom} />
      </div>
      <footer style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        {supervisor ? <Alert type="info" showIcon message={t('chat.composer.supervisor')} />
          : open ? <Composer chatId={chatId} /> : <Alert type="info" showIcon message={t('chat.composer.closed')} />}
      </footer>
      <TransferDialog chatId={transferring} onClose={closeTransfer} />
      {chat.sourceInfo_way === 'WeChat' && <CustomerPanel chatId={chatId} name={chat.clientChatName} open={customer} onClose={closeCustomer} />}
      {/* An order from the chat: linked by its id, its transcript as the description. */}
      {ordering && (
        <OrderForm open prefill={{ kind: 'consult', source: chat.sourceInfo_way === 'WeChat' ? 'wechat' : 'chat', chatId, customerName: chat.clientChatName.slice(0, 64), description: transcriptOf(chat, myName) }}
          onClose={() => setOrdering(false)} onCreated={(o) => { setOrdering(false); navigate(orderPath(o.id)); }} />
      )}
    </section>
  );
}
