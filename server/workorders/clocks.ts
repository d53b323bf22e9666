import type { Calendar } from '../../schemas/workorders/calendar.ts';
import { CLOCKS, stateRule, type ClockName, type OrderState, type SlaTargets } from '../../schemas/workorders/states.ts';
import { addBusinessSeconds, businessSeconds } from './business-hours.ts';

/**
 * The three SLA clocks of an order (first response, update, solution), in business time. Pure:
 * each step takes the clocks and an instant and gives the new clocks; store.ts writes them to
 * the order's columns (fr_*, up_*, so_*) in the transaction of the change, so every process
 * sees the same clocks and lists filter "overdue" in SQL.
 *
 * - all three run while the order's state has `sla` (new, open) and pause in the others;
 * - the first public reply meets the first-response clock and the update clock;
 * - a customer contact restarts the update clock (a new stretch with all its time);
 * - reaching a solved state meets the solution clock; reopening runs it again from where it was;
 * - a closed or merged order has no running clock: it never escalates.
 */
export interface SlaClock {
  /** Business seconds it allows. */
  target: number;
  /** Business seconds used before `since`. */
  used: number;
  /** When the running stretch began; null when not running. */
  since: Date | null;
  /** The deadline while running. */
  due: Date | null;
  met: Date | null;
  late: boolean;
}

export type Clocks = Record<ClockName, SlaClock>;

const dueOf = (cal: Calendar, c: SlaClock, since: Date): Date | null => addBusinessSeconds(cal, since, c.target - c.used) ?? null;

/** Stops a running clock at `at`, keeping the business time it used. */
function halt(cal: Calendar, c: SlaClock, at: Date): SlaClock {
  if (!c.since) return c;
  return { ...c, used: c.used + businessSeconds(cal, c.since, at), since: null, due: null };
}

/** Runs a clock that is neither running nor met from `at`. */
function run(cal: Calendar, c: SlaClock, at: Date): SlaClock {
  if (c.since || c.met) return c;
  return { ...c, since: at, due: dueOf(cal, c, at) };
}

/** Meets a clock at `at`: late when after its deadline (or, paused, when it had used more than its time). */
function meet(cal: Calendar, c: SlaClock, at: Date): SlaClock {
  if (c.met && !c.since) return c;
  const late = c.due ? at.getTime() > c.due.getTime() : c.used > c.target;
  const stopped = halt(cal, c, at);
  return { ...stopped, met: at, late: c.late || late };
}

const fresh = (target: number): SlaClock => ({ target, used: 0, since: null, due: null, met: null, late: false });

/** The clocks of a new order in `state`, created at `at`. */
export function startClocks(cal: Calendar, targets: SlaTargets, state: OrderState, at: Date): Clocks {
  const clocks = Object.fromEntries(CLOCKS.map((k) => [k, fresh(targets[k] * 60)])) as Clocks;
  return stateRule(state).sla ? resume(cal, clocks, at) : clocks;
}

/** The order's state became one where clocks pause (pending, resolved) or stop (closed, merged). */
export function pause(cal: Calendar, clocks: Clocks, at: Date): Clocks {
  return { firstResponse: halt(cal, clocks.firstResponse, at), update: halt(cal, clocks.update, at), solution: halt(cal, clocks.solution, at) };
}

/** The order's state became one where clocks run (new, open). */
export function resume(cal: Calendar, clocks: Clocks, at: Date): Clocks {
  return { firstResponse: run(cal, clocks.firstResponse, at), update: run(cal, clocks.update, at), solution: run(cal, clocks.solution, at) };
}

/** Moves the clocks along a state change, at `at`. */
export function onStateChange(cal: Calendar, clocks: Clocks, from: OrderState, to: OrderState, at: Date): Clocks {
  let next = clocks;
  const rule = stateRule(to);
  if (rule.solved && !stateRule(from).solved) next = { ...next, solution: meet(cal, next.solution, at) };
  // Reopened: the solution clock runs again with the time it had left.
  if (!rule.solved && stateRule(from).solved) next = { ...next, solution: { ...next.solution, met: null } };
  return rule.sla ? resume(cal, next, at) : pause(cal, next, at);
}

/** A public reply from staff: the first response (once) and the update clock are met. */
export function onReply(cal: Calendar, clocks: Clocks, at: Date): Clocks {
  return {
    ...clocks,
    firstResponse: clocks.firstResponse.met ? clocks.firstResponse : meet(cal, clocks.firstResponse, at),
    update: meet(cal, clocks.update, at),
  };
}

/** A customer contact (a message, a call, a note marked as from the customer): the update clock starts over. */
export function onCustomerContact(cal: Calendar, clocks: Clocks, state: OrderState, at: Date): Clocks {
  const update: SlaClock = { ...clocks.update, used: 0, since: null, due: null, met: null };
  return { ...clocks, update: stateRule(state).sla ? run(cal, update, at) : update };
}

/** New targets or a new calendar: running deadlines are computed again from what each clock used. */
export function recompute(cal: Calendar, clocks: Clocks, targets: SlaTargets): Clocks {
  const again = (c: SlaClock, minutes: number): SlaClock => {
    const next = { ...c, target: minutes * 60 };
    return next.since ? { ...next, due: dueOf(cal, next, next.since) } : next;
  };
  return { firstResponse: again(clocks.firstResponse, targets.firstResponse), update: again(clocks.update, targets.update), solution: again(clocks.solution, targets.solution) };
}

/** The nearest running deadline (null when none runs): the order is overdue once it has passed. */
export const nextDue = (clocks: Clocks): Date | null =>
  CLOCKS.map((k) => clocks[k].due).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
