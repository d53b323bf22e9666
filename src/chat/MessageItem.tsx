/**
 * One line of a conversation. Content is untrusted: it is only ever a React text child (never
 * HTML), and images, files and sounds are loaded only from this server's upload addresses
 * (/api/File/<id>, through a signed link); any other address shows as plain text.
 */
import { Avatar, Image, Typography } from 'antd';
import dayjs from 'dayjs';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { systemText } from '../../schemas/protocol/chat';
import { FILE_PATH, useFileLink } from './file-links';
import type { AgentIdentity, ChatMsg } from './types';

type FileKind = 'image' | 'sound' | 'file';

/** An uploaded file, from its signed link (file-links.ts); its kind's label while the link comes or when there is none. */
function FileContent({ kind, path, name }: { kind: FileKind; path: string; name: string | null | undefined }) {
  const { t } = useTranslation();
  const src = useFileLink(path);
  const label = t(`chat.kind.${kind}`);
  if (!src) return <Typography.Text type="secondary" data-testid="chat-file-pending">{label}</Typography.Text>;
  if (kind === 'image') return <Image src={src} alt={label} width={180} />;
  if (kind === 'sound') return <audio controls preload="none" src={src} aria-label={label} />;
  // A file reads by its name (the upload's original name), its kind only when the name is unknown.
  return <a href={src} target="_blank" rel="noopener noreferrer" data-testid="chat-file">{name || label}</a>;
}

function Content({ msg }: { msg: ChatMsg }) {
  const kind = msg.contentType;
  if (kind !== 'text' && FILE_PATH.test(msg.content)) return <FileContent kind={kind} path={msg.content} name={msg.fileName} />;
  return <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{msg.content}</span>;
}

/** Memoised: a message that arrives renders itself, not the conversation's earlier ones (their objects are kept). */
export const MessageItem = memo(function MessageItem({ msg, me, clientName }: { msg: ChatMsg; me: AgentIdentity | null; clientName: string }) {
  const { t, i18n } = useTranslation();
  if (msg.stamp) {
    return <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', fontSize: 12 }}>{dayjs(msg.createTime).format('YYYY-MM-DD HH:mm')}</Typography.Text>;
  }
  if (msg.role === 'sys') {
    return <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', fontSize: 12 }}>{systemText(msg.content, i18n.language?.startsWith('en') ? 'en' : 'zh')}</Typography.Text>;
  }
  const own = msg.role === 'agent';
  // The agent's own identity labels what it sent; a colleague's message (before a transfer) shows its seat.
  const name = !own ? clientName : msg.sender === me?.serverChatId ? me.serverChatName : t('chat.seat', { seat: msg.sender });
  return (
    <div data-testid="chat-message" data-role={msg.role} style={{ display: 'flex', flexDirection: own ? 'row-reverse' : 'row', gap: 8, margin: '8px 0' }}>
      <Avatar size="small" src={own && msg.sender === me?.serverChatId && me.avatarUrl ? me.avatarUrl : undefined}>{name.slice(0, 1)}</Avatar>
      <div style={{ maxWidth: '75%', textAlign: own ? 'right' : 'left' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {name} {dayjs(msg.createTime).format('HH:mm')}
          {msg.pending ? ` · ${t('chat.sending')}` : ''}
        </Typography.Text>
        <div
          style={{
            padding: '6px 10px', borderRadius: 8, textAlign: 'left', display: 'inline-block', marginTop: 2,
            background: own ? '#e6f4ff' : '#f5f5f5', opacity: msg.pending ? 0.6 : 1,
          }}
        >
          <Content msg={msg} />
        </div>
      </div>
    </div>
  );
});
