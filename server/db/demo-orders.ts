/**
 * Generates plausible work orders (issue 21) for the demo seed, the report tests and, at a
 * million, the work-order benchmark. Each order is lived through step by step with the server's
 * own clock rules (server/workorders/clocks.ts) on the calendar and SLA targets given, so its
 * state, owner, pending time and SLA columns are what the API would have left: created by an
 * agent from a call or a chat, dispatched to a work-order department (court orders to the court
 * department, with their case fields), taken from the queue by one of its staff, answered,
 * perhaps set pending (a reminder or an automatic close), solved, closed, sometimes reopened.
 * A step that would come after `now` does not happen, so nothing lies in the future and the
 * newest orders are still new or open (some of them overdue). Deterministic for a seed; produced
 * a day at a time so a million orders never sit in memory at once.
 */
import type { Calendar } from '../../schemas/workorders/calendar.ts';
import type { OrderKind } from '../../schemas/workorders/kind-types.ts';
import type { OrderState, Priority, SlaTargets } from '../../schemas/workorders/states.ts';
import { onCustomerContact, onReply, onStateChange, startClocks, type Clocks } from '../workorders/clocks.ts';
import { rng } from './demo-activity.ts';

/** Where an order came from: the call or chat an agent was in when they created it. */
export interface OrderOrigin {
  source: 'phone' | 'chat';
  callId?: string;
  chatId?: string;
  phone: string;
  customerName: string;
  at: Date;
  creatorId: number;
  creatorSeat: string;
}

/** A work-order department: the kind of orders dispatched to it and the staff who take them. */
export interface OrderDepartment { id: number; kind: string; staff: number[] }

export interface OrderEventRow {
  type: 'created' | 'take' | 'reply' | 'customer' | 'change' | 'reopen' | 'reminder' | 'autoClose';
  at: Date;
  userId: number | null;
  internal: boolean;
  body: string;
  changes: Array<{ field: string; from: unknown; to: unknown }>;
  callId: string;
  chatId: string;
}

export interface GeneratedOrder {
  orderNo: string; kind: string; title: string; phone: string; customerName: string; source: 'phone' | 'chat';
  callId: string; chatId: string; creatorId: number; creatorSeat: string; category: string; priority: Priority; state: OrderState;
  ownerId: number | null; departId: number; pendingUntil: Date | null; remindedAt: Date | null; fields: Record<string, string>;
  version: number; createdAt: Date; updatedAt: Date; clocks: Clocks; events: OrderEventRow[];
}

export interface OrderOptions {
  /** Orders over the whole span (each origin gives at most one). */
  count: number;
  now: Date;
  seed?: number;
  /** The server's zone: order numbers count its days. */
  timeZone: string;
  calendar: Calendar;
  sla: Record<Priority, SlaTargets>;
  kinds: ReadonlyMap<string, OrderKind>;
  departments: OrderDepartment[];
  /** The calls and chats orders are made from, oldest first (each day's are taken in order). */
  origins: Iterable<OrderOrigin[]>;
  /** The last number already given per day ('YYYY-MM-DD'), so numbers go on from there. */
  lastNumbers?: ReadonlyMap<string, number>;
}

