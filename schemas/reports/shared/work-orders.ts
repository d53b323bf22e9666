/**
 * The work-order figures of docs/kpi.md ("Work-order figures"), written once over `work_orders o`
 * (server/db/migrations/018_work_orders.sql): report schemas use these expressions, never a copy.
 * The aggregates (ORDER_KPI) count over the rows of a group; the per-order tests (ORDER_IS) are
 * what the figures count and what the order list's drill conditions (ORDER_CONDITIONS) filter on.
 */
import { overdueSql, OPEN_ORDER_SQL } from '../../workorders/overdue.ts';
import { conditionObject, dateRange } from './conditions.ts';
import { NOW } from './kpi.ts';

/** A share as a fraction rounded to 4 places (the percent format shows 0.5 as 50.00%), as the call KPIs' ratios. */
const rate = (part: string, whole: string) => `round((${part})::numeric / nullif(${whole}, 0), 4)`;
const count = (where: string) => `count(*) FILTER (WHERE ${where})`;

/** The three SLA clocks by their column prefix (fr = first response, up = update, so = solution). */
export const ORDER_CLOCKS = { firstResponse: 'fr', update: 'up', solution: 'so' } as const;
export type OrderClock = keyof typeof ORDER_CLOCKS;
const col = (c: OrderClock, name: string) => `o.${ORDER_CLOCKS[c]}_${name}`;

/**
 * One order's clock outcome: 'onTime' (met within its target), 'late' (met after it; the update
 * clock: late at least once) or 'notMet' (running, paused, or never met before the order closed).
 */
export const clockOutcome = (c: OrderClock) => `(CASE WHEN ${col(c, 'met_at')} IS NULL THEN 'notMet' WHEN ${col(c, 'late')} THEN 'late' ELSE 'onTime' END)`;

/**
 * Reopened: the order went from solved back to unsolved at least once, as its timeline says (a
 * closed order reopened, or a resolved one set open again).
 */
const REOPENED = `EXISTS (SELECT 1 FROM work_order_events e WHERE e.order_id = o.id
  AND (e.type = 'reopen' OR (e.type = 'change' AND e.changes @> '[{"field": "state", "from": "resolved", "to": "open"}]'::jsonb)))`;

/** Per-order tests, each written once: what a figure counts and what its drill-down opens. */
export const ORDER_IS = {
  open: OPEN_ORDER_SQL,
  /** Overdue now: a running clock past its deadline, or a pending reminder whose time has passed (the list's "overdue" overview). */
  overdue: overdueSql(NOW),
  /** This clock is running past its deadline now. */
  clockOverdue: (c: OrderClock) => `${col(c, 'due_at')} <= ${NOW}`,
  /** A pending reminder whose time has passed (its owner has been reminded). */
  reminderDue: `(o.state = 'pending_reminder' AND o.pending_until <= ${NOW})`,
  met: (c: OrderClock) => `${col(c, 'met_at')} IS NOT NULL`,
  onTime: (c: OrderClock) => `${clockOutcome(c)} = 'onTime'`,
  late: (c: OrderClock) => `${clockOutcome(c)} = 'late'`,
  notMet: (c: OrderClock) => `${clockOutcome(c)} = 'notMet'`,
  reopened: REOPENED,
  /** Solved at least once: solved now, or reopened since (a reopen clears the solution clock). */
  solvedEver: `(o.so_met_at IS NOT NULL OR ${REOPENED})`,
} as const;

/**
 * Handling time of one order, in business seconds (the calendar's working hours, with the
 * pending states' time left out): what the met clock used, i.e. from creation to the first
 * public reply (first response), or the running time up to solved (solution; a reopened and
 * solved again order adds both stretches).
 */
export const HANDLING_SECONDS = { firstResponse: 'o.fr_used_s', solution: 'o.so_used_s' } as const;

export const ORDER_KPI = {
  /** Orders created (merged duplicates included: each was a customer's contact). */
  created: 'count(*)',
  /** Created orders not yet solved: in new, open or a pending state. */
  unsolved: `count(*) FILTER (WHERE o.state IN ('new', 'open', 'pending_reminder', 'pending_close'))`,
  /** Created orders whose solution clock is met (resolved or closed at least once). */
  solved: count(ORDER_IS.met('solution')),
  /** Of the orders whose first response is met, the share met within its target. */
  firstResponseOnTime: rate(count(ORDER_IS.onTime('firstResponse')), count(ORDER_IS.met('firstResponse'))),
  /** Of the solved orders, the share solved within their target. */
  solutionOnTime: rate(count(ORDER_IS.onTime('solution')), count(ORDER_IS.met('solution'))),
  /** Per clock: met on time, met late, not met (yet), and the share on time of the met ones. */
  clockOnTime: (c: OrderClock) => count(ORDER_IS.onTime(c)),
  clockLate: (c: OrderClock) => count(ORDER_IS.late(c)),
  clockNotMet: (c: OrderClock) => count(ORDER_IS.notMet(c)),
  clockCompliance: (c: OrderClock) => rate(count(ORDER_IS.onTime(c)), count(ORDER_IS.met(c))),
  /** Open orders (not closed or merged) and, of them, the overdue ones now. */
  open: count(ORDER_IS.open),
  overdue: count(ORDER_IS.overdue),
  clockOverdue: (c: OrderClock) => count(ORDER_IS.clockOverdue(c)),
  remindersDue: count(ORDER_IS.reminderDue),
  /** Orders whose clock is met, and their mean handling time in business seconds (whole seconds). */
  responded: count(ORDER_IS.met('firstResponse')),
  firstResponseSeconds: `round(avg(${HANDLING_SECONDS.firstResponse}) FILTER (WHERE ${ORDER_IS.met('firstResponse')}))`,
  solutionSeconds: `round(avg(${HANDLING_SECONDS.solution}) FILTER (WHERE ${ORDER_IS.met('solution')}))`,
  /** Reopen rate = orders reopened / orders solved at least once. */
  solvedEver: count(ORDER_IS.solvedEver),
  reopened: count(ORDER_IS.reopened),
  reopenRate: rate(count(ORDER_IS.reopened), count(ORDER_IS.solvedEver)),
} as const;

