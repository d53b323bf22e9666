// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasSeat, parseUserInfo } from '../../data-providers/user-info';
import { ADMIN_INFO } from './support/fixtures';

describe('GetUserInfo answer', () => {
  it('becomes the session user, ids as text where the console treats them as text', () => {
    expect(parseUserInfo(ADMIN_INFO)).toEqual({
      userId: '1', username: 'admin', avatar: '', userSeatNo: '8000', userSeatPwd: 'pw', userChineseName: '管理员',
      userEnglishName: 'Admin', lineid: '1', departId: 1, companyId: 1, fjh: '1000', recordSrc: '', pre: '9',
      busy: 0, roles: ['admin'], ability: ['READ', 'WRITE', 'DELETE'],
    });
  });

  it('accepts userName alone, numeric-string departments and a missing ability list', () => {
    const { username: _u, ability: _a, ...rest } = ADMIN_INFO;
    expect(parseUserInfo({ ...rest, departId: '4' })).toMatchObject({ username: 'admin', departId: 4, ability: [] });
  });

  it.each([
    ['no data', null],
    ['an array', []],
    ['no user name', { ...ADMIN_INFO, username: undefined, userName: undefined }],
    ['roles not a list', { ...ADMIN_INFO, roles: 'admin' }],
    ['roles with a non-string', { ...ADMIN_INFO, roles: ['admin', 1] }],
    ['ability not a list', { ...ADMIN_INFO, ability: 'READ' }],
    ['seat number an object', { ...ADMIN_INFO, userSeatNo: { n: 1 } }],
    ['department not a number', { ...ADMIN_INFO, departId: 'sales' }],
    ['busy a boolean', { ...ADMIN_INFO, busy: true }],
  ])('is refused with %s', (_label, data) => {
    expect(parseUserInfo(data)).toBeNull();
  });

  it('a seat number of "" or "0" means no seat', () => {
    expect(hasSeat({ userSeatNo: '8101' })).toBe(true);
    expect(hasSeat({ userSeatNo: '' })).toBe(false);
    expect(hasSeat({ userSeatNo: '0' })).toBe(false);
  });
});
