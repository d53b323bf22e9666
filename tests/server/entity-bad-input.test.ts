import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

/** Per entity: its save action, a valid body, and the table whose rows must not change. */
interface Probe {
  save: string; table: string; required: string; patterned: string | null; overlong: string; integer: string | null; valid: Record<string, unknown>;
}
const ENTITIES: Record<string, Probe> = {
  users: {
    save: 'userManagement/doEdit', table: 'users', required: 'userName', patterned: 'userSeatNo', overlong: 'userName', integer: 'departId',
    valid: { userName: 'probe', password: 'secret99', userChineseName: '探针', userSeatNo: '8777', roles: ['agent'] },
  },
  roles: { save: 'roleManagement/doEdit', table: 'roles', required: 'code', patterned: 'code', overlong: 'name', integer: null, valid: { code: 'probe', name: '探针' } },
  departments: {
    save: 'departmentManagement/doEdit', table: 'departments', required: 'name', patterned: null, overlong: 'name', integer: 'parentId', valid: { name: '探针部' },
  },
  menus: {
    save: 'menuManagement/doEdit', table: 'menus', required: 'title', patterned: 'name', overlong: 'title', integer: 'order',
    valid: { title: '探针', name: 'Probe', path: '/probe' },
  },
  lines: { save: 'lineManagement/doEdit', table: 'lines', required: 'lineName', patterned: 'pre', overlong: 'lineName', integer: null, valid: { lineName: '探针线路' } },
};

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, t: { admin } } = await startWithLogins(['admin'])));
afterAll(() => s.close());

const snapshot = async (table: string) => JSON.stringify(await s.ctx.db.query(`SELECT * FROM ${table} ORDER BY 1`));

for (const [name, e] of Object.entries(ENTITIES)) {
  const { [e.required]: _dropped, ...missing } = e.valid;
  const cases: Array<[string, string | Record<string, unknown>, RegExp]> = [
    ['missing required field', missing, new RegExp(`${e.required} is required`)],
    ['unknown field', { ...e.valid, isAdmin: true }, /isAdmin is not an accepted field/],
    ['read-only field', { ...e.valid, createTime: '2020-01-01 00:00:00' }, /createTime is not an accepted field/],
    ['wrong type', { ...e.valid, [e.required]: 12345 }, new RegExp(`${e.required} must be string`)],
    ['overlong text', { ...e.valid, [e.overlong]: 'x'.repeat(300) }, new RegExp(e.overlong)],
    ['SQL metacharacters in a checked field', { ...e.valid, [e.patterned ?? e.integer ?? e.required]: e.patterned ? "1'; DROP TABLE users; --" : '1 OR 1=1' }, /./],
    ['__proto__ key', `{"__proto__": {"isAdmin": true}, ${JSON.stringify(e.valid).slice(1)}`, /./],
    ['constructor key', `{"constructor": {"prototype": {"x": 1}}, ${JSON.stringify(e.valid).slice(1)}`, /./],
    ['array instead of object', [e.valid] as unknown as Record<string, unknown>, /must be object/],
    ['id of the wrong type on update', { ...e.valid, [name === 'users' ? 'userId' : 'id']: 'one' }, /must be integer/],
  ];
  if (e.integer) cases.push(['string where an integer belongs', { ...e.valid, [e.integer]: '3' }, new RegExp(`${e.integer} must be integer`)]);
  describe(`${name}: bad input answers 400 and changes nothing`, () => {
    for (const [label, body, msg] of cases) {
      it(label, async () => {
        const before = await snapshot(e.table);
        const res = typeof body === 'string'
          ? await s.call('POST', `/api/${e.save}`, { token: admin, raw: body, headers: { 'content-type': 'application/json', 'accept-language': 'en' } })
          : await s.call('POST', `/api/${e.save}`, { token: admin, body, headers: { 'accept-language': 'en' } });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(400);
        expect(res.body.msg).toMatch(msg);
        expect(await snapshot(e.table)).toBe(before);
      });
    }
  });
}

describe('list conditions are checked too', () => {
  for (const [label, body] of [
    ['unknown condition', { pageNo: 1, secret: 1 }],
    ['page size over 1000', { pageNo: 1, pageSize: 5000 }],
    ['sort on a column that is not sortable', { sortField: 'password' }],
    ['sort field with SQL', { sortField: 'userId; DROP TABLE users' }],
    ['page number zero', { pageNo: 0 }],
  ] as const) {
    it(label, async () => {
      const res = await s.call('POST', '/api/userManagement/getList', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toBeTruthy();
    });
  }

  it('stores free text with quotes verbatim (values are bound, never spliced)', async () => {
    const name = "O'Brien\"; DROP TABLE lines; --";
    const res = await s.call('POST', '/api/lineManagement/doEdit', { token: admin, body: { lineName: name } });
    expect(res.body.data.lineName).toBe(name);
    const found = await s.call('POST', '/api/lineManagement/getList', { token: admin, body: { lineName: "O'Brien" } });
    expect(found.body.data.list.map((l: { lineName: string }) => l.lineName)).toEqual([name]);
  });

  it('answers validation messages in Chinese when asked', async () => {
    const res = await s.call('POST', '/api/userManagement/doEdit', { token: admin, body: { userName: 'x' }, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(res.body.msg).toMatch(/^请求参数有误/);
    expect(res.body.data.errors.password).toBe('不能为空');
    expect(res.body.data.errors.userName).toBe('只能包含字母、数字和 _ . @ -');
  });
});
