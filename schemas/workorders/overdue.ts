/**
 * "Overdue" as one rule over `work_orders o`, for the order list's overview (a bound "now") and
 * the reports (the server's clock in SQL): an order not closed or merged whose nearest running
 * deadline has passed, or a pending reminder whose time has passed.
 */
export const OPEN_ORDER_SQL = `o.state NOT IN ('closed', 'merged')`;

export const overdueSql = (now: string) =>
  `(${OPEN_ORDER_SQL} AND (o.next_due_at <= ${now} OR (o.state = 'pending_reminder' AND o.pending_until <= ${now})))`;
