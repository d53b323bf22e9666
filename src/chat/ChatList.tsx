/**
 * The chat list, virtualised (@tanstack/react-virtual): only the rows in view are rendered, so
 * 1,000 chats scroll as lightly as 10. Each row is memoised on its chat id and reads its own chat
 * from the store, so a message re-renders that chat's row only (the list moves the others).
 * Long names and previews are cut by CSS: antd's JS ellipsis measured every row it rendered
 * (a forced layout per row per message: issue 26 item 2, bench/inbox-browser.ts).
 * A row is plain elements in antd's tokens, not antd components (Typography, Badge, Tooltip):
 * a message usually brings a chat from outside the view to the top, so a row mounts, and each
 * antd component mounting re-injects its style sheet (cssinjs scans the page's style tags each
 * time), about a millisecond a message in the profile.
 */
import { StarFilled } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Empty, theme } from 'antd';
import dayjs from 'dayjs';
import { memo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { chatStore, useChat } from './chat';
import './chat-list.css';
import { ELLIPSIS } from './ellipsis';
import { SourceIcon } from './SourceIcon';

const ROW_HEIGHT = 64;
/**
 * A row's box in the list: placed by a transform, a layer of its own (will-change) whose inside
 * is contained, so a chat moving to the top moves the rows' layers instead of painting the list
 * again, and a row that changes paints only itself.
 */
const ROW_BOX: CSSProperties = { position: 'absolute', top: 0, left: 0, width: '100%', height: ROW_HEIGHT };
/** Above this the unread count reads "99+", as antd's Badge shows it. */
const UNREAD_SHOWN = 99;

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
        <SourceIcon way={chat.sourceInfo_way} plain />
        {chat.isFollow && <StarFilled style={{ color: token.colorWarning }} aria-label={t('chat.actions.unfollow')} />}
        <span title={chat.clientChatName} data-testid="chat-row-name" style={{ flex: 1, fontWeight: token.fontWeightStrong, color: token.colorText, ...ELLIPSIS }}>{chat.clientChatName}</span>
        <span style={{ fontSize: 12, color: token.colorTextSecondary }}>{chat.lastMsgTime ? dayjs(chat.lastMsgTime).format('HH:mm') : ''}</span>
      </span>
      <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <span title={previewLine} style={{ flex: 1, fontSize: 12, color: token.colorTextSecondary, ...ELLIPSIS }}>{previewLine}</span>
        {chat.newMsgCount > 0 && (
          <span
            className="chat-row-badge"
            data-testid="chat-row-unread"
            title={String(chat.newMsgCount)}
            style={{ background: token.colorError, boxShadow: `0 0 0 1px ${token.colorBorderBg}` }}
          >
            {chat.newMsgCount > UNREAD_SHOWN ? `${UNREAD_SHOWN}+` : chat.newMsgCount}
          </span>
        )}
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
          <div key={order[row.index]} role="listitem" style={{ ...ROW_BOX, transform: `translateY(${row.start}px)` }}>
            <ChatRow id={order[row.index]!} />
          </div>
        ))}
      </div>
    </div>
  );
}
