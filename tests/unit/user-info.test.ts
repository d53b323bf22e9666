// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasSeat, parseUserInfo } from '../../data-providers/user-info';
import type { SessionUserWire } from '../../schemas/session-user';
import { ADMIN_INFO } from './support/fixtures';

describe('GetUserInfo answer', () => {
  it('becomes the session user with the wire types (integer ids, null for no line)', () => {
    const answer: SessionUserWire = { ...ADMIN_INFO, lineid: null };
    expect(parseUserInfo(answer)).toEqual(answer);
  });

  it('drops fields the schema does not list', () => {
    expect(parseUserInfo({ ...ADMIN_INFO, passwordHash: 'x' })).toEqual(ADMIN_INFO);
  });

  it.each([
    ['no data', null],
    ['an array', []],
    ['an empty user name', { ...ADMIN_INFO, username: '' }],
    ['no userName', (({ userName: _, ...rest }) => rest)(ADMIN_INFO)],
    ['the user id as text', { ...ADMIN_INFO, userId: '1' }],
    ['the line as text', { ...ADMIN_INFO, lineid: '1' }],
    ['roles not a list', { ...ADMIN_INFO, roles: 'admin' }],
    ['roles with a non-string', { ...ADMIN_INFO, roles: ['admin', 1] }],
    ['an ability the schema does not know', { ...ADMIN_INFO, ability: ['READ', 'FLY'] }],
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
