import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../src/app/i18n';
import { http } from '../../src/app/providers';
import CallPopup from '../../src/phone/pages/CallPopup';
import { popupPath } from '../../src/phone/popup-path';

/**
 * The call pop-up's "previous calls" (issue 19, defect 4): never the ringing call itself, and
 * asked again for each call, so a second call from the same number shows the first one as it
 * ended (answer time, duration), not as it stood while it rang.
 */
type Post = typeof http.post;
const FIRST = '11111111-0000-4000-8000-000000000001';
const SECOND = '22222222-0000-4000-8000-000000000002';
const PHONE = '13800138000';

/** How many times the history was asked for. */
const historyAsks = () => post.mock.calls.filter(([url]) => String(url).includes('/CallInfo/')).length;

/** The server's rows for the number, as they stand now. */
let stored: Array<Record<string, unknown>> = [];
let post: ReturnType<typeof vi.fn>;
let go: (path: string) => void = () => undefined;

function Navigator() {
  const navigate = useNavigate();
  go = (path) => void navigate(path);
  return null;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // The history's rows; the work-order lookups beside it (the caller's open orders, the form's options) find none.
  post = vi.fn(async (url: string) => (url.includes('/CallInfo/')
    ? { code: 200, msg: 'success', data: stored.map((r) => ({ ...r })) }
    : { code: 200, msg: 'success', data: { records: [], total: 0, kinds: [], states: [], departments: [], owners: [] } }));
  vi.spyOn(http, 'post').mockImplementation(post as unknown as Post);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh');
});

const row = (callId: string, answered: boolean) => ({
  callId, userSeatNo: '8101', direction: 'in', callTime: '2026-11-25 09:00:00',
  answerTime: answered ? '2026-11-25 09:00:05' : null, destroyTime: answered ? '2026-11-25 09:01:05' : null, callSeconds: answered ? 60 : 0,
});

describe('call pop-up history', () => {
  it('leaves the ringing call out, and on a second call from the number shows the first as it ended', async () => {
    stored = [row(FIRST, false)];
    render(
      <MemoryRouter initialEntries={[popupPath({ phoneNum: PHONE, agentNum: '8101', ivr: '', callId: FIRST })]}>
        <Navigator />
        <Routes><Route path="/popup/index" element={<CallPopup />} /></Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(historyAsks()).toBe(1));
    const table = screen.getByTestId('call-popup-history');
    await waitFor(() => expect(within(table).getByText('No earlier calls from this number')).toBeTruthy());

    // The first call was answered and ended; the same number calls again.
    stored = [row(SECOND, false), row(FIRST, true)];
    act(() => go(popupPath({ phoneNum: PHONE, agentNum: '8101', ivr: '', callId: SECOND })));
    await waitFor(() => expect(historyAsks()).toBe(2));
    await waitFor(() => expect(within(table).getByText('2026-11-25 09:00:05')).toBeTruthy());
    expect(within(table).queryByText(SECOND)).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('60')).toBeTruthy();
  });
});
