// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PhoneMessage } from '../../schemas/protocol/phone';
import { buttons, initialState, isOffline, next, statusChoices, statusColor, timerLabel, timerText, type AgentEvent, type AgentState } from '../../src/phone/state-machine';

const USER = { userSeatNo: '8101', userChineseName: '张三', lineid: 1, companyId: 1, fjh: '1101', pre: '9' };
const CALL = '0f0e0d0c-0b0a-4908-8706-050403020100';
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

const server = (msg: PhoneMessage, at = T0): AgentEvent => ({ type: 'server', msg, at });
const run = (state: AgentState, ...events: AgentEvent[]) => events.reduce(next, state);
/** Online and ready since T0. */
const ready = () => run(initialState(USER), { type: 'socket', state: 'open' }, { type: 'chosen', status: 0, at: T0 });
const ringing = (direction: 'in' | 'out' = 'in') =>
  run(ready(), server({ type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '13800138000', agentNum: '8101', ivr: '', direction, answer: 'phone' }, T0 + 5000));
const talking = () => run(ringing(), server({ type: 'CHANNEL_ANSWER', callId: CALL }, T0 + 9000));

describe('agent state', () => {
  it('holds the spec fields of the session user and never the seat password', () => {
    const state = initialState({ ...USER, userSeatPwd: 'secret' } as typeof USER);
    expect(state).toMatchObject({ userSeatNo: '8101', userChineseName: '张三', lineid: 1, companyId: 1, extension: '1101', prefix: '9', phoneNo: '', curStatus: null });
    expect(JSON.stringify(state)).not.toContain('secret');
  });

  it('ready shows dial-out, toilet break and after-call work, and the selector offers the six statuses', () => {
    const state = ready();
    expect(state.curStatus).toBe(0);
    expect(buttons(state)).toEqual(['dial', 'toilet', 'afterCall']);
    expect(statusChoices(state).map((o) => o.label)).toEqual(
      ['ready', 'break', 'afterCall', 'meeting', 'revisit', 'quality'].map((l) => `seatStatus.option.${l}`));
    expect(statusChoices(state).every((o) => !o.disabled)).toBe(true);
  });

  it('ready is green and every other status red', () => {
    expect(statusColor(0)).toBe('green');
    for (const code of [1, 2, 3, 4, 5, 6, 7, 11, 12, 13] as const) expect(statusColor(code)).toBe('red');
    expect(statusColor(null)).toBe('default');
  });

  it('a chosen status restarts the timer; another idle status offers the way back to ready', () => {
    const state = run(ready(), { type: 'chosen', status: 13, at: T0 + 60_000 });
    expect(state).toMatchObject({ curStatus: 13, sDateTime: T0 + 60_000, stoppedAt: null, userSeatStatus: 'seatStatus.timer.meeting' });
    expect(buttons(state)).toEqual(['ready', 'toilet']);
    expect(buttons(run(ready(), { type: 'chosen', status: 12, at: T0 }))).toEqual(['ready', 'dial', 'toilet']);
  });

  it('a toilet break is status 3 and restarts the timer even during a break', () => {
    const onBreak = run(ready(), { type: 'chosen', status: 3, at: T0 + 1000 });
    const toilet = run(onBreak, { type: 'toilet', at: T0 + 90_000 });
    expect(toilet).toMatchObject({ curStatus: 3, sDateTime: T0 + 90_000, curReason: 'toilet', userSeatStatus: 'seatStatus.reason.toilet' });
  });

  it('the bar says which break: toilet or short, also after a reconnect', () => {
    expect(run(ready(), { type: 'chosen', status: 3, at: T0 })).toMatchObject({ curReason: 'short', userSeatStatus: 'seatStatus.reason.short' });
    const state = { type: 'STATE', status: 3, since: T0, callId: '', phoneNum: '', direction: '', answered: false, held: false, link: 'up', party: '', answer: '' } as const;
    expect(run(ready(), server({ ...state, reason: 'toilet' }))).toMatchObject({ userSeatStatus: 'seatStatus.reason.toilet' });
    expect(run(ready(), server(state))).toMatchObject({ curReason: '', userSeatStatus: 'seatStatus.timer.break' });
  });

  it('after-call work is status 4 with its own label', () => {
    expect(run(ready(), { type: 'chosen', status: 4, at: T0 })).toMatchObject({ curStatus: 4, userSeatStatus: 'seatStatus.timer.afterCall' });
  });

  it('CHANNEL_CREATE makes the seat busy with the call: ringing, timer restarted, only refusing offered', () => {
    const state = ringing();
    expect(state).toMatchObject({ phase: 'ringing', curStatus: 6, callId: CALL, phoneNo: '13800138000', direction: 'in', sDateTime: T0 + 5000, stoppedAt: null });
    expect(buttons(state)).toEqual(['hangup']);
    expect(timerLabel(state)).toBe('seatStatus.timer.ring');
    expect(statusChoices(state).every((o) => o.disabled)).toBe(true);
  });

  it('CHANNEL_ANSWER stops the timer; a call offers hold, hang-up, transfer and survey', () => {
    const state = talking();
    expect(state).toMatchObject({ phase: 'talking', curStatus: 7, stoppedAt: T0 + 9000 });
    expect(timerText(state, T0 + 600_000)).toBe('00:00:04');
    expect(buttons(state)).toEqual(['hold', 'hangup', 'transfer', 'survey']);
  });

  it('hold and resume swap the button; a held call shows the hold label and times the hold', () => {
    const held = run(talking(), server({ type: 'CHANNEL_HOLD', callId: CALL }, T0 + 20_000));
    expect(buttons(held)).toEqual(['resume', 'hangup', 'transfer', 'survey']);
    expect(held.userSeatStatus).toBe('seatStatus.timer.hold');
    expect(timerText(held, T0 + 25_000)).toBe('00:00:05');
    const resumed = run(held, server({ type: 'CHANNEL_UNHOLD', callId: CALL }, T0 + 30_000));
    expect(buttons(resumed)[0]).toBe('hold');
    expect(resumed.userSeatStatus).toBe('seatStatus.timer.talk');
  });

  it('a three-way call offers the transferred hang-up variants', () => {
    const state = run(talking(), { type: 'threeWay' });
    expect(buttons(state)).toEqual(['hold', 'hangupAll', 'dropThird', 'transfer', 'survey']);
  });

  it('a ringing call the switch can answer offers Answer; one only the desk phone can answer does not (the bar says so)', () => {
    const barRings = run(ready(), server({ type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '13800138000', agentNum: '8101', ivr: '', direction: 'in', answer: 'bar' }));
    expect(buttons(barRings)).toEqual(['answer', 'hangup']);
    expect(buttons(ringing())).toEqual(['hangup']);
    expect(ringing().answerBy).toBe('phone');
  });

  it('a three-way\'s third party (PARTY before its CHANNEL_CREATE) can only leave, ringing or talking; a STATE keeps the part', () => {
    const third = run(ready(), server({ type: 'PARTY', callId: CALL, party: 'third' }),
      server({ type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '13800138000', agentNum: '8101', ivr: '', direction: 'in', answer: 'phone' }));
    expect(third.party).toBe('third');
    expect(buttons(third)).toEqual(['leave']);
    const talkingThird = run(third, server({ type: 'CHANNEL_ANSWER', callId: CALL }));
    expect(buttons(talkingThird)).toEqual(['leave']);
    const again = run(ready(), server({ type: 'STATE', status: 7, since: T0, callId: CALL, phoneNum: '1', direction: 'in', answered: true, held: false, link: 'up', party: 'third', answer: 'phone' }));
    expect(buttons(again)).toEqual(['leave']);
    // A call after it is the seat's own again.
    const after = run(talkingThird, server({ type: 'CHANNEL_DESTROY', callId: CALL, next: 0, afterCallSeconds: 0 }),
      server({ type: 'CHANNEL_CREATE', callId: 'other', phoneNum: '2', agentNum: '8101', ivr: '', direction: 'in', answer: 'phone' }));
    expect(after.party).toBe('agent');
  });

  it('attended transfer: consulting offers cancel, then complete once the consulted seat talks; ended consult gives the call back', () => {
    const consulting = run(talking(), { type: 'consult' });
    expect(buttons(consulting)).toEqual(['cancelConsult']);
    const talkingToTarget = run(consulting, server({ type: 'CONSULT', callId: CALL, state: 'talking' }));
    expect(buttons(talkingToTarget)).toEqual(['completeTransfer', 'cancelConsult']);
    const back = run(talkingToTarget, server({ type: 'CONSULT', callId: CALL, state: 'ended' }));
    expect(buttons(back)).toEqual(['hold', 'hangup', 'transfer', 'survey']);
    // The consulted seat: it can leave; when the transfer completes it becomes the call's agent.
    const consulted = run(ready(), server({ type: 'PARTY', callId: CALL, party: 'consult' }),
      server({ type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '13800138000', agentNum: '8101', ivr: '', direction: 'in', answer: 'phone' }),
      server({ type: 'CHANNEL_ANSWER', callId: CALL }));
    expect(buttons(consulted)).toEqual(['leave']);
    const taken = run(consulted, server({ type: 'PARTY', callId: CALL, party: 'agent' }), server({ type: 'TRANSFER', callId: CALL }));
    expect(buttons(taken)).toEqual(['hold', 'hangup', 'transfer', 'survey']);
    expect(taken.transferIn).toBe(CALL);
  });

  it('CHANNEL_DESTROY returns the seat to ready and clears the call', () => {
    const state = run(talking(), server({ type: 'CHANNEL_DESTROY', callId: CALL, next: 0, afterCallSeconds: 0 }, T0 + 60_000));
    expect(state).toMatchObject({ phase: 'idle', curStatus: 0, callId: '', phoneNo: '', sDateTime: T0 + 60_000, afterCallUntil: null });
    expect(buttons(state)).toEqual(['dial', 'toilet', 'afterCall']);
  });

  it('CHANNEL_DESTROY into post-call processing counts down back to ready when configured', () => {
    const state = run(talking(), server({ type: 'CHANNEL_DESTROY', callId: CALL, next: 4, afterCallSeconds: 30 }, T0 + 60_000));
    expect(state).toMatchObject({ curStatus: 4, afterCallUntil: T0 + 90_000 });
  });

  it('after the satisfaction survey the call ends in post-call processing', () => {
    const state = run(talking(), { type: 'survey' }, server({ type: 'CHANNEL_DESTROY', callId: CALL, next: 0, afterCallSeconds: 0 }, T0 + 70_000));
    expect(state.curStatus).toBe(4);
  });

  it("another call's events leave the state alone", () => {
    const other = '11111111-2222-4333-8444-555555555555';
    const state = talking();
    expect(run(state, server({ type: 'CHANNEL_DESTROY', callId: other, next: 0, afterCallSeconds: 0 }))).toEqual(state);
    expect(run(state, server({ type: 'CHANNEL_HOLD', callId: other }))).toEqual(state);
  });

  it('dial-out: direction out, timer stopped, no buttons until the call exists; a refused originate goes back', () => {
    const dialing = run(ready(), { type: 'dial', phoneNo: '13900001111', at: T0 + 3000 });
    expect(dialing).toMatchObject({ phase: 'dialing', direction: 'out', phoneNo: '13900001111', stoppedAt: T0 + 3000 });
    expect(buttons(dialing)).toEqual([]);
    const refused = run(dialing, server({ type: 'JOB', cmd: 'originate', callId: '', ok: false, cause: 'NO_ANSWER' }));
    expect(refused).toMatchObject({ phase: 'idle', curStatus: 0, direction: '', stoppedAt: null });
    const created = run(dialing, server({ type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '13900001111', agentNum: '8101', ivr: '', direction: 'out', answer: 'phone' }));
    expect(created.phase).toBe('ringing');
  });

  it('STATE after a reconnect replaces what the bar believed, a call in progress included', () => {
    const state = run(ready(), server({
      type: 'STATE', status: 7, since: T0 - 40_000, callId: CALL, phoneNum: '13700000000', direction: 'in', answered: true, held: false, link: 'up', party: '', answer: '',
    }));
    expect(state).toMatchObject({ curStatus: 7, phase: 'talking', callId: CALL, phoneNo: '13700000000', sDateTime: T0 - 40_000 });
    const idle = run(talking(), server({ type: 'STATE', status: 3, since: T0, callId: '', phoneNum: '', direction: '', answered: false, held: false, link: 'up', party: '', answer: '' }));
    expect(idle).toMatchObject({ curStatus: 3, phase: 'idle', callId: '', sDateTime: T0 });
    const none = run(ready(), server({ type: 'STATE', status: null, since: 0, callId: '', phoneNum: '', direction: '', answered: false, held: false, link: 'up', party: '', answer: '' }));
    expect(none).toMatchObject({ curStatus: null, sDateTime: null, userSeatStatus: '' });
  });

  it('the phone is offline while the socket is closed or the switch link is down, and offers no call actions', () => {
    expect(isOffline(initialState(USER))).toBe(true);
    expect(isOffline(ready())).toBe(false);
    const down = run(ready(), server({ type: 'LINK', link: 'down' }));
    expect(isOffline(down)).toBe(true);
    expect(buttons(down)).toEqual(['toilet', 'afterCall']);
    expect(buttons(run(talking(), { type: 'socket', state: 'closed' }))).toEqual([]);
    expect(isOffline(run(down, server({ type: 'LINK', link: 'up' })))).toBe(false);
  });

  it('the timer reads hh:mm:ss', () => {
    const state = { sDateTime: T0, stoppedAt: null };
    expect(timerText(state, T0)).toBe('00:00:00');
    expect(timerText(state, T0 + 59_999)).toBe('00:00:59');
    expect(timerText(state, T0 + 3_723_000)).toBe('01:02:03');
    expect(timerText(state, T0 + 100 * 3600_000)).toBe('100:00:00');
    expect(timerText({ sDateTime: null, stoppedAt: null }, T0)).toBe('00:00:00');
  });
});
