// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CallBook } from '../../server/telephony/gateway/call-state.ts';
import type { EslEvent } from '../../server/telephony/esl/types.ts';

/**
 * The gateway's call picture fed by hand-written FreeSWITCH event sequences (no simulator): a
 * blind transfer whose old agent leg ends before the target's leg is created, and the other way
 * round, with the headers a real switch puts on a bridge's new leg.
 */
const CUSTOMER = '11111111-0000-4000-8000-000000000001';
const AGENT = '22222222-0000-4000-8000-000000000002';
const TARGET = '33333333-0000-4000-8000-000000000003';

let clock = 1_700_000_000_000;
function ev(name: string, headers: Record<string, string>): EslEvent {
  clock += 1000;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { name, headers: { 'event-name': name, 'event-date-timestamp': String(clock * 1000), ...lower }, body: '' } as unknown as EslEvent;
}

/** An incoming call from 13800138000, answered by seat 8101 (extension 1101). */
function answered(book: CallBook) {
  book.apply(ev('CHANNEL_CREATE', { 'Unique-ID': CUSTOMER, 'Channel-Call-UUID': CUSTOMER, 'Call-Direction': 'inbound', 'Caller-Caller-ID-Number': '13800138000' }));
  book.apply(ev('CHANNEL_CREATE', {
    'Unique-ID': AGENT, 'Channel-Call-UUID': CUSTOMER, 'Call-Direction': 'outbound', 'Other-Type': 'originator', 'Other-Leg-Unique-ID': CUSTOMER,
    variable_dialed_user: '1101',
  }), '8101');
  book.apply(ev('CHANNEL_ANSWER', { 'Unique-ID': AGENT, 'Channel-Call-UUID': CUSTOMER }));
  book.apply(ev('CHANNEL_BRIDGE', { 'Unique-ID': CUSTOMER, 'Bridge-A-Unique-ID': CUSTOMER, 'Bridge-B-Unique-ID': AGENT }));
}

const agentEnds = (book: CallBook) => [
  // After the bridge, the old agent leg's call_uuid is its own again (switch_ivr_bridge.c).
  book.apply(ev('CHANNEL_HANGUP_COMPLETE', { 'Unique-ID': AGENT, 'Channel-Call-UUID': AGENT, 'Hangup-Cause': 'NORMAL_CLEARING' })),
  book.apply(ev('CHANNEL_DESTROY', { 'Unique-ID': AGENT, 'Channel-Call-UUID': AGENT })),
];
const targetCreated = (book: CallBook) => book.apply(ev('CHANNEL_CREATE', {
  'Unique-ID': TARGET, 'Channel-Call-UUID': CUSTOMER, 'Call-Direction': 'outbound', 'Other-Type': 'originator', 'Other-Leg-Unique-ID': CUSTOMER,
  variable_originator: CUSTOMER, variable_dialed_user: '1102', 'Caller-Caller-ID-Number': '13800138000',
}), '8102');

describe('blind transfer from real FreeSWITCH events', () => {
  for (const order of ['old agent leg first', 'target leg first'] as const) {
    it(`${order}: the target rings with the number, the source gets its end, the record names both`, () => {
      const book = new CallBook(() => 0);
      answered(book);
      book.apply(ev('CHANNEL_UNBRIDGE', { 'Unique-ID': CUSTOMER, 'Bridge-A-Unique-ID': CUSTOMER, 'Bridge-B-Unique-ID': AGENT }));
      const [ended, created] = order === 'old agent leg first'
        ? [agentEnds(book)[1]!, targetCreated(book)]
        : (() => { const c = targetCreated(book); return [agentEnds(book)[1]!, c]; })();
      expect(ended.push).toEqual([{ seat: '8101', msg: { type: 'CHANNEL_DESTROY', callId: CUSTOMER, next: 0, afterCallSeconds: 0 } }]);
      expect(ended.writes).toContainEqual(expect.objectContaining({ kind: 'end', seat: '8101' }));
      expect(created.push.map((p) => [p.seat, p.msg.type])).toEqual([['8102', 'TRANSFER'], ['8102', 'CHANNEL_CREATE']]);
      expect(created.push[1]!.msg).toMatchObject({ phoneNum: '13800138000', agentNum: '8102' });
      expect(book.callOf('8101')).toBeUndefined();
      expect(book.partOf('8102')?.part.answeredAt).toBeUndefined();

      const answer = book.apply(ev('CHANNEL_ANSWER', { 'Unique-ID': TARGET, 'Channel-Call-UUID': CUSTOMER }));
      expect(answer.push).toEqual([{ seat: '8102', msg: { type: 'CHANNEL_ANSWER', callId: CUSTOMER } }]);
      book.apply(ev('CHANNEL_HANGUP_COMPLETE', { 'Unique-ID': CUSTOMER, 'Hangup-Cause': 'NORMAL_CLEARING' }));
      book.apply(ev('CHANNEL_DESTROY', { 'Unique-ID': CUSTOMER }));
      book.apply(ev('CHANNEL_HANGUP_COMPLETE', { 'Unique-ID': TARGET, 'Hangup-Cause': 'NORMAL_CLEARING' }));
      const last = book.apply(ev('CHANNEL_DESTROY', { 'Unique-ID': TARGET }));
      expect(last.push).toEqual([{ seat: '8102', msg: { type: 'CHANNEL_DESTROY', callId: CUSTOMER, next: 0, afterCallSeconds: 0 } }]);
      const closing = last.writes.find((w) => w.kind === 'call' && w.call.destroyTime !== null);
      expect(closing).toMatchObject({ call: { seat: '8101', transferFrom: '8101', transferTo: '8102', hangupCause: 'NORMAL_CLEARING' } });
      expect(book.size).toBe(0);
      expect(book.seats()).toEqual([]);
    });
  }
});
