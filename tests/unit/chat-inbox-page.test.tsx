import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../src/app/i18n';
import { useSession } from '../../src/app/session';
import { chatStore } from '../../src/chat/chat';
import { ADMIN_ROUTES } from './support/fixtures';
import { location, renderConsole, sideMenu, signIn, SLOW } from './support/signed-in';

/** The inbox's menu item (server/menus/screen-menus.ts) as api/router/getList gives it to every role. */
const INBOX_ROUTE = { path: '/im', name: 'im', component: 'ChatInbox', meta: { title: 'menu.chat', icon: 'MessageOutlined' } };

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  chatStore.getState().stop();
  useSession.getState().reset();
  await i18n.changeLanguage('zh');
});

const agent = (chat: boolean) => {
  signIn(['agent'], ['READ', 'WRITE'], [ADMIN_ROUTES[0], INBOX_ROUTE]);
  useSession.setState({ chat, userSeatNo: '8101' });
};

describe('the chat inbox from its menu item', () => {
  it('a chat agent finds it in the side menu and gets the inbox', async () => {
    agent(true);
    renderConsole('/im');
    expect(await screen.findByTestId('chat-inbox', {}, SLOW)).toBeTruthy();
    expect(sideMenu().getByText('Live chat')).toBeTruthy();
  });

  it('an agent whose department takes no chats is refused at /im, as outside their menus, and no chat connection starts', async () => {
    agent(false);
    renderConsole('/im');
    await waitFor(() => expect(location()).toBe('/403'), SLOW);
    expect(screen.queryByTestId('chat-inbox')).toBeNull();
    expect(chatStore.getState().status).toBe('idle');
  });

  it('a supervisor outside a chat department reads chats there', async () => {
    signIn(['supervisor'], ['READ'], [ADMIN_ROUTES[0], INBOX_ROUTE]);
    renderConsole('/im');
    expect(await screen.findByTestId('chat-inbox', {}, SLOW)).toBeTruthy();
  });
});
