/**
 * Work-order states, priorities and sources as data (Zammad's typed states): the server's rules,
 * the SLA clocks and the browser's labels all read them here. Words are under
 * `workOrders.state.<id>` / `workOrders.priority.<id>` / `workOrders.source.<id>` in both locales.
 *
 * - `sla`: the SLA clocks run in this state (they pause in the pending states and stop in the
 *   final ones, so a closed or merged order never escalates);
 * - `pending`: the state needs a "pending until" time; `reminder` reminds the owner when it
 *   passes (the order then shows overdue), `autoClose` closes the order at the time;
 * - `solved`: reaching it meets the solution clock;
 * - `final`: nothing changes an order in it but a reopen (closed) or nothing at all (merged);
 * - `to`: the states a person may move an order to from this one (merging has its own action).
 */
export const ORDER_STATES = {
  new: { sla: true, to: ['open', 'pending_reminder', 'pending_close', 'resolved', 'closed'] },
  open: { sla: true, to: ['pending_reminder', 'pending_close', 'resolved', 'closed'] },
  pending_reminder: { sla: false, pending: 'reminder', to: ['open', 'pending_close', 'resolved', 'closed'] },
  pending_close: { sla: false, pending: 'autoClose', to: ['open', 'pending_reminder', 'resolved', 'closed'] },
  resolved: { sla: false, solved: true, to: ['open', 'closed'] },
  closed: { sla: false, solved: true, final: true, to: ['open'] },
  merged: { sla: false, final: true, to: [] },
} as const satisfies Record<string, { sla: boolean; pending?: 'reminder' | 'autoClose'; solved?: boolean; final?: boolean; to: readonly string[] }>;

export type OrderState = keyof typeof ORDER_STATES;
export const ORDER_STATE_IDS = Object.keys(ORDER_STATES) as OrderState[];

interface StateRule { sla: boolean; pending?: 'reminder' | 'autoClose'; solved?: boolean; final?: boolean; to: readonly OrderState[] }
export const stateRule = (s: OrderState): StateRule => ORDER_STATES[s] as StateRule;

/** States a person sets (merged is reached by merging only). */
export const SETTABLE_STATES = ORDER_STATE_IDS.filter((s) => s !== 'merged');

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const SOURCES = ['phone', 'chat', 'web', 'wechat'] as const;
export type Source = (typeof SOURCES)[number];

/** The three SLA clocks: first response (the first public reply), update (a reply after each customer contact), solution. */
export const CLOCKS = ['firstResponse', 'update', 'solution'] as const;
export type ClockName = (typeof CLOCKS)[number];

/** Minutes of business time each clock allows, per priority; a kind may set its own (its file's `sla`). */
export type SlaTargets = Record<ClockName, number>;

export const DEFAULT_SLA: Record<Priority, SlaTargets> = {
  low: { firstResponse: 8 * 60, update: 16 * 60, solution: 45 * 60 },
  normal: { firstResponse: 4 * 60, update: 8 * 60, solution: 27 * 60 },
  high: { firstResponse: 60, update: 4 * 60, solution: 9 * 60 },
  urgent: { firstResponse: 15, update: 60, solution: 4 * 60 },
};
