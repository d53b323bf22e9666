import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

/**
 * Who may call what, written out by hand (API.md "Roles on the server"): admin everything;
 * supervisor reads users, roles, departments and lines but changes nothing; agent only its
 * own account and the option lists. Write actions get a body that fails validation and
 * deletes an id that does not exist, so an allowed caller answers 400/404 and changes nothing,
 * while a refused one answers 403 before the body is looked at.
 */
type Who = 'admin' | 'supervisor' | 'agent';
const ALL = { admin: 200, supervisor: 200, agent: 200 };
const READ = { admin: 200, supervisor: 200, agent: 403 };
const ADMIN_READ = { admin: 200, supervisor: 403, agent: 403 };
const WRITE = { admin: 400, supervisor: 403, agent: 403 };
const REMOVE = { admin: 404, supervisor: 403, agent: 403 };

const matrix: Array<[action: string, body: unknown, expected: Record<Who, number>]> = [
  ['userManagement/getList', {}, READ],
  ['userManagement/doEdit', {}, WRITE],
  ['userManagement/doDelete', { ids: [999999] }, REMOVE],
  ['userManagement/getUserSeatOptions', {}, ALL],
  ['userManagement/dosEdit', {}, WRITE],
  ['userManagement/doReset', {}, WRITE],
  ['userManagement/allocDis', {}, WRITE],
  ['userManagement/getListByDepartId', { departId: 1 }, READ],
  ['userManagement/getUserRoleList', {}, ALL],
  ['userManagement/getUserChineseNameOptions', {}, ALL],
  ['roleManagement/getList', {}, READ],
  ['roleManagement/doEdit', {}, WRITE],
  ['roleManagement/doDelete', { ids: [999999] }, REMOVE],
  ['roleManagement/getRoleOptions', {}, ALL],
  ['departmentManagement/getList', {}, READ],
  ['departmentManagement/doEdit', {}, WRITE],
  ['departmentManagement/doDelete', { ids: [999999] }, REMOVE],
  ['departmentManagement/getDepartmentOptions', {}, ALL],
  ['menuManagement/getList', {}, ADMIN_READ],
  ['menuManagement/doEdit', {}, WRITE],
  ['menuManagement/doDelete', { ids: [999999] }, REMOVE],
  ['menuManagement/getMenuOptions', {}, READ],
  ['menuManagement/allocMenu', {}, WRITE],
  ['lineManagement/getList', {}, READ],
  ['lineManagement/doEdit', {}, WRITE],
  ['lineManagement/doDelete', { ids: [999999] }, REMOVE],
  ['lineManagement/getLineOptions', {}, ALL],
  ['lineManagement/getLinePreOptions', {}, ALL],
  ['router/getList', undefined, ALL],
];

let s: TestServer;
let tokens: Record<Who, string>;
beforeAll(async () => {
  let t: Record<'admin' | 'supervisor' | 'agent1', string>;
  ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1']));
  // The matrix names roles: its agent is agent1.
  tokens = { admin: t.admin, supervisor: t.supervisor, agent: t.agent1 };
});
afterAll(() => s.close());

describe('role matrix', () => {
  for (const [action, body, expected] of matrix) {
    it(action, async () => {
      const got: Record<string, number> = {};
      for (const who of ['admin', 'supervisor', 'agent'] as const) {
        const res = await s.call('POST', `/api/${action}`, { token: tokens[who], headers: { 'accept-language': 'en' }, ...(body === undefined ? {} : { body }) });
        got[who] = res.status;
        if (res.status === 403) expect(res.body.msg).toMatch(/^permission denied: requires role /);
      }
      expect(got).toEqual(expected);
    });
  }

  it('a supervisor token cannot change a user even with a valid body', async () => {
    const res = await s.call('POST', '/api/userManagement/doEdit', { token: tokens.supervisor, body: { userId: 3, userChineseName: '改名' } });
    expect(res.status).toBe(403);
    const [row] = await s.ctx.db.query<{ n: string }>('SELECT user_chinese_name AS n FROM users WHERE id = 3');
    expect(row!.n).toBe('李娜');
  });
});
