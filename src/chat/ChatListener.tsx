/**
 * Always on in the shell for chat agents: keeps the chat socket up wherever the agent is in
 * the console, turns fresh client messages into notifications (notifier.ts), and shows a
 * header button with the unread count that opens the inbox.
 */
import { MessageOutlined } from '@ant-design/icons';
import { App, Badge, Button, Tooltip } from 'antd';
import { forwardRef, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chatStore, setClientMessageHandler, useChat } from './chat';
import { totalUnread } from './inbox';
import { createNotifier } from './notifier';

/**
 * The unread count over the header button: the only part that follows each message. The button
 * (its element made once by ChatListener) and the tooltip around it are not rendered again when
 * the count changes (issue 26 item 2: the three re-rendered on every message). Forwards the
 * tooltip's ref and handlers to the badge's element.
 */
const UnreadBadge = forwardRef<HTMLSpanElement, { children: ReactNode }>(function UnreadBadge(props, ref) {
  const unread = useChat((s) => totalUnread(s.inbox));
  return <Badge {...props} ref={ref} count={unread} size="small" offset={[-4, 4]} />;
});

export default function ChatListener() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();

  useEffect(() => {
    chatStore.getState().start();
    const open = (chatId: string) => {
      chatStore.getState().select(chatId);
      navigate('/im');
    };
    return setClientMessageHandler(createNotifier({ notification, t, onScreen: () => chatStore.getState().onScreen, open }));
  }, [notification, t, navigate]);

  const button = useMemo(
    () => <Button type="text" icon={<MessageOutlined />} aria-label={t('chat.title')} data-testid="chat-inbox-button" onClick={() => navigate('/im')} />,
    [t, navigate],
  );
  return (
    <Tooltip title={t('chat.title')}>
      <UnreadBadge>{button}</UnreadBadge>
    </Tooltip>
  );
}
