/**
 * The work-order figures of docs/kpi.md ("Work-order figures"), written once over `work_orders o`
 * (server/db/migrations/018_work_orders.sql): report schemas use these expressions, never a copy.
 * Each is an aggregate over the rows of a group.
 */
/** A share as a fraction rounded to 4 places (the percent format shows 0.5 as 50.00%), as the call KPIs' ratios. */
const rate = (part: string, whole: string) => `round((${part})::numeric / nullif(${whole}, 0), 4)`;
const met = (p: 'fr' | 'so') => `count(*) FILTER (WHERE o.${p}_met_at IS NOT NULL)`;
const onTime = (p: 'fr' | 'so') => `count(*) FILTER (WHERE o.${p}_met_at IS NOT NULL AND NOT o.${p}_late)`;

export const ORDER_KPI = {
  /** Orders created (merged duplicates included: each was a customer's contact). */
  created: 'count(*)',
  /** Created orders not yet solved: in new, open or a pending state. */
  unsolved: `count(*) FILTER (WHERE o.state IN ('new', 'open', 'pending_reminder', 'pending_close'))`,
  /** Created orders whose solution clock is met (resolved or closed at least once). */
  solved: met('so'),
  /** Of the orders whose first response is met, the share met within its target. */
  firstResponseOnTime: rate(onTime('fr'), met('fr')),
  /** Of the solved orders, the share solved within their target. */
  solutionOnTime: rate(onTime('so'), met('so')),
} as const;
