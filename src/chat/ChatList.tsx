/**
 * The chat list, virtualised (@tanstack/react-virtual): only the rows in view are rendered, so
 * 1,000 chats scroll as lightly as 10. Each row is memoised on its chat id and reads its own chat
 * from the store, so a message re-renders that chat's row only (the list moves the others).
 * Long names and previews are cut by CSS: antd's JS ellipsis measured every row it rendered
 * (a forced layout per row per message: issue 26 item 2, bench/inbox-browser.ts).
 */
import { StarFilled } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Badge, Empty, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chatStore, useChat } from './chat';
import './chat-list.css';
import { ELLIPSIS } from './ellipsis';
import { SourceIcon } from './SourceIcon';

const ROW_HEIGHT = 64;

const ChatRow = memo(function ChatRow({ id }: { id: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const chat = useChat((s) => s.inbox.chats.get(id));
  const selected = useChat((s) => s.selected === id);
  if (!chat) return null;
  const preview = chat.lastMsgType === 'text' ? chat.lastMsgContent : t(`chat.kind.${chat.lastMsgType}`);
  const previewLine = `${chat.state === 'off' ? `[${t('chat.state.off')}] ` : ''}${preview}`;
  return (
    <button
      type="button"
      data-testid="chat-row"
      className="chat-row"
      aria-current={selected}
      onClick={() => chatStore.getState().select(id)}
      style={{
        all: 'unset', boxSizing: 'border-box', cursor: 'pointer', width: '100%', height: ROW_HEIGHT, padding: '8px 12px',
        display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 2,
        background: selected ? token.controlItemBgActive : undefined, borderBottom: `1px solid ${token.colorBorderSecondary}`,
        opacity: chat.state === 'off' ? 0.55 : 1, ['--chat-row-focus' as string]: token.colorPrimary,
      }}
    >
      <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <SourceIcon way={chat.sourceInfo_way} />
        {chat.isFollow && <StarFilled style={{ color: token.colorWarning }} aria-label={t('chat.actions.unfollow')} />}
        <Typography.Text strong title={chat.clientChatName} data-testid="chat-row-name" style={{ flex: 1, ...ELLIPSIS }}>{chat.clientChatName}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{chat.lastMsgTime ? dayjs(chat.lastMsgTime).format('HH:mm') : ''}</Typography.Text>
      </span>
      <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <Typography.Text type="secondary" title={previewLine} style={{ flex: 1, fontSize: 12, ...ELLIPSIS }}>{previewLine}</Typography.Text>
        <Badge count={chat.newMsgCount} size="small" />
      </span>
    </button>
  );
});

export function ChatList() {
  const { t } = useTranslation();
  const order = useChat((s) => s.inbox.order);
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count: order.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  if (order.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.list.empty')} style={{ marginTop: 48 }} />;
  return (
    <div ref={scroller} role="list" aria-label={t('chat.list.title')} style={{ height: '100%', overflowY: 'auto' }}>
      <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
        {rows.getVirtualItems().map((row) => (
          <div key={order[row.index]} role="listitem" style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}>
            <ChatRow id={order[row.index]!} />
          </div>
        ))}
      </div>
    </div>
  );
}
