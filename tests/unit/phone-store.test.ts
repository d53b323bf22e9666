// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timerText } from '../../src/phone/state-machine';
import { ok } from './support/fake-http';
import { agent, CALL, FakeSocket, setup, socket, STATE, T0, USER } from './support/fake-phone';

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => vi.useRealTimers());

describe('phone store', () => {
  it('logs the seat in when the socket opens and shows it offline until then', () => {
    const s = setup();
    s.store.getState().start(USER, true);
    expect(socket().url).toBe('ws://console.test/ws?token=tok&lang=zh');
    expect(agent(s).socket).toBe('connecting');
    socket().open();
    expect(socket().sent).toEqual(['userSeatNo:8101,cmd:login']);
    expect(agent(s).socket).toBe('open');
    s.store.getState().stop();
  });

  it('sends herbert every 40 s', () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    vi.advanceTimersByTime(39_999);
    expect(socket().sent).toEqual(['userSeatNo:8101,cmd:login']);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(40_000);
    expect(socket().sent).toEqual(['userSeatNo:8101,cmd:login', 'herbert', 'herbert']);
    s.store.getState().stop();
  });

  it('reconnects 800 ms after a close, shows the phone offline meanwhile, and takes the true state from STATE', () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(0));
    socket().drop();
    expect(agent(s).socket).toBe('closed');
    vi.advanceTimersByTime(799);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    socket().open();
    expect(socket().sent).toEqual(['userSeatNo:8101,cmd:login']);
    socket().receive(STATE(7, { callId: CALL, phoneNum: '13800138000', direction: 'in', answered: true }));
    expect(agent(s)).toMatchObject({ socket: 'open', curStatus: 7, phase: 'talking', callId: CALL, phoneNo: '13800138000' });
    s.store.getState().stop();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('shows the phone offline while the switch link is down', () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive({ type: 'LINK', link: 'down' });
    expect(agent(s).link).toBe('down');
    s.store.getState().control('uuid_kill');
    expect(socket().sent).toEqual(['userSeatNo:8101,cmd:login']);
    s.store.getState().stop();
  });

  it('without WebSocket support it only logs a message', () => {
    const s = setup({}, { createSocket: undefined });
    s.store.getState().start(USER, true);
    expect(s.logs.join()).toMatch(/WebSocket/);
    expect(agent(s).socket).toBe('closed');
    s.store.getState().stop();
  });

  it('writes a status log only when the status changes; ready also frees the seat', async () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(3));
    await s.store.getState().choose(3);
    expect(s.http.calls).toEqual([]);
    await s.store.getState().choose(0);
    expect(s.http.calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/UserSeatLog/changeSeatStatus', { userSeatNo: '8101', userChineseName: '张三', status: 0 }],
      ['/api/User/editBusy', { userSeatNo: '8101', busy: 0 }],
    ]);
    expect(agent(s).curStatus).toBe(0);
    await s.store.getState().choose(0);
    expect(s.http.calls).toHaveLength(2);
    s.store.getState().stop();
  });

  it('a toilet break posts setStatus3 and restarts the timer', async () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(3, { since: T0 - 600_000 }));
    vi.advanceTimersByTime(5000);
    await s.store.getState().toilet();
    expect(s.http.calls.map((c) => [c.url, c.body])).toEqual([['/api/User/setStatus3', { userSeatNo: '8101' }]]);
    expect(agent(s)).toMatchObject({ curStatus: 3, sDateTime: T0 + 5000 });
    vi.advanceTimersByTime(3000);
    expect(timerText(agent(s), s.store.getState().now)).toBe('00:00:03');
    s.store.getState().stop();
  });

  it('marks the login (status 5) when the server knows no open status for the seat', async () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(null));
    await vi.waitFor(() => expect(agent(s).curStatus).toBe(5));
    expect(s.http.calls.map((c) => [c.url, c.body])).toEqual([['/api/User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: true }]]);
    s.store.getState().stop();
  });

  it('a status set elsewhere before the login write is kept: the bar asks the socket for the true state', async () => {
    const s = setup({ 'POST /api/User/setUserInfoLogin': () => ok({ changed: false, status: 0 }) });
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(null));
    await vi.waitFor(() => expect(socket().sent).toEqual(['userSeatNo:8101,cmd:login', 'userSeatNo:8101,cmd:login']));
    expect(agent(s).curStatus).toBeNull();
    socket().receive(STATE(0));
    expect(agent(s).curStatus).toBe(0);
    expect(s.http.calls.map((c) => c.url)).toEqual(['/api/User/setUserInfoLogin']);
    s.store.getState().stop();
  });

  it('an incoming call rings, notifies and opens the pop-up; answering stops the ring', () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(0));
    socket().receive({ type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '13800138000', agentNum: '8101', ivr: '', direction: 'in', answer: 'phone' });
    expect(s.rings).toEqual(['start']);
    expect(s.notified).toEqual(['13800138000']);
    expect(s.opened).toEqual([`/popup/index?phoneNum=13800138000&agentNum=8101&IVR=&callId=${CALL}`]);
    socket().receive({ type: 'CHANNEL_ANSWER', callId: CALL });
    expect(s.rings).toEqual(['start', 'pause']);
    s.store.getState().stop();
  });

  it("an IVR-marked court call opens the court order instead", () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive({ type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '13800138000', agentNum: '8101', ivr: 'ivrcourt', direction: 'in', answer: 'phone' });
    expect(s.opened).toEqual(['/workorder/courtOrder?phoneNum=13800138000&agentNum=8101&IVR=ivrcourt']);
    s.store.getState().stop();
  });

  it('TRANSFER@<callId> then its CHANNEL_CREATE: the bar rings with the number, one pop-up opens, the call is marked transferred', () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(0));
    socket().receive(`TRANSFER@${CALL}`);
    socket().receive({ type: 'CHANNEL_CREATE', callId: CALL, phoneNum: '13911112222', agentNum: '8101', ivr: '', direction: 'in', answer: 'phone' });
    expect(s.opened).toEqual([`/popup/index?phoneNum=13911112222&agentNum=8101&IVR=&callId=${CALL}`]);
    expect(s.rings).toEqual(['start']);
    expect(agent(s)).toMatchObject({ phase: 'ringing', callId: CALL, phoneNo: '13911112222', transferIn: CALL });
    socket().receive({ type: 'CHANNEL_ANSWER', callId: CALL });
    expect(agent(s)).toMatchObject({ phase: 'talking', transferIn: CALL });
    socket().receive({ type: 'CHANNEL_DESTROY', callId: CALL, next: 0, afterCallSeconds: 0 });
    expect(agent(s)).toMatchObject({ phase: 'idle', curStatus: 0, transferIn: '' });
    s.store.getState().stop();
  });

  it('call controls send the exact socket commands', async () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(7, { callId: CALL, phoneNum: '13800138000', direction: 'in', answered: true }));
    const { control } = s.store.getState();
    control('uuid_holdon');
    control('uuid_holdoff');
    control('uuid_kill');
    await s.store.getState().transfer({ extension: '1102' });
    await s.store.getState().threeWay({ extension: '1103' });
    s.store.getState().survey();
    expect(socket().sent.slice(1)).toEqual([
      `userSeatNo:8101,cmd:bgapi,para1:uuid_holdon,para2:${CALL}`,
      `userSeatNo:8101,cmd:bgapi,para1:uuid_holdoff,para2:${CALL}`,
      `userSeatNo:8101,cmd:bgapi,para1:uuid_kill,para2:${CALL}`,
      `userSeatNo:8101,cmd:bgapi,para1:uuid_transfer,para2:${CALL},para3:1102`,
      `userSeatNo:8101,cmd:bgapi,para1:uuid_three,para2:1103,para3:in,para4:13800138000,para5:${CALL}`,
      `userSeatNo:8101,cmd:bgapi,para1:uuid_transfer,para2:${CALL},para3:999999`,
    ]);
    expect(agent(s)).toMatchObject({ threeWay: true, survey: true });
    expect(await s.store.getState().transfer({ extension: '' })).toEqual({ title: 'phone.alert.title', content: 'phone.alert.enterExtension' });
    expect(socket().sent).toHaveLength(7);
    s.store.getState().stop();
  });

  it('dial-out sends originate with the 30 s timeout and marks the seat busy', async () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(0));
    expect(await s.store.getState().dial('13800138000')).toBeNull();
    expect(socket().sent.at(-1)).toBe('userSeatNo:8101,cmd:originate,cid:1101,dest:13800138000,ext:1101,earlyMedia:false,timeout:30');
    expect(agent(s)).toMatchObject({ phase: 'dialing', direction: 'out' });
    expect(s.http.calls.map((c) => [c.url, c.body])).toEqual([['/api/User/editBusy', { userSeatNo: '8101', busy: 1 }]]);
    expect(await s.store.getState().dial('')).toBeNull(); // ignored while a dial-out is under way
    s.store.getState().stop();
  });

  it('an empty number is refused with the spec alert and nothing is sent', async () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(0));
    expect(await s.store.getState().dial('')).toEqual({ title: 'phone.alert.title', content: 'phone.alert.enterNumber' });
    expect(socket().sent).toHaveLength(1);
    s.store.getState().stop();
  });

  it('a server ERROR frame and a failed job become notices; an unreadable frame is logged and ignored', () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive({ type: 'ERROR', code: 'FIELD', msg: '号码格式不正确' });
    expect(s.store.getState().notice).toEqual({ key: 'phone.notice.server', values: { msg: '号码格式不正确' } });
    socket().receive({ type: 'JOB', cmd: 'originate', callId: '', ok: false, cause: 'NO_ANSWER' });
    expect(s.store.getState().notice).toEqual({ key: 'phone.notice.job', values: { cause: 'NO_ANSWER' } });
    socket().receive('garbage{}');
    expect(s.logs.join()).toContain('garbage');
    s.store.getState().stop();
  });

  it('on page leave the open status is closed with a beacon carrying the token in its address', async () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(3));
    s.store.getState().leave();
    expect(s.beacons).toHaveLength(1);
    expect(s.beacons[0]!.url).toBe('/api/UserSeatLog/editUserSeatLogByUserSeat?token=tok');
    expect(JSON.parse(await s.beacons[0]!.body.text())).toEqual({ userSeatNo: '8101', userChineseName: '张三', status: 3 });
    s.store.getState().stop();
  });

  it('the timer ticks every second', () => {
    const s = setup();
    s.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(0));
    vi.advanceTimersByTime(65_000);
    expect(timerText(agent(s), s.store.getState().now)).toBe('00:01:05');
    s.store.getState().stop();
  });

  it('a user without a seat stays offline and opens no socket', () => {
    const s = setup();
    s.store.getState().start({ ...USER, userSeatNo: '0' }, false);
    expect(FakeSocket.all).toHaveLength(0);
    expect(agent(s).socket).toBe('closed');
    s.store.getState().stop();
  });
});
