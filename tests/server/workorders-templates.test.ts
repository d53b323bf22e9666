import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../support/demo-logins.ts';
import type { OrderTemplate } from '../../schemas/workorders/wire.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { workOrderApi } from './workorders-api.ts';

/**
 * Templates for common orders (issue 21 item 5): administrators keep a list per kind (title,
 * category, priority, description, the kind's own fields), everyone who creates orders reads it;
 * validated by the template schema and the kind's file, and bad input changes nothing.
 */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'orders', string>;

beforeAll(async () => {
  s = await startTestServer();
  t = await demoTokens(s.app, ['admin', 'supervisor', 'agent1', 'orders'] as const);
});
afterAll(() => s?.close());

const { call, ok } = workOrderApi(() => s);
const rows = async () => (await s.ctx.db.query('SELECT id, kind, name, title, fields FROM work_order_templates ORDER BY id')).map((r) => JSON.stringify(r));

describe(`work-order templates on ${engine}`, () => {
  it('an administrator keeps templates per kind; everyone who creates orders reads them', async () => {
    const meter: OrderTemplate = await ok('saveTemplate', {
      kind: 'consult', name: 'Meter reading', title: 'Meter reads too high', category: 'billing', priority: 'high', description: 'Reading, date, photo of the meter',
    }, t.admin);
    expect(meter).toMatchObject({ kind: 'consult', name: 'Meter reading', title: 'Meter reads too high', category: 'billing', priority: 'high', fields: {}, sortOrder: 0 });
    const hearing: OrderTemplate = await ok('saveTemplate', { kind: 'court', name: 'Hearing date', title: 'Question about a hearing date', fields: { court: 'First court' } }, t.admin);
    expect(hearing).toMatchObject({ priority: 'normal', category: '', description: '', fields: { court: 'First court' } });
    for (const token of [t.agent1, t.orders, t.supervisor]) {
      const consult: OrderTemplate[] = await ok('getTemplates', { kind: 'consult' }, token);
      expect(consult.map((x) => x.name)).toContain('Meter reading');
      expect(consult.every((x) => x.kind === 'consult')).toBe(true);
    }
    expect((await ok('getTemplates', {}, t.agent1) as OrderTemplate[]).map((x) => x.id)).toEqual(expect.arrayContaining([meter.id, hearing.id]));
    // Changed in place, then removed.
    const changed: OrderTemplate = await ok('saveTemplate', { id: meter.id, kind: 'consult', name: 'Meter reading', title: 'Meter reads wrong', priority: 'urgent' }, t.admin);
    expect(changed).toMatchObject({ id: meter.id, title: 'Meter reads wrong', priority: 'urgent', description: '' });
    await ok('deleteTemplate', { id: hearing.id }, t.admin);
    expect((await ok('getTemplates', { kind: 'court' }, t.agent1) as OrderTemplate[]).map((x) => x.id)).not.toContain(hearing.id);
  });

  it('only administrators change them; bad input is refused with the field named and changes nothing', async () => {
    const kept: OrderTemplate = await ok('saveTemplate', { kind: 'consult', name: 'Kept', title: 'Kept' }, t.admin);
    const before = await rows();
    for (const token of [t.supervisor, t.agent1, t.orders]) {
      expect((await call('saveTemplate', { kind: 'consult', name: 'Not mine', title: 'x' }, token)).status).toBe(403);
      expect((await call('deleteTemplate', { id: kept.id }, token)).status).toBe(403);
    }
    const bad = async (body: Record<string, unknown>, field: string, status = 400) => {
      const res = await call('saveTemplate', body, t.admin);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (status === 400) expect(Object.keys(res.body.data.errors)).toContain(field);
      return res;
    };
    const base = { kind: 'consult', name: 'New', title: 'T' };
    await bad({ ...base, kind: 'nosuch' }, 'kind');
    await bad({ ...base, kind: 'court', fields: { colour: 'red' } }, 'fields.colour');
    await bad({ ...base, name: '' }, 'name');
    await bad({ ...base, title: 'x'.repeat(201) }, 'title');
    await bad({ ...base, priority: 'soon' }, 'priority');
    await bad({ ...base, extra: 1 }, 'extra');
    const taken = await bad({ ...base, name: 'Kept' }, 'name');
    expect(taken.body.data.errors.name).toBe('A template of this kind is already named "Kept"');
    expect((await call('saveTemplate', { ...base, name: 'Kept' }, t.admin, 'zh')).body.data.errors.name).toBe('该类型已有名为“Kept”的模板');
    await bad({ ...base, id: 999_999 }, 'id', 404);
    expect((await call('deleteTemplate', { id: 999_999 }, t.admin)).status).toBe(404);
    expect((await call('getTemplates', { kind: 'x y' }, t.agent1)).status).toBe(400);
    expect((await call('getTemplates', { page: 1 }, t.agent1)).status).toBe(400);
    expect(await rows()).toEqual(before);
  });
});
