import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../src/app/i18n';
import { http } from '../../src/app/providers';
import { chatStore } from '../../src/chat/chat';
import { TransferDialog } from '../../src/chat/TransferDialog';

type Post = typeof http.post;
let post: ReturnType<typeof vi.fn>;
let answer: unknown[] | Error;
const realTransfer = chatStore.getState().transfer;
let transfer: ReturnType<typeof vi.fn<(chatId: string, toSeat: string) => void>>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  answer = [];
  post = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return { code: 200, msg: 'success', data: answer };
  });
  vi.spyOn(http, 'post').mockImplementation(post as unknown as Post);
  transfer = vi.fn<(chatId: string, toSeat: string) => void>();
  chatStore.setState({ transfer });
});
afterEach(async () => {
  vi.restoreAllMocks();
  chatStore.setState({ transfer: realTransfer });
  await i18n.changeLanguage('zh');
});

const dialog = (chatId: string | null, onClose = vi.fn()) => render(<App><TransferDialog chatId={chatId} onClose={onClose} /></App>);

describe('chat transfer dialog', () => {
  it('asks for the agents who can take a chat (not the phone\'s idle list) and hands the chat to the one picked', async () => {
    answer = [{ userChineseName: '张伟', fjh: '1102', userSeatNo: '8102' }, { userChineseName: '刘洋', fjh: '1103', userSeatNo: '8103' }];
    const onClose = vi.fn();
    dialog('chat-1', onClose);
    const row = (await screen.findByText('刘洋')).closest('tr')!;
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/User/getIdleUserInfo?for=chat', {});
    expect(screen.getByText('张伟')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Transfer' }));
    expect(transfer).toHaveBeenCalledWith('chat-1', '8103');
    expect(onClose).toHaveBeenCalled();
  });

  it('says nobody can take it when the list is empty', async () => {
    dialog('chat-1');
    expect(await screen.findByText('No colleague can take this chat now')).toBeTruthy();
    expect(transfer).not.toHaveBeenCalled();
  });

  it('shows a refused list request and offers nobody', async () => {
    answer = new Error('Invalid request: for must be one of: chat');
    dialog('chat-1');
    expect(await screen.findByText('Invalid request: for must be one of: chat')).toBeTruthy();
    expect(await screen.findByText('No colleague can take this chat now')).toBeTruthy();
  });

  it('asks nothing while closed', () => {
    dialog(null);
    expect(post).not.toHaveBeenCalled();
  });
});
