/**
 * The phone bar's store (STYLE.md 9): it owns the socket (connection.ts) and the 1 s status
 * timer, turns server frames and the agent's actions into state through
 * the state machine, and performs the side effects: status logs through the UserSeatLog and
 * User endpoints, pop-ups, the ring and desktop notifications, and the closing beacon.
 * Call-driven statuses (ringing, talking, on call) are the gateway's to log, never written here;
 * so is the end of post-call processing (the gateway ends it after AFTER_CALL_SECONDS and pushes
 * STATE; the bar only shows the countdown).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseMessage, PHONE_SOCKET, type BgapiOp, type PhoneCommand, type PhoneMessage } from '../../schemas/protocol/phone';
import { reasonFor, SEAT_STATUS, type SeatStatusCode } from '../../schemas/protocol/seat-status';
import type { SessionUser } from '../../data-providers/user-info';
import type { Http } from '../../data-providers/http';
import { connect, type Connection, type SocketFactory } from './connection';
import { popupPath } from './popup-path';
import { rememberLeftStatus, takeLeftStatus, type TabStorage } from './reload-memory';
import { planDial, transferTarget, type Alert } from './rules';
import { initialState, isOffline, next, type AgentEvent, type AgentState } from './state-machine';

/** The ring's audio states (spec section 4): start ringing, ring again from the top, stop, add a second call's tone. */
export type AudioState = 'start' | 'restart' | 'pause' | 'add';

export interface PhoneDeps {
  http: Http;
  /** `/ws?token=...&lang=...`, or null without a token. */
  socketUrl(): string | null;
  createSocket: SocketFactory | undefined;
  now(): number;
  log(message: string): void;
  /** Opens a console route (the call pop-up, the court order). */
  open(path: string): void;
  ring(state: AudioState): void;
  /** A desktop notification for a ringing call; the browser's version shows one only while the tab is hidden. */
  notifyIncoming(phoneNo: string): void;
  /** navigator.sendBeacon, or undefined where there is none. */
  sendBeacon: ((url: string, body: Blob) => boolean) | undefined;
  /** The session token, which the beacon carries in its address. */
  token(): string | null;
  /** The tab's sessionStorage (reload-memory.ts), or undefined where there is none. */
  tabStorage: TabStorage | undefined;
}

export interface PhoneState {
  agent: AgentState | null;
  /** The timer's clock, moved every second while the bar runs. */
  now: number;
  /** The last refusal to show: an i18n key with values (a server ERROR carries its own text). */
  notice: { key: string; values?: Record<string, string> } | null;
  /** Starts the bar for the user; `online` false (no seat) keeps the phone offline. */
  start(user: SessionUser, online: boolean): void;
  stop(): void;
  /** The agent picks a status in the selector (or the ready button). */
  choose(status: SeatStatusCode): Promise<void>;
  toilet(): Promise<void>;
  dial(number: string): Promise<Alert | null>;
  control(op: Extract<BgapiOp, 'uuid_kill' | 'uuid_killthree' | 'uuid_killthree2' | 'uuid_holdon' | 'uuid_holdoff' | 'uuid_answer' | 'uuid_consult_done' | 'uuid_consult_cancel'>): void;
  transfer(target: { extension: string; userSeatNo?: string }): Promise<Alert | null>;
  threeWay(target: { extension: string; userSeatNo?: string }): Promise<Alert | null>;
  /** Attended transfer: consult the seat first while the customer holds (then complete or cancel with control). */
  consult(target: { extension: string; userSeatNo?: string }): Promise<Alert | null>;
  survey(): void;
  dismissNotice(): void;
  /**
   * The page is going away: close the open status with a beacon (the socket's close must not: a reload closes it too),
   * and note it in the tab's storage so that, if this is a reload, the next page reopens it.
   */
  leave(): void;
}

export const BEACON_URL = '/api/UserSeatLog/editUserSeatLogByUserSeat';

