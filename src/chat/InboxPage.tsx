/**
 * The chat screen, route /im (spec: route name im; the path is ours). The list beside the
 * conversation on a wide screen; on a phone one or the other, with a way back. Being on this
 * screen silences the in-console notifications (spec section 4) and counts the open chat read.
 */
import { BellOutlined, SoundOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Grid, Space, Switch, Tag, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { readsChats } from '../../schemas/permissions';
import { useSession } from '../app/session';
import { usePageTitle } from '../shell/use-page-title';
import { chatStore, useChat } from './chat';
import { ChatList } from './ChatList';
import { Conversation } from './Conversation';
import { clearNotices } from './notifier';
import { saveNotifyPrefs } from '../app/notify-prefs';

function Toolbar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const status = useChat((s) => s.status);
  const sound = useSession((state) => state.notifySound);
  const [permission, setPermission] = useState(typeof Notification === 'undefined' ? 'denied' : Notification.permission);
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>{t('chat.title')}</Typography.Title>
      {/* antd's tag text on its tint read 3.4:1 (axe: color-contrast); one shade darker reads 5:1. */}
      <Tag color={status === 'open' ? 'green' : 'orange'} style={{ color: status === 'open' ? token.green8 : token.orange8 }} data-testid="chat-status">{t(`chat.status.${status}`)}</Tag>
      <Space size={4}>
        <SoundOutlined />
        <Switch size="small" checked={sound} aria-label={t('chat.sound')} onChange={(on) => void saveNotifyPrefs({ notifySound: on }).catch(() => undefined)} />
      </Space>
      {permission === 'default' && (
        <Button size="small" icon={<BellOutlined />} onClick={() => void Notification.requestPermission().then(setPermission)}>
          {t('chat.notify.enable')}
        </Button>
      )}
    </Space>
  );
}

/**
 * The inbox is for those who read chats: anyone else has no menu item for it (the server leaves it
 * out) and is refused here too, as any screen outside their menus is; no socket is opened.
 */
export default function InboxPage() {
  return useSession(readsChats) ? <Inbox /> : <Navigate to="/403" replace />;
}

function Inbox() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { notification } = App.useApp();
  const selected = useChat((s) => s.selected);
  const error = useChat((s) => s.error);
  // md: 768 px and wider shows both panes.
  const wide = Grid.useBreakpoint().md !== false;
  usePageTitle('chat.title');

  useEffect(() => {
    const store = chatStore.getState();
    store.start();
    store.setOnScreen(true);
    // The agent is here: the notices would only cover the conversation.
    clearNotices(notification);
    return () => store.setOnScreen(false);
  }, [notification]);

  const pane = { border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, background: token.colorBgContainer, overflow: 'hidden' };
  const conversation = selected
    ? <Conversation chatId={selected} onBack={wide ? undefined : () => chatStore.getState().select(null)} />
    : <Empty description={t('chat.pick')} style={{ marginTop: 96 }} />;
  return (
    <div data-testid="chat-inbox">
      <Toolbar />
      {error && <Alert type="error" showIcon closable message={error} onClose={() => chatStore.getState().dismissError()} style={{ marginBottom: 12 }} />}
      <div style={{ display: 'flex', gap: 12, height: 'calc(100vh - 220px)', minHeight: 420 }}>
        {(wide || !selected) && <div style={{ ...pane, width: wide ? 300 : '100%', flex: 'none' }}><ChatList /></div>}
        {(wide || selected) && <div style={{ ...pane, flex: 1, minWidth: 0 }}>{conversation}</div>}
      </div>
    </div>
  );
}
