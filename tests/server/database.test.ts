import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { syncSchemaMenus } from '../../server/menus/schema-menus.ts';
import { declaredMenus } from '../../schemas/menu-sources.ts';
import { startTestServer, engine, openTestDb, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe(`database on ${engine}`, () => {
  it('records every migration once and applies nothing on a second run', async () => {
    const rows = await s.ctx.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
    expect(await migrate(s.ctx.db)).toEqual([]);
  });

  it('seeds departments 1-6, the demo accounts with roles, and lines', async () => {
    const deps = await s.ctx.db.query<{ id: number }>('SELECT id FROM departments ORDER BY id');
    expect(deps.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const users = await s.ctx.db.query<{ user_name: string; seat: string; role: string; depart_id: number }>(
      `SELECT u.user_name, u.user_seat_no AS seat, r.code AS role, u.depart_id FROM users u
       JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id ORDER BY u.user_seat_no`);
    expect(users.map((u) => `${u.user_name}:${u.seat}:${u.role}:${u.depart_id}`)).toEqual([
      'admin:8000:admin:1', 'supervisor:8001:supervisor:1', 'agent1:8101:agent:1', 'agent2:8102:agent:1', 'agent3:8103:agent:1',
      'agent4:8104:agent:1', 'agent5:8105:agent:1', 'chat1:8201:agent:2', 'orders:8301:agent:4', 'court:8302:agent:5',
    ]);
    expect((await s.ctx.db.query('SELECT id FROM lines')).length).toBeGreaterThanOrEqual(1);
  });

  it('stores passwords only as scrypt hashes', async () => {
    const rows = await s.ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    for (const r of rows) {
      expect(r.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(r.password_hash).not.toMatch(/admin123|agent123|super123|orders123/);
    }
  });

  it('seeds a few thousand call records and seat status logs in the recent past', async () => {
    const [c] = await s.ctx.db.query<{ n: number; answered: number; newest: string; oldest: string }>(
      `SELECT count(*) AS n, count(answer_time) AS answered, max(call_time) AS newest, min(call_time) AS oldest FROM call_records`);
    expect(c!.n).toBeGreaterThanOrEqual(2000);
    expect(c!.answered).toBeLessThan(c!.n);
    expect(typeof c!.n).toBe('number');
    expect(c!.newest).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [l] = await s.ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM seat_status_logs');
    expect(l!.n).toBeGreaterThan(500);
    const parts = await s.ctx.db.query(`SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE c.relname LIKE 'call_records_2%'`);
    expect(parts.length).toBeGreaterThanOrEqual(2);
  });

  it('gives the same value shapes on both engines: numbers for counts and sums, wire-format times', async () => {
    const [r] = await s.ctx.db.query<Record<string, unknown>>(
      `SELECT count(*) AS c, sum(ring_seconds) AS s, avg(ring_seconds)::numeric(10,2) AS a,
              timestamptz '2026-03-04 05:06:07.89' AS t, date '2026-03-04' AS d FROM call_records`);
    expect(typeof r!.c).toBe('number');
    expect(typeof r!.s).toBe('number');
    expect(typeof r!.a).toBe('number');
    expect(r!.t).toBe('2026-03-04 05:06:07');
    expect(r!.d).toBe('2026-03-04');
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(s.ctx.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO companies (id, name) VALUES (99, 'temp')`);
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(await s.ctx.db.query('SELECT 1 FROM companies WHERE id = 99')).toHaveLength(0);
  });

  it('upgrades a database seeded before migration 004: spec flags on departments 4-6, existing menus keep their rows', async () => {
    const { db, drop } = await openTestDb(s.ctx.config.timeZone);
    try {
      await migrate(db, readMigrations().filter((m) => m.version < '004'));
      await db.exec(`INSERT INTO departments (id, name) VALUES (1, 'a'), (4, 'b'), (5, 'c'), (6, 'd')`);
      const [system] = await db.query<{ id: number }>(
        `INSERT INTO menus (path, name, component, title) VALUES ('/system', 'System', 'Layout', 'menu.system') RETURNING id`);
      await db.query(`INSERT INTO menus (parent_id, path, name, component, title) VALUES ($1, '/system/user', 'User', 'resources/users', 'Staff')`, [system!.id]);
      expect(await migrate(db)).toEqual(readMigrations().filter((m) => m.version >= '004').map((m) => m.version));
      expect(await db.query('SELECT id, work_order_title, phone_bar FROM departments ORDER BY id')).toEqual([
        { id: 1, work_order_title: false, phone_bar: true }, { id: 4, work_order_title: true, phone_bar: false },
        { id: 5, work_order_title: true, phone_bar: false }, { id: 6, work_order_title: false, phone_bar: false }]);
      // The users row an administrator renamed is the users schema's row: the sync adds the others only, under 'system'.
      const sources = s.ctx.entities.map((m) => m.res);
      const added = await syncSchemaMenus(db, sources);
      expect(added.sort()).toEqual(declaredMenus(sources).map((m) => m.key).filter((k) => k !== 'users').sort());
      const rows = await db.query<{ menu_key: string; title: string; parent_id: number | null }>(
        `SELECT menu_key, title, parent_id FROM menus WHERE menu_key IN ('users', 'roles')  ORDER BY menu_key`);
      expect(rows).toEqual([{ menu_key: 'roles', title: 'menu.roles', parent_id: system!.id }, { menu_key: 'users', title: 'Staff', parent_id: system!.id }]);
    } finally {
      await db.close();
      await drop();
    }
  });
});