/** What the work-order reports group and show an order by: its department and its owner ('—' for none, so a drill-down can ask for "none"). */
export const ORDER_FROM = 'work_orders o LEFT JOIN departments d ON d.id = o.depart_id LEFT JOIN users ou ON ou.id = o.owner_id';
export const NONE = '—';
/** What the grouped work-order reports share: administrators and supervisors, every row at once with totals, offered for export. */
export const ORDER_REPORT = { access: ['admin', 'supervisor'], from: ORDER_FROM, paged: false, maxRows: 5000, totals: true, export: true } as const;
/** A drill-down to the orders behind a figure: the row's department (and owner), the report's other conditions as they are, plus the figure's own tests. */
export const drillOrders = <const C extends Record<string, unknown>>(byOwner: boolean, own: C) => ({
  report: 'workOrderList',
  conditions: { department: 'row.department', owner: byOwner ? 'row.owner' : 'conditions.owner', startTime: 'conditions.startTime', endTime: 'conditions.endTime', kind: 'conditions.kind', ...own },
}) as const;
export const ORDER_GROUP = {
  day: 'o.created_at::date',
  department: `coalesce(d.name, '${NONE}')`,
  /** The department's English name (ReportColumn.english) in a grouped report, and in a list of orders. */
  departmentEn: 'max(d.name_en)',
  orderDepartmentEn: 'd.name_en',
  owner: `coalesce(nullif(ou.user_chinese_name, ''), ou.user_name, '${NONE}')`,
} as const;

const name = (sql: string) => ({ type: 'string', minLength: 1, maxLength: 64, 'x-filter': { sql, op: 'eq' } }) as const;
const KINDS = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[a-z][a-zA-Z0-9_]*$', 'x-filter': { sql: 'o.kind', op: 'eq' } } as const;
/** A clock's outcome on the order list: on time, late, not met, or met (either way). One `$` (the engine binds it once). */
const outcome = (c: OrderClock) => ({
  type: 'string', enum: ['onTime', 'late', 'met', 'notMet'],
  'x-sql': `(SELECT CASE v WHEN 'met' THEN ${ORDER_IS.met(c)} ELSE ${clockOutcome(c)} = v END FROM (SELECT $::text AS v) x)`,
}) as const;
const flag = (sql: string) => ({ type: 'boolean', 'x-sql': `(${sql}) = $::boolean` }) as const;

/** The conditions the work-order reports share: the orders created in the period, of a department, an owner and a kind. */
const FILTERS = {
  // By its name or, as a drill-down from an English screen passes it, its English name.
  department: { type: 'string', minLength: 1, maxLength: 64, 'x-sql': `$::text IN (${ORDER_GROUP.department}, nullif(d.name_en, ''))` },
  owner: name(ORDER_GROUP.owner),
  kind: KINDS,
} as const;
/** ...opened on the last 7 days (today included). */
export const ORDER_FILTERS = { ...dateRange('o.created_at', 'last7Days'), ...FILTERS } as const;
/** ...with no period unless one is chosen (what is overdue now, whenever it was created). */
export const ANY_TIME_ORDER_FILTERS = { ...dateRange('o.created_at'), ...FILTERS } as const;

/** The order list's conditions: the shared ones and every per-order test a figure's drill-down asks for. */
export const ORDER_CONDITIONS = conditionObject({
  ...ANY_TIME_ORDER_FILTERS,
  firstResponse: outcome('firstResponse'),
  update: outcome('update'),
  solution: outcome('solution'),
  open: flag(ORDER_IS.open),
  overdue: {
    type: 'string', enum: ['any', 'firstResponse', 'update', 'solution', 'reminder'],
    'x-sql': `(SELECT CASE v WHEN 'any' THEN ${ORDER_IS.overdue} WHEN 'reminder' THEN ${ORDER_IS.reminderDue}
      ${(Object.keys(ORDER_CLOCKS) as OrderClock[]).map((c) => `WHEN '${c}' THEN coalesce(${ORDER_IS.clockOverdue(c)}, false)`).join(' ')} END FROM (SELECT $::text AS v) x)`,
  },
  reopened: flag(ORDER_IS.reopened),
  solvedEver: flag(ORDER_IS.solvedEver),
});
