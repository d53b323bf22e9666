/**
 * The agent's reply box. The text is the chat's draft (inputContent), kept in the store per
 * chat, so switching chats keeps what was typed. Enter sends, Shift+Enter breaks the line.
 * The clip uploads an image, document or voice file and sends it as a message (upload.ts).
 */
import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS } from '../../schemas/protocol/chat';
import { chatStore, useChat } from './chat';
import { uploadFile } from './upload';

export function Composer({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const draft = useChat((s) => s.inbox.chats.get(chatId)?.inputContent ?? '');
  const [uploading, setUploading] = useState(false);
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
