// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isInternal, planDial, realExtension, transferTarget, type DialContext } from '../../src/phone/rules';
import { fakeHttp, ok } from './support/fake-http';

const CTX: DialContext = { userSeatNo: '8101', extension: '1101', companyId: 1 };

describe('spec section 5 rules', () => {
  it('an empty transfer extension alerts "please enter extension number"', async () => {
    const http = fakeHttp({});
    expect(await transferTarget(http, { extension: '  ' })).toEqual({ ok: false, alert: { title: 'phone.alert.title', content: 'phone.alert.enterExtension' } });
    expect(http.calls).toEqual([]);
  });

  it('a transfer extension is used as typed; the default 60011 is replaced by the seat\'s real one', async () => {
    const http = fakeHttp({ 'POST /api/User/getFjhByUserSeatNo': () => ok('1102') });
    expect(await transferTarget(http, { extension: '1105' })).toEqual({ ok: true, value: '1105' });
    expect(http.calls).toEqual([]);
    expect(await transferTarget(http, { extension: '60011', userSeatNo: '8102' })).toEqual({ ok: true, value: '1102' });
    expect(http.calls.map((c) => c.body)).toEqual([{ userSeatNo: '8102' }]);
  });

  it('a transfer extension with anything but digits is refused before it reaches the socket', async () => {
    for (const bad of ['11,01', '11\n01', '{x}', '1 1']) {
      expect(await transferTarget(fakeHttp({}), { extension: bad })).toMatchObject({ ok: false, alert: { content: 'phone.alert.badExtension' } });
    }
  });

  it('realExtension asks the server only for the default or a missing extension', async () => {
    const http = fakeHttp({ 'POST /api/User/getFjhByUserSeatNo': () => ok('1101') });
    expect(await realExtension(http, '8101', '1101')).toBe('1101');
    expect(await realExtension(http, '8101', '60011')).toBe('1101');
    expect(await realExtension(http, '8101', '')).toBe('1101');
    expect(http.calls).toHaveLength(2);
  });

  it("dial-out from seat '0' alerts 'please log in again' titled 'system prompt'", async () => {
    const alert = { title: 'phone.alert.systemPrompt', content: 'phone.alert.loginAgain' };
    expect(await planDial(fakeHttp({}), { ...CTX, userSeatNo: '0' }, '13800138000')).toEqual({ ok: false, alert });
    expect(await planDial(fakeHttp({}), { ...CTX, userSeatNo: '' }, '13800138000')).toEqual({ ok: false, alert });
  });

  it('an empty number alerts "please enter the outbound number first"', async () => {
    expect(await planDial(fakeHttp({}), CTX, ' ')).toEqual({ ok: false, alert: { title: 'phone.alert.title', content: 'phone.alert.enterNumber' } });
  });

  it('numbers under 6 characters are internal extensions, dialled as typed; longer are external', async () => {
    expect(isInternal('11022')).toBe(true);
    expect(isInternal('110223')).toBe(false);
    expect(await planDial(fakeHttp({}), CTX, '1102')).toEqual({ ok: true, value: { dest: '1102', ext: '1101', phoneNo: '1102', internal: true } });
    expect(await planDial(fakeHttp({}), CTX, '138-0013 8000')).toEqual({ ok: true, value: { dest: '13800138000', ext: '1101', phoneNo: '13800138000', internal: false } });
  });

  it("company 4 asks getChangChunFlag and prefixes '0' only when the answer is the string 'false'", async () => {
    const ctx = { ...CTX, companyId: 4 };
    const local = fakeHttp({ 'POST /api/AudienceData/getChangChunFlag': () => ok('true') });
    expect(await planDial(local, ctx, '043188886666')).toMatchObject({ ok: true, value: { dest: '043188886666' } });
    expect(local.calls.map((c) => c.body)).toEqual([{ mobile: '043188886666' }]);
    const remote = fakeHttp({ 'POST /api/AudienceData/getChangChunFlag': () => ok('false') });
    expect(await planDial(remote, ctx, '13800138000')).toMatchObject({ ok: true, value: { dest: '013800138000', phoneNo: '13800138000' } });
    // Internal numbers and other companies never ask.
    expect(await planDial(fakeHttp({}), ctx, '1102')).toMatchObject({ ok: true, value: { dest: '1102' } });
    expect(await planDial(fakeHttp({}), CTX, '13800138000')).toMatchObject({ ok: true, value: { dest: '13800138000' } });
  });

  it('the default extension 60011 of the seat is looked up before dialling', async () => {
    const http = fakeHttp({ 'POST /api/User/getFjhByUserSeatNo': () => ok('1101') });
    expect(await planDial(http, { ...CTX, extension: '60011' }, '1102')).toMatchObject({ ok: true, value: { ext: '1101' } });
    expect(http.calls.map((c) => [c.url, c.body])).toEqual([['/api/User/getFjhByUserSeatNo', { userSeatNo: '8101' }]]);
  });

  it('a number with letters, braces or commas is refused before it reaches the socket', async () => {
    for (const bad of ['1380013800a', '138,00', '{138}', '13800|138']) {
      expect(await planDial(fakeHttp({}), CTX, bad)).toMatchObject({ ok: false, alert: { content: 'phone.alert.badNumber' } });
    }
  });
});
