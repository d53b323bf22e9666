import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import { maskPhone } from '../../server/workorders/phones.ts';
import type { OrderRow } from '../../schemas/workorders/wire.ts';
import { engine, type TestServer } from './helpers.ts';

/**
 * Customers' phone numbers as a role ability (issue 21 item 7): the PHONE ability, which an
 * administrator gives or takes on the roles screen (roleManagement/doEdit). A role without it
 * reads customers' numbers masked in every work-order list, and on one order unless the user
 * owns or created it; the full number is never in the answer; a masked number is never written.
 */
type User = 'admin' | 'supervisor' | 'agent1' | 'orders';
const PHONE = '13912340000';
const MASKED = '139****0000';

let s: TestServer;
let t: Record<User, string>;
let agentRole: number;

const api = (action: string, body: unknown, token: string) =>
  s.call('POST', `/api/${action}`, { token, body, headers: { 'accept-language': 'en' } });
const ok = async (action: string, body: unknown, token: string) => {
  const res = await api(action, body, token);
  expect(res.status, `${action}: ${res.body.msg}`).toBe(200);
  return res.body.data;
};
const wo = (action: string, body: unknown, token: string) => ok(`WorkOrder/${action}`, body, token);
const abilities = (list: string[]) => ok('roleManagement/doEdit', { id: agentRole, abilities: list }, t.admin);
const listed = async (token: string, id: number) => {
  const res = await api('WorkOrder/getList', { pageNo: 1, pageSize: 200, view: 'all' }, token);
  expect(res.status).toBe(200);
  return { row: (res.body.data.records as OrderRow[]).find((r) => r.id === id)!, raw: JSON.stringify(res.body) };
};

beforeAll(async () => {
  ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1', 'orders'] as const));
  agentRole = Number((await s.ctx.db.query<{ id: number }>(`SELECT id FROM roles WHERE code = 'agent'`))[0]!.id);
});
afterAll(() => s?.close());

describe(`customers' phone numbers by role ability on ${engine}`, () => {
  it('masks as 139****0000, shorter numbers with fewer digits', () => {
    expect(maskPhone(PHONE)).toBe(MASKED);
    expect(maskPhone('02788886666')).toBe('027****6666');
    expect(maskPhone('88886666')).toBe('88****66');
    expect(maskPhone('110')).toBe('****');
    expect(maskPhone('')).toBe('');
  });

  it('the demo roles hold the ability; only an administrator gives or takes it, and only known abilities', async () => {
    const roles = await ok('roleManagement/getList', { pageNo: 1, pageSize: 20 }, t.admin);
    for (const r of roles.list as { abilities: string[] }[]) expect(r.abilities).toContain('PHONE');
    expect((await api('roleManagement/doEdit', { id: agentRole, abilities: ['READ'] }, t.supervisor)).status).toBe(403);
    expect((await api('roleManagement/doEdit', { id: agentRole, abilities: ['READ', 'SEE_ALL'] }, t.admin)).status).toBe(400);
  });

  it('a role without it reads the number masked in lists, and on an order it neither owns nor created; never the full number', async () => {
    const order: OrderRow = await wo('create', { kind: 'consult', title: 'Masked', source: 'phone', phone: PHONE, departId: 4 }, t.agent1);
    await abilities(['READ', 'WRITE']);
    try {
      // agent1 and orders hold the agent role, now without PHONE; the supervisor's role keeps it.
      expect(order.phone).toBe(PHONE);
      for (const who of [t.agent1, t.orders]) {
        const { row, raw } = await listed(who, order.id);
        expect(row.phone).toBe(MASKED);
        expect(raw).not.toContain(PHONE);
      }
      expect((await listed(t.supervisor, order.id)).row.phone).toBe(PHONE);
      // The caller's orders on the call pop-up are a list too (the agent hears the number anyway).
      const caller = await wo('getList', { pageNo: 1, pageSize: 10, view: 'all', phone: PHONE }, t.agent1);
      expect(caller.records.map((r: OrderRow) => r.phone)).toEqual([MASKED]);
      // One order: its creator reads it in full; department staff before taking it, masked.
      expect((await wo('getById', { id: order.id }, t.agent1)).order.phone).toBe(PHONE);
      const before = await api('WorkOrder/getById', { id: order.id }, t.orders);
      expect(before.body.data.order.phone).toBe(MASKED);
      expect(JSON.stringify(before.body)).not.toContain(PHONE);
      // A change on an older copy answers 409 with the current order: masked too.
      const noted = await wo('update', { id: order.id, version: order.version, priority: 'high' }, t.supervisor);
      const stale = await api('WorkOrder/update', { id: order.id, version: order.version, priority: 'low' }, t.orders);
      expect(stale.status).toBe(409);
      expect(stale.body.data.order).toMatchObject({ version: noted.version, phone: MASKED });
      // Taken: the owner calls the customer back, so reads the number.
      expect((await wo('take', { id: order.id }, t.orders)).phone).toBe(PHONE);
      expect((await wo('getById', { id: order.id }, t.orders)).order.phone).toBe(PHONE);
      expect((await listed(t.orders, order.id)).row.phone).toBe(MASKED);
      // The mask is never written over the number.
      const current = (await wo('getById', { id: order.id }, t.orders)).order as OrderRow;
      const masked = await api('WorkOrder/update', { id: order.id, version: current.version, phone: MASKED, title: 'Renamed' }, t.orders);
      expect(masked.status).toBe(400);
      expect(Object.keys(masked.body.data.errors)).toEqual(['phone']);
      expect((await wo('getById', { id: order.id }, t.admin)).order).toMatchObject({ phone: PHONE, title: 'Masked', version: current.version });
      expect((await api('WorkOrder/create', { kind: 'consult', title: 'x', source: 'phone', phone: MASKED }, t.agent1)).status).toBe(400);
    } finally {
      await abilities(['READ', 'WRITE', 'PHONE']);
    }
    // Given back: the list shows the number again, at once (abilities are read per request).
    expect((await listed(t.orders, order.id)).row.phone).toBe(PHONE);
  });
});
