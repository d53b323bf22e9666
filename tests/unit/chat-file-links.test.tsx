import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../src/app/i18n';
import { http } from '../../src/app/providers';
import { fileLink, RENEW_BEFORE_MS } from '../../src/chat/file-links';
import { MessageItem } from '../../src/chat/MessageItem';
import type { ChatMsg, ContentType } from '../../src/chat/types';
import { tokenStore } from '../../src/lib/token';

/**
 * The inbox shows chat files through signed links (POST /api/File/links), never with the login
 * token in the URL: one request for the files a conversation shows at once, links reused until
 * shortly before they expire. Each test logs in with a token of its own, which empties the cache.
 */
type Post = typeof http.post;
let post: ReturnType<typeof vi.fn>;
/** The server's answers, in order; an Error is a refusal. */
let answers: Array<{ exp: number; ttlSeconds?: number } | Error>;
const EXP = Math.floor(Date.now() / 1000) + 3600;
const signedUrl = (id: string, exp: number) => `/api/File/${id}?uid=7&exp=${exp}&sig=S${id}`;
let n = 0;
/** A file id of 22 characters, new in every call. */
const newId = () => `file${String(++n).padStart(6, '0')}${Math.random().toString(36).slice(2, 14).padEnd(12, 'x')}`.slice(0, 22);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  tokenStore.set(`login-${Math.random()}`);
  answers = [];
  post = vi.fn(async (_url: string, body: { ids: string[] }) => {
    const next = answers[post.mock.calls.length - 1] ?? { exp: EXP };
    if (next instanceof Error) throw next;
    return { code: 200, msg: 'success', data: { exp: next.exp, ttlSeconds: next.ttlSeconds ?? 3600, refused: {}, links: Object.fromEntries(body.ids.map((id) => [id, signedUrl(id, next.exp)])) } };
  });
  vi.spyOn(http, 'post').mockImplementation(post as unknown as Post);
});
afterEach(async () => {
  tokenStore.clear();
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh');
});

const message = (contentType: ContentType, content: string, seq: number): ChatMsg => ({
  seq, clientMsgId: null, role: 'client', contentType, content, createTime: Date.UTC(2026, 10, 23, 12), sender: 'client', isNewMsg: false,
});
const item = (m: ChatMsg) => <MessageItem key={m.seq} msg={m} me={null} clientName="Visitor" />;

describe('chat files in the inbox', () => {
  it('asks once for every file a conversation shows, and shows each from its signed link without the login token', async () => {
    const [a, b, c] = [newId(), newId(), newId()];
    const msgs = [message('image', `/api/File/${a}`, 1), message('image', `/api/File/${b}`, 2), message('image', `/api/File/${a}`, 3), message('file', `/api/File/${c}`, 4)];
    const { container, unmount } = render(<>{msgs.map(item)}</>);
    expect(screen.getAllByTestId('chat-file-pending')).toHaveLength(4);
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(3));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toBe('/api/File/links');
    expect([...(post.mock.calls[0]![1] as { ids: string[] }).ids].sort()).toEqual([a, b, c].sort());
    expect(post.mock.calls[0]![2]).toMatchObject({ redirectOnAuthError: false });
    const srcs = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(srcs).toEqual([signedUrl(a, EXP), signedUrl(b, EXP), signedUrl(a, EXP)]);
    expect(screen.getByRole('link', { name: '[File]' }).getAttribute('href')).toBe(signedUrl(c, EXP));
    expect(container.innerHTML).not.toContain(tokenStore.get()!);
    expect(container.innerHTML).not.toContain('token=');

    // Shown again (another chat and back): the links come from the cache, no request.
    unmount();
    const again = render(<>{msgs.map(item)}</>);
    await waitFor(() => expect(again.container.querySelectorAll('img')).toHaveLength(3));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('shows the file\'s kind as text when the server gives no link, and never an image of another address', async () => {
    answers = [new Error('Permission denied')];
    const id = newId();
    const { container } = render(<>{[message('image', `/api/File/${id}`, 1), message('image', 'https://evil.example/x.png', 2)].map(item)}</>);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('chat-file-pending').textContent).toBe('[Image]'));
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(screen.getByText('https://evil.example/x.png')).toBeTruthy();
    expect((post.mock.calls[0]![1] as { ids: string[] }).ids).toEqual([id]);
  });

  it('reuses a link until RENEW_BEFORE_MS before it expires, then asks again', async () => {
    const id = newId();
    answers = [{ exp: EXP }, { exp: EXP + 3600 }];
    const askedAt = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(askedAt);
    // Its hour is counted on this browser's clock from when it asked.
    expect(await fileLink(id)).toEqual({ url: signedUrl(id, EXP), expMs: askedAt + 3600_000 });
    const renewAt = askedAt + 3600_000 - RENEW_BEFORE_MS;
    expect((await fileLink(id, renewAt - 1))?.url).toBe(signedUrl(id, EXP));
    expect(post).toHaveBeenCalledTimes(1);
    expect((await fileLink(id, renewAt))?.url).toBe(signedUrl(id, EXP + 3600));
    expect(post).toHaveBeenCalledTimes(2);
  });

  it("a browser whose clock is hours off the server's keeps a fresh link and renews an old one", async () => {
    const id = newId();
    const later = newId();
    // The server's clock is ten hours behind this browser's: its exp is long past here, yet the link has its hour.
    answers = [{ exp: EXP - 36_000 }, { exp: EXP + 36_000, ttlSeconds: 60 }];
    const link = await fileLink(id);
    expect((await fileLink(id, Date.now() + 60_000))?.url).toBe(link?.url);
    expect(post).toHaveBeenCalledTimes(1);
    // Ten hours ahead, a link that lasts a minute is renewed within RENEW_BEFORE_MS, whatever its exp says.
    await fileLink(later);
    await fileLink(later, Date.now());
    expect(post).toHaveBeenCalledTimes(3);
  });

  it('another login does not reuse the links of the one before', async () => {
    const id = newId();
    await fileLink(id);
    tokenStore.set('someone-else');
    await fileLink(id);
    expect(post).toHaveBeenCalledTimes(2);
  });
});
