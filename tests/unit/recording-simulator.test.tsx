import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../src/app/i18n';
import { http } from '../../src/app/providers';
import SimulatorPage from '../../src/pages/simulator/SimulatorPage';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh');
});

describe('simulator screen', () => {
  type Post = (url: string, body?: unknown) => Promise<{ code: number; msg: string; data: unknown }>;
  let calls: Array<[string, unknown]>;
  const answer = (url: string): unknown => {
    if (url.endsWith('getSeatUserSeatOptions')) return [{ label: 'agent1 (8101)', value: '8101' }];
    if (url.endsWith('/sim/incoming')) return { callId: 'call-42' };
    return null;
  };
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    calls = [];
    vi.spyOn(http, 'post').mockImplementation((async (url, body) => {
      calls.push([url, body]);
      if (url.endsWith('/sim/answer')) throw new Error('No call is ringing at this seat');
      return { code: 200, msg: 'success', data: answer(url) };
    }) as Post as typeof http.post);
  });

  const page = () => render(<AntdApp><SimulatorPage /></AntdApp>);
  const pickSeat = async () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Seat' }));
    fireEvent.click(await screen.findByText('agent1 (8101)'));
  };

  it('rings the chosen seat with the number and IVR marker, and shows the call id', async () => {
    page();
    await pickSeat();
    fireEvent.change(screen.getByLabelText("Caller's number"), { target: { value: '13043101234' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'IVR marker' }));
    fireEvent.click(await screen.findByTitle('ivrcourt'));
    fireEvent.click(screen.getByRole('button', { name: 'Ring this seat' }));
    expect((await screen.findByTestId('simulator-outcome')).textContent).toBe('Seat 8101 is ringing (call call-42)');
    expect(calls).toContainEqual(['/api/sim/incoming', { userSeatNo: '8101', phoneNo: '13043101234', ivr: 'ivrcourt' }]);
  });

  it('refuses a number with letters before asking the server', async () => {
    page();
    await pickSeat();
    fireEvent.change(screen.getByLabelText("Caller's number"), { target: { value: '138-abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ring this seat' }));
    expect(await screen.findByText('Digits only, optionally starting with +')).toBeTruthy();
    expect(calls.map(([url]) => url)).not.toContain('/api/sim/incoming');
  });

  it("shows the server's refusal when the seat's phone has nothing to answer", async () => {
    page();
    await pickSeat();
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(screen.getByTestId('simulator-outcome').textContent).toBe('No call is ringing at this seat'));
    expect(calls).toContainEqual(['/api/sim/answer', { userSeatNo: '8101' }]);
  });

  it('asks for a seat before pressing the phone', async () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(await screen.findByText('Choose the seat to ring')).toBeTruthy();
    expect(calls.map(([url]) => url)).not.toContain('/api/sim/hangup');
  });
});