const M = 60_000;
const H = 60 * M;
const PRIORITY_WEIGHTS: ReadonlyArray<readonly [Priority, number]> = [['low', 0.12], ['normal', 0.6], ['high', 0.2], ['urgent', 0.08]];
const CONSULT_TITLES = ['咨询账单明细', '宽带报修', '套餐变更申请', '发票补开', '投诉服务态度', '退款进度查询', '上门安装预约', '号码过户'];
const CATEGORIES = ['账单', '故障', '业务办理', '投诉', '其他'];
const COURTS = ['武汉市中级人民法院', '江岸区人民法院', '武昌区人民法院', '洪山区人民法院'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周'];

function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

function weighted<T>(r: () => number, items: ReadonlyArray<readonly [T, number]>): T {
  let x = r();
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return items[0]![0];
}

/** A delay in ms: mostly short, with a long tail (log-uniform between lo and hi minutes). */
const delay = (r: () => number, loMin: number, hiMin: number) => Math.round(Math.exp(Math.log(loMin) + r() * (Math.log(hiMin) - Math.log(loMin))) * M);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** 'YYYY-MM-DD' of an instant in a zone (one formatter per zone). */
export function localDate(at: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(at);
}

/** One order lived through from its origin up to `now`. */
class Life {
  state: OrderState = 'new';
  ownerId: number | null = null;
  pendingUntil: Date | null = null;
  remindedAt: Date | null = null;
  version = 1;
  updatedAt: Date;
  events: OrderEventRow[] = [];
  clocks: Clocks;
  t: number;

  constructor(private readonly o: OrderOptions, private readonly origin: OrderOrigin, targets: SlaTargets, description: string) {
    this.t = origin.at.getTime();
    this.updatedAt = origin.at;
    this.clocks = startClocks(o.calendar, targets, 'new', origin.at);
    this.event('created', origin.creatorId, { internal: false, body: description, callId: origin.callId ?? '', chatId: origin.chatId ?? '' });
  }

  /** Moves time on by `ms`; false (and nothing happens) when that is after now. */
  wait(ms: number): boolean {
    if (this.t + ms > this.o.now.getTime()) return false;
    this.t += ms;
    return true;
  }

  private get at(): Date {
    return new Date(this.t);
  }

  private event(type: OrderEventRow['type'], userId: number | null, e: Partial<OrderEventRow> = {}): void {
    this.events.push({ type, at: this.at, userId, internal: true, body: '', changes: [], callId: '', chatId: '', ...e });
  }

  private touch(bump = true): void {
    this.updatedAt = this.at;
    if (bump) this.version += 1;
  }

  take(userId: number): void {
    const changes = [{ field: 'ownerId', from: null, to: userId }, { field: 'state', from: 'new', to: 'open' }];
    this.clocks = onStateChange(this.o.calendar, this.clocks, 'new', 'open', this.at);
    this.ownerId = userId;
    this.state = 'open';
    this.event('take', userId, { changes });
    this.touch();
  }

  reply(userId: number, body: string): void {
    this.clocks = onReply(this.o.calendar, this.clocks, this.at);
    this.event('reply', userId, { internal: false, body });
    this.touch(false);
  }

  customer(body: string): void {
    this.clocks = onCustomerContact(this.o.calendar, this.clocks, this.state, this.at);
    this.event('customer', this.ownerId, { internal: false, body });
    this.touch(false);
  }

  move(userId: number | null, to: OrderState, pendingUntil: Date | null = null): void {
    const from = this.state;
    const changes: OrderEventRow['changes'] = [{ field: 'state', from, to }];
    if (pendingUntil || this.pendingUntil) changes.push({ field: 'pendingUntil', from: this.pendingUntil?.toISOString() ?? null, to: pendingUntil?.toISOString() ?? null });
    this.clocks = onStateChange(this.o.calendar, this.clocks, from, to, this.at);
    this.state = to;
    this.pendingUntil = pendingUntil;
    this.remindedAt = null;
    this.event(from === 'closed' ? 'reopen' : userId === null ? 'autoClose' : 'change', userId, { changes });
    this.touch();
  }

  /** The sweep's reminder of a pending reminder whose time has come. */
  remind(): void {
    this.remindedAt = this.at;
    this.event('reminder', null);
  }
}

/**
 * The orders made from the day's origins, day by day: about `count` over all the days (each
 * origin becomes an order with the same chance), in time order within a day.
 */
export function* generateOrders(o: OrderOptions, totalOrigins: number): Generator<GeneratedOrder[]> {
  const r = rng(o.seed ?? 21);
  const share = Math.min(1, o.count / Math.max(1, totalOrigins));
  const numbers = new Map(o.lastNumbers ?? []);
  const byKind = new Map(o.departments.map((d) => [d.kind, d]));
  const consult = o.departments.find((d) => d.kind === 'consult') ?? o.departments[0]!;
  const court = byKind.get('court');
  for (const day of o.origins) {
    const out: GeneratedOrder[] = [];
    for (const origin of day) {
      if (r() >= share || origin.at.getTime() > o.now.getTime()) continue;
      const dept = court && r() < 0.25 ? court : consult;
      out.push(live(o, r, origin, dept, numbers));
    }
    yield out;
  }
}

function live(o: OrderOptions, r: () => number, origin: OrderOrigin, dept: OrderDepartment, numbers: Map<string, number>): GeneratedOrder {
  const kind = o.kinds.get(dept.kind);
  const priority = weighted(r, PRIORITY_WEIGHTS);
  const targets = kind?.sla?.[priority] ?? o.sla[priority];
  const isCourt = dept.kind === 'court';
  const title = isCourt ? `${pick(r, ['开庭通知', '材料补正', '调解预约', '诉讼费缴纳'])}咨询` : pick(r, CONSULT_TITLES);
  const fields: Record<string, string> = {};
  if (isCourt) {
    const year = o.now.getFullYear();
    fields.caseNo = `(${year})鄂0102民初${1000 + Math.floor(r() * 9000)}号`;
    fields.court = pick(r, COURTS);
    fields.parties = `${pick(r, SURNAMES)}某诉${pick(r, SURNAMES)}某`;
    fields.hearingDate = localDate(new Date(origin.at.getTime() + (7 + Math.floor(r() * 40)) * 24 * H), o.timeZone);
  }
  const life = new Life(o, origin, targets, isCourt ? '当事人来电询问案件进度' : '客户来电反映问题，已记录');
  const speed = priority === 'urgent' ? 0.25 : priority === 'high' ? 0.5 : priority === 'low' ? 2 : 1;
  const staff = dept.staff;
  // Taken from the queue: mostly soon, a few only days later (the newest of those are still waiting).
  if (staff.length && life.wait(r() < 0.88 ? delay(r, 2, 600) * speed : delay(r, 720, 8640))) {
    const owner = pick(r, staff);
    life.take(owner);
    // Answered: mostly within the hour, one in twelve only after one to ten days (overdue meanwhile).
    if (life.wait(r() < 0.08 ? delay(r, 1440, 14400) : delay(r, 3, 900) * speed)) {
      life.reply(owner, '您好，您的问题已受理，我们正在处理。');
      lifeAfterAnswer(life, r, owner, speed);
    }
  }
  const date = localDate(origin.at, o.timeZone);
  const n = (numbers.get(date) ?? 0) + 1;
  numbers.set(date, n);
  return {
    orderNo: `${date.replace(/-/g, '')}-${String(n).padStart(4, '0')}`, kind: dept.kind, title, phone: origin.phone, customerName: origin.customerName,
    source: origin.source, callId: origin.callId ?? '', chatId: origin.chatId ?? '', creatorId: origin.creatorId, creatorSeat: origin.creatorSeat,
    category: pick(r, CATEGORIES), priority, state: life.state, ownerId: life.ownerId, departId: dept.id, pendingUntil: life.pendingUntil,
    remindedAt: life.remindedAt, fields, version: life.version, createdAt: origin.at, updatedAt: life.updatedAt, clocks: life.clocks, events: life.events,
  };
}

/** After the first answer: perhaps the customer writes again, perhaps a pending state, then solved, closed, sometimes reopened. */
function lifeAfterAnswer(life: Life, r: () => number, owner: number, speed: number): void {
  if (r() < 0.2 && life.wait(delay(r, 30, 1440))) {
    life.customer('客户补充了新的情况');
    if (r() < 0.7 && life.wait(delay(r, 5, 600) * speed)) life.reply(owner, '已收到补充信息，继续处理中。');
  }
  const x = r();
  if (x < 0.15) {
    // Waiting on the customer: a reminder in a day or three (passed: the owner was reminded, the order shows overdue).
    if (!life.wait(delay(r, 20, 600))) return;
    const until = life.t + (1 + Math.floor(r() * 3)) * 24 * H;
    life.move(owner, 'pending_reminder', new Date(until));
    if (!life.wait(until - life.t)) return;
    life.remind();
    // Reminded, the owner follows up (until then the order shows overdue) and solves it.
    if (life.wait(delay(r, 30, 2880))) solveAndClose(life, r, owner);
    return;
  }
  if (x < 0.22) {
    // Solved on the phone, closing by itself in three days unless the customer objects.
    if (!life.wait(delay(r, 20, 600))) return;
    const until = life.t + 3 * 24 * H;
    life.move(owner, 'pending_close', new Date(until));
    if (life.wait(until - life.t)) life.move(null, 'closed');
    return;
  }
  if (life.wait(delay(r, 30, 3000) * speed)) solveAndClose(life, r, owner, speed);
}

/** Resolved now, closed a few hours or days later, and one in ten of those reopened, answered and solved again. */
function solveAndClose(life: Life, r: () => number, owner: number, speed = 1): void {
  life.move(owner, 'resolved');
  if (!life.wait(delay(r, 240, 4320))) return;
  life.move(owner, 'closed');
  // Reopened: the customer's problem came back; answered and solved again.
  if (r() < 0.1 && life.wait(delay(r, 240, 4320))) {
    life.move(owner, 'open');
    if (life.wait(delay(r, 10, 600) * speed)) life.reply(owner, '已重新为您处理。');
    if (life.wait(delay(r, 60, 2000) * speed)) life.move(owner, 'resolved');
  }
}

/** Calls by hour of day for orders made without real calls (the benchmark's): working hours, a lunch dip. */
const ORIGIN_HOURS = [0, 0, 0, 0, 0, 0, 0, 0, 4, 10, 12, 10, 5, 8, 11, 11, 9, 6, 3, 1, 0, 0, 0, 0];
const ORIGIN_HOUR_TOTAL = ORIGIN_HOURS.reduce((a, b) => a + b, 0);

/**
 * Origins without real calls behind them: `count` contacts over the `days` days up to `now`
 * (weekdays twice a weekend day), each by one of the creators, from a phone call (80%) or a chat.
 */
export function* syntheticOrigins(creators: Array<{ id: number; seat: string }>, count: number, days: number, now: Date, seed = 5): Generator<OrderOrigin[]> {
  const r = rng(seed);
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days + 1);
  const dates = Array.from({ length: days }, (_, i) => new Date(first.getFullYear(), first.getMonth(), first.getDate() + i));
  const weights = dates.map((d) => (d.getDay() === 0 || d.getDay() === 6 ? 1 : 2));
  const sum = weights.reduce((a, b) => a + b, 0);
  let made = 0;
  let cum = 0;
  let serial = 0;
  for (const [i, date] of dates.entries()) {
    cum += weights[i]!;
    const n = Math.round((cum / sum) * count) - made;
    made += n;
    const day: OrderOrigin[] = [];
    for (let k = 0; k < n; k++) {
      let x = r() * ORIGIN_HOUR_TOTAL;
      let h = 0;
      while (x >= ORIGIN_HOURS[h]!) x -= ORIGIN_HOURS[h++]!;
      const at = new Date(date.getTime() + h * H + Math.floor((x / ORIGIN_HOURS[h]!) * H));
      if (at.getTime() > now.getTime()) continue;
      const c = pick(r, creators);
      const phone = `1${pick(r, ['3', '5', '8'])}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`;
      serial += 1;
      const chat = r() < 0.2;
      day.push({
        source: chat ? 'chat' : 'phone', ...(chat ? { chatId: `gen-chat-${seed}-${serial}` } : { callId: `gen-call-${seed}-${serial}` }),
        phone, customerName: `${pick(r, SURNAMES)}先生`, at, creatorId: c.id, creatorSeat: c.seat,
      });
    }
    yield day.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
}
