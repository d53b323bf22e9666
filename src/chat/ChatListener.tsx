/**
 * Always on in the shell for chat agents: keeps the chat socket up wherever the agent is in
 * the console, turns fresh client messages into notifications (notifier.ts), and shows a
 * header button with the unread count that opens the inbox.
 */
import { MessageOutlined } from '@ant-design/icons';
import { App, Badge, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chatStore, setClientMessageHandler, useChat } from './chat';
import { totalUnread } from './inbox';
import { createNotifier } from './notifier';

export default function ChatListener() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const unread = useChat((s) => totalUnread(s.inbox));

  useEffect(() => {
    chatStore.getState().start();
    const open = (chatId: string) => {
      chatStore.getState().select(chatId);
      navigate('/im');
    };
    return setClientMessageHandler(createNotifier({ notification, t, onScreen: () => chatStore.getState().onScreen, open }));
  }, [notification, t, navigate]);

  return (
    <Tooltip title={t('chat.title')}>
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<MessageOutlined />} aria-label={t('chat.title')} data-testid="chat-inbox-button" onClick={() => navigate('/im')} />
      </Badge>
    </Tooltip>
  );
}
