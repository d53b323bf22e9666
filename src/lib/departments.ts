/**
 * Department rules of spec sections 1, 4 and 9: departments 4 and 5 run the work-order
 * system (own site title), and 4, 5 and 6 have no phone bar.
 */
export type DepartId = number | string | null | undefined;

const WORK_ORDER_DEPARTMENTS = [4, 5];
const NO_PHONE_DEPARTMENTS = [4, 5, 6];

function asNumber(departId: DepartId): number | null {
  if (departId === null || departId === undefined || departId === '') return null;
  const n = Number(departId);
  return Number.isFinite(n) ? n : null;
}

export function isWorkOrderDepartment(departId: DepartId): boolean {
  const n = asNumber(departId);
  return n !== null && WORK_ORDER_DEPARTMENTS.includes(n);
}

export function hasPhoneBar(departId: DepartId): boolean {
  const n = asNumber(departId);
  return n === null || !NO_PHONE_DEPARTMENTS.includes(n);
}
