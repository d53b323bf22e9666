import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../src/app/i18n';
import { http } from '../../src/app/providers';
import { tokenStore } from '../../src/lib/token';
import { callIdOf } from '../../src/pages/report/RecordingPlayer';
import { FieldValue } from '../../src/pages/resource/FieldValue';

type Post = typeof http.post;
let post: ReturnType<typeof vi.fn>;
/** The server's answer to the n-th link request (0-based). */
let links: Array<{ url: string; exp: number; ttlSeconds: number } | Error>;
const inMinutes = (m: number) => Math.floor(Date.now() / 1000) + m * 60;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  tokenStore.set('the-login-token');
  links = [];
  post = vi.fn(async () => {
    const next = links[post.mock.calls.length - 1];
    if (next instanceof Error) throw next;
    return { code: 200, msg: 'success', data: next };
  });
  vi.spyOn(http, 'post').mockImplementation(post as unknown as Post);
});
afterEach(async () => {
  tokenStore.clear();
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh');
});

const column = (value: string) => <FieldValue description={{ format: 'recording' }} value={value} />;

describe('recording column', () => {
  it('shows a play button per row and asks the server nothing until one is pressed', () => {
    render(<>{column('/api/recordings/c-1')}{column('/api/recordings/c-2')}{column('/api/recordings/c-3')}</>);
    expect(screen.getAllByRole('button', { name: /Play/ })).toHaveLength(3);
    expect(screen.queryByTestId('recording-player')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('pressing play asks for a signed link to that call and plays it: no login token in the address', async () => {
    links = [{ url: '/api/recordings/c-1?uid=3&exp=1&sig=abc', exp: inMinutes(5), ttlSeconds: 300 }];
    render(column('/api/recordings/c-1'));
    fireEvent.click(screen.getByRole('button', { name: /Play/ }));
    const audio = (await screen.findByTestId('recording-player')) as HTMLAudioElement;
    expect(post).toHaveBeenCalledWith('/api/recordings/link', { callId: 'c-1' }, { redirectOnAuthError: false });
    expect(audio.getAttribute('src')).toBe('/api/recordings/c-1?uid=3&exp=1&sig=abc');
    expect(audio.autoplay).toBe(true);
    expect(audio.getAttribute('src')).not.toContain('the-login-token');
  });

  it('a refused link shows the server\'s message on the row and no player', async () => {
    links = [new Error('Permission denied: you can only play recordings of calls taken at your own seat')];
    render(column('/api/recordings/c-9'));
    fireEvent.click(screen.getByRole('button', { name: /Play/ }));
    expect((await screen.findByTestId('recording-error')).textContent).toBe('Permission denied: you can only play recordings of calls taken at your own seat');
    expect(screen.queryByTestId('recording-player')).toBeNull();
  });

  it("a link's life is counted on this browser's clock: the server's exp, hours off, decides nothing", async () => {
    // The server's clock is ten hours behind: by its exp the link is long dead, yet it has its five minutes here.
    links = [{ url: '/api/recordings/c-1?sig=live', exp: inMinutes(-600), ttlSeconds: 300 }];
    render(column('/api/recordings/c-1'));
    fireEvent.click(screen.getByRole('button', { name: /Play/ }));
    fireEvent.error(await screen.findByTestId('recording-player'));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('an expired link is renewed when the player fails on it; a live link\'s failure asks nothing', async () => {
    links = [{ url: '/api/recordings/c-1?sig=old', exp: inMinutes(-1), ttlSeconds: 0 }, { url: '/api/recordings/c-1?sig=new', exp: inMinutes(5), ttlSeconds: 300 }];
    render(column('/api/recordings/c-1'));
    fireEvent.click(screen.getByRole('button', { name: /Play/ }));
    fireEvent.error(await screen.findByTestId('recording-player'));
    await waitFor(() => expect(screen.getByTestId('recording-player').getAttribute('src')).toBe('/api/recordings/c-1?sig=new'));
    fireEvent.error(screen.getByTestId('recording-player'));
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('a recording elsewhere (a user\'s own recordSrc) plays as it is, without a token or a request', () => {
    render(column('https://rec.example/play/c-1'));
    expect(screen.getByTestId('recording-player').getAttribute('src')).toBe('https://rec.example/play/c-1');
    expect(post).not.toHaveBeenCalled();
  });

  it('a call without a recording shows the empty mark, no player', () => {
    render(column(''));
    expect(screen.queryByRole('button', { name: /Play/ })).toBeNull();
    expect(screen.getByText('-')).toBeTruthy();
  });

  it('callIdOf reads the call from this server\'s recording paths only', () => {
    expect(callIdOf('/api/recordings/c-1')).toBe('c-1');
    expect(callIdOf('/api/recordings/a%3Ab')).toBe('a:b');
    expect(callIdOf('/api/recordings/c-1?token=x')).toBeUndefined();
    expect(callIdOf('https://rec.example/api/recordings/c-1')).toBeUndefined();
  });
});