export function createPhoneStore(deps: PhoneDeps): StoreApi<PhoneState> {
  let connection: Connection | null = null;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let loginMarked = false;

  const store = createStore<PhoneState>()((set, get) => {
    const apply = (event: AgentEvent) => {
      const agent = get().agent;
      if (agent) set({ agent: next(agent, event) });
    };
    const seat = () => get().agent?.userSeatNo ?? '';
    const fail = (error: unknown) => set({ notice: { key: 'phone.notice.failed', values: { reason: error instanceof Error ? error.message : String(error) } } });

    const send = (command: PhoneCommand): boolean => {
      const agent = get().agent;
      if (!agent || isOffline(agent) || !connection?.send(command)) {
        set({ notice: { key: 'phone.offline' } });
        return false;
      }
      return true;
    };

    const writeStatus = async (status: SeatStatusCode) => {
      const agent = get().agent;
      if (!agent || agent.phase !== 'idle') return;
      // A status log is written only when the status changes (spec section 4), or its pause reason
      // does (a short break after a toilet break); a log without a reason (an older one) stays.
      if (agent.curStatus === status && (agent.curReason === '' || agent.curReason === reasonFor(status))) return;
      await deps.http.post('/api/UserSeatLog/changeSeatStatus', { userSeatNo: agent.userSeatNo, userChineseName: agent.userChineseName, status });
      if (status === SEAT_STATUS.ready) await deps.http.post('/api/User/editBusy', { userSeatNo: agent.userSeatNo, busy: 0 });
      apply({ type: 'chosen', status, at: deps.now() });
    };

    /**
     * The first status after (re)connecting found none open: login (5), or the status a reload
     * closed. The server writes it only if the seat still has none open (ifNoneOpen), in the
     * statement's own lock: a status set meanwhile elsewhere (another tab, the API, a call) is
     * kept, and the bar asks the socket for the true state instead of showing its own guess.
     */
    const writeFirst = async (url: string, body: Record<string, unknown>, status: SeatStatusCode, reason?: string) => {
      const { data } = await deps.http.post<{ changed: boolean }>(url, { ...body, ifNoneOpen: true });
      if (!data?.changed) {
        const agent = get().agent;
        if (agent) connection?.send({ cmd: 'login', userSeatNo: agent.userSeatNo });
        return;
      }
      if (status === SEAT_STATUS.ready) await deps.http.post('/api/User/editBusy', { userSeatNo: body.userSeatNo, busy: 0 });
      apply({ type: 'chosen', status, at: deps.now(), ...(reason ? { reason } : {}) });
    };

    const onMessage = (msg: PhoneMessage) => {
      const before = get().agent;
      apply({ type: 'server', msg, at: deps.now() });
      const after = get().agent;
      if (!before || !after) return;
      switch (msg.type) {
        case 'CHANNEL_CREATE':
          if (msg.direction !== 'in') break;
          deps.ring(before.phase === 'ringing' ? 'restart' : 'start');
          deps.notifyIncoming(msg.phoneNum);
          deps.open(popupPath({ phoneNum: msg.phoneNum, agentNum: msg.agentNum, ivr: msg.ivr, callId: msg.callId }));
          break;
        case 'CHANNEL_ANSWER':
        case 'CHANNEL_DESTROY':
          if (before.phase === 'ringing' && after.phase !== 'ringing') deps.ring('pause');
          break;
        case 'TRANSFER':
          // A call transferred to this seat: the gateway follows with its CHANNEL_CREATE (the number,
          // the ring, the pop-up). Kept as a note on the state; the bar says the call came by transfer.
          break;
        case 'STATE':
          if (before.phase === 'ringing' && after.phase !== 'ringing') deps.ring('pause');
          // No open status after (re)connecting: the seat has just logged in (spec: setUserInfoLogin logs
          // status 5), unless this tab was reloaded a moment ago: then the status its beacon closed is reopened.
          if (after.curStatus === null && !loginMarked) {
            loginMarked = true;
            const restored = deps.tabStorage ? takeLeftStatus(deps.tabStorage, after.userSeatNo, deps.now()) : null;
            const seatNo = { userSeatNo: after.userSeatNo };
            (restored !== null
              ? writeFirst('/api/UserSeatLog/changeSeatStatus',
                { ...seatNo, userChineseName: after.userChineseName, status: restored.status, ...(restored.reason ? { reason: restored.reason } : {}) },
                restored.status, restored.reason)
              : writeFirst('/api/User/setUserInfoLogin', seatNo, SEAT_STATUS.login)
            ).catch(fail);
          }
          break;
        case 'ERROR':
          set({ notice: { key: 'phone.notice.server', values: { msg: msg.msg } } });
          break;
        case 'JOB':
          if (!msg.ok) set({ notice: { key: 'phone.notice.job', values: { cause: msg.cause } } });
          break;
      }
    };

    const transferTo = async (target: { extension: string; userSeatNo?: string }, how: 'blind' | 'three' | 'consult'): Promise<Alert | null> => {
      const agent = get().agent;
      if (!agent || agent.phase !== 'talking') return null;
      const checked = await transferTarget(deps.http, target);
      if (!checked.ok) return checked.alert;
      const { userSeatNo, callId } = agent;
      const command: PhoneCommand = how === 'three'
        ? { cmd: 'bgapi', userSeatNo, op: 'uuid_three', target: checked.value, direction: agent.direction || 'in', phone: agent.phoneNo, callId }
        : { cmd: 'bgapi', userSeatNo, op: how === 'consult' ? 'uuid_consult' : 'uuid_transfer', callId, target: checked.value };
      if (send(command) && how !== 'blind') apply({ type: how === 'three' ? 'threeWay' : 'consult' });
      return null;
    };

    return {
      agent: null,
      now: deps.now(),
      notice: null,
      start(user, online) {
        if (get().agent) get().stop();
        loginMarked = false;
        set({ agent: initialState(user), now: deps.now(), notice: null });
        ticker = setInterval(() => set({ now: deps.now() }), 1000);
        // A user without a seat (none, or '0') has no phone to connect: the bar shows it offline.
        if (!online) return apply({ type: 'socket', state: 'closed' });
        connection = connect({
          url: deps.socketUrl,
          create: deps.createSocket,
          seat: user.userSeatNo,
          log: deps.log,
          onState: (state) => apply({ type: 'socket', state }),
          onFrame: (text) => {
            const msg = parseMessage(text);
            if (msg) onMessage(msg);
            else deps.log(`phone: ignored an unreadable frame: ${text.slice(0, 80)}`);
          },
        });
      },
      stop() {
        connection?.stop();
        connection = null;
        clearInterval(ticker);
        deps.ring('pause');
        set({ agent: null });
      },
      choose: writeStatus,
      async toilet() {
        const agent = get().agent;
        if (!agent || agent.phase !== 'idle') return;
        await deps.http.post('/api/User/setStatus3', { userSeatNo: agent.userSeatNo });
        apply({ type: 'toilet', at: deps.now() });
      },
      async dial(number) {
        const agent = get().agent;
        if (!agent || agent.phase !== 'idle') return null;
        const plan = await planDial(deps.http, agent, number);
        if (!plan.ok) return plan.alert;
        const sent = send({
          cmd: 'originate', userSeatNo: agent.userSeatNo, cid: plan.value.ext, dest: plan.value.dest, ext: plan.value.ext,
          earlyMedia: false, timeout: PHONE_SOCKET.originateTimeoutSeconds,
        });
        if (!sent) return null;
        apply({ type: 'dial', phoneNo: plan.value.phoneNo, at: deps.now() });
        await deps.http.post('/api/User/editBusy', { userSeatNo: agent.userSeatNo, busy: 1 }).catch(fail);
        return null;
      },
      control(op) {
        const agent = get().agent;
        if (agent?.callId) send({ cmd: 'bgapi', userSeatNo: agent.userSeatNo, op, callId: agent.callId });
      },
      transfer: (target) => transferTo(target, 'blind'),
      threeWay: (target) => transferTo(target, 'three'),
      consult: (target) => transferTo(target, 'consult'),
      survey() {
        const agent = get().agent;
        if (!agent || agent.phase !== 'talking') return;
        if (send({ cmd: 'bgapi', userSeatNo: agent.userSeatNo, op: 'uuid_transfer', callId: agent.callId, target: PHONE_SOCKET.surveyTarget })) apply({ type: 'survey' });
      },
      dismissNotice: () => set({ notice: null }),
      leave() {
        const agent = get().agent;
        const token = deps.token();
        if (!agent || agent.curStatus === null) return;
        if (deps.tabStorage) rememberLeftStatus(deps.tabStorage, agent, deps.now());
        if (!deps.sendBeacon || !token) return;
        // text/plain keeps the beacon a simple request (no preflight); the endpoint reads it as JSON.
        const body = new Blob([JSON.stringify(beaconBody(agent))], { type: 'text/plain;charset=UTF-8' });
        deps.sendBeacon(`${BEACON_URL}?${new URLSearchParams({ token })}`, body);
      },
    };
  });
  return store;
}

/**
 * What the closing beacon sends: the open log's seat and status (UserSeatStatusLog fields); the
 * token travels as the `token` query parameter, since sendBeacon cannot set headers.
 */
export function beaconBody(agent: AgentState): Record<string, unknown> {
  return { userSeatNo: agent.userSeatNo, userChineseName: agent.userChineseName, status: agent.curStatus };
}
