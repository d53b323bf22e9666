/**
 * The agent's reply box. The text is the chat's draft (inputContent), kept in the store per
 * chat, so switching chats keeps what was typed. Enter sends, Shift+Enter breaks the line.
 * The clip uploads an image, document or voice file and sends it as a message (upload.ts).
 * Typing `/` and part of a caption offers the agent's quick replies (quick-replies.ts):
 * ↑ ↓ choose, Enter inserts the text with its variables filled in, Esc closes the list.
 */
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Tooltip, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS } from '../../schemas/protocol/chat';
import { chatStore, useChat } from './chat';
import { http } from '../app/providers';
import { displayName, useSession } from '../app/session';
import { insertReply, matchReplies, QUICK_REPLY_LIST, slashQuery, type QuickReply, type QuickReplyVariables } from './quick-replies';
import { QuickReplyList } from './QuickReplyList';
import { uploadFile } from './upload';

/** The agent's quick replies, asked for when a `/` list opens (so an edit made meanwhile shows). */
function useQuickReplies(open: boolean): QuickReply[] {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [replies, setReplies] = useState<QuickReply[]>([]);
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    http.post<{ list: QuickReply[] }>(QUICK_REPLY_LIST, { pageNo: 1, pageSize: 1000 })
      .then((answer) => live && setReplies(answer.data.list))
      .catch(() => live && void message.error(t('chat.quickReplies.loadFailed')));
    return () => {
      live = false;
    };
  }, [open, message, t]);
  return replies;
}

export function Composer({ chatId }: { chatId: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const draft = useChat((s) => s.inbox.chats.get(chatId)?.inputContent ?? '');
  const [uploading, setUploading] = useState(false);
  const chatName = useChat((s) => s.inbox.chats.get(chatId)?.clientChatName ?? '');
  // {agentName} in the console's language (displayName: the English name in English).
  const agentName = useSession((s) => displayName(s, i18n.language));
  const vars: QuickReplyVariables = { customerName: chatName, agentName, ticketNumber: chatId };
  // The draft at which the agent pressed Esc: the list stays closed until the draft changes.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const slash = slashQuery(draft);
  const open = slash !== undefined && dismissed !== draft;
  const replies = useQuickReplies(open);
  const matches = useMemo(() => (slash ? matchReplies(replies, slash.query) : []), [replies, slash?.query]);
  useEffect(() => setActive(0), [slash?.query]);
  // Any change to the draft forgets the Esc: typing on opens the list again.
  useEffect(() => setDismissed((d) => (d === draft ? d : null)), [draft]);
  const send = () => {
    if (chatStore.getState().sendMessage(chatId, 'text', draft)) chatStore.getState().setDraft(chatId, '');
  };
  const pick = (reply: QuickReply) => chatStore.getState().setDraft(chatId, insertReply(draft, reply, vars));
  /** The list's keys; true when the key was the list's. */
  const listKey = (key: string): boolean => {
    if (!open) return false;
    if (key === 'Escape') setDismissed(draft);
    else if (key === 'ArrowDown' && matches.length) setActive((i) => (i + 1) % matches.length);
    else if (key === 'ArrowUp' && matches.length) setActive((i) => (i - 1 + matches.length) % matches.length);
    else if ((key === 'Enter' || key === 'Tab') && matches[active]) pick(matches[active]);
    else return false;
    return true;
  };
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', position: 'relative' }}>
      {open && <QuickReplyList replies={matches} active={active} vars={vars} onPick={pick} />}
      <Input.TextArea
        value={draft}
        maxLength={CHAT_LIMITS.contentLength}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={`${t('chat.composer.placeholder')}. ${t('chat.quickReplies.hint')}`}
        aria-label={t('chat.composer.placeholder')}
        data-testid="chat-composer"
        onChange={(e) => chatStore.getState().setDraft(chatId, e.target.value)}
        aria-expanded={open}
        onKeyDown={(e) => {
          if (!e.nativeEvent.isComposing && !e.shiftKey && listKey(e.key)) {
            e.preventDefault();
            return;
          }
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      <Space direction="vertical" size={4}>
        <Upload
          showUploadList={false}
          customRequest={({ file }) => {
            setUploading(true);
            uploadFile(chatId, file as Blob)
              .then(({ url, messageType }) => chatStore.getState().sendMessage(chatId, messageType, url))
              .catch((error: unknown) => void message.error(error instanceof Error ? error.message : String(error)))
              .finally(() => setUploading(false));
          }}
        >
          <Tooltip title={t('chat.composer.attach')}>
            <Button icon={<PaperClipOutlined />} loading={uploading} aria-label={t('chat.composer.attach')} data-testid="chat-attach" />
          </Tooltip>
        </Upload>
        <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={!draft.trim()} data-testid="chat-send">
          {t('chat.composer.send')}
        </Button>
      </Space>
    </div>
  );
}
