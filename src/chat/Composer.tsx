/**
 * The agent's reply box. The text is the chat's draft (inputContent), kept in the store per
 * chat, so switching chats keeps what was typed. Enter sends, Shift+Enter breaks the line.
 * Attachments need POST /api/File/upload, which this build does not have yet: the button is
 * shown disabled and says so.
 */
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS } from '../../schemas/protocol/chat';
import { chatStore, useChat } from './chat';

export function Composer({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const draft = useChat((s) => s.inbox.chats.get(chatId)?.inputContent ?? '');
  const send = () => {
    if (chatStore.getState().sendMessage(chatId, 'text', draft)) chatStore.getState().setDraft(chatId, '');
  };
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
      <Input.TextArea
        value={draft}
        maxLength={CHAT_LIMITS.contentLength}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('chat.composer.placeholder')}
        aria-label={t('chat.composer.placeholder')}
        data-testid="chat-composer"
        onChange={(e) => chatStore.getState().setDraft(chatId, e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      <Space direction="vertical" size={4}>
        <Tooltip title={t('chat.composer.attachUnavailable')}>
          <Button icon={<PaperClipOutlined />} disabled aria-label={t('chat.composer.attach')} />
        </Tooltip>
        <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={!draft.trim()} data-testid="chat-send">
          {t('chat.composer.send')}
        </Button>
      </Space>
    </div>
  );
}
