import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from '../server/helpers.ts';
import { from } from './two-instances.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const login = (ip: string, body: object) => from(s.app, ip, 'POST', '/api/default/login', body, { 'accept-language': 'en' });
const newCode = async (ip: string) => {
  const res = await from(s.app, ip, 'GET', '/api/VerifyCodeHelper/ObtainImageVerificationCode');
  expect(res.status).toBe(200);
  const [row] = await s.ctx.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [res.body.data.verifyId]);
  return { ...res.body.data, answer: row!.answer } as { verifyId: string; image: string; expiresIn: number; answer: string };
};

describe(`strangers cannot lock a user out (${engine})`, () => {
  it('five failures from each of four addresses ask the real user for a code, never 429; a valid code logs in once', async () => {
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3', '10.9.0.4']) {
      for (let i = 0; i < 5; i++) expect((await login(ip, { username: 'agent4', password: `guess-${i}` })).status).toBe(401);
    }
    const asked = await login('10.9.0.5', { username: 'agent4', password: 'agent123' });
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({ code: 401, msg: 'Enter the verification code.', data: { captchaRequired: true } });

    const code = await newCode('10.9.0.5');
    expect(code.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(code.image.split(',')[1]!, 'base64').toString()).toMatch(/^<svg/);
    expect(code.expiresIn).toBeGreaterThan(0);
    const wrongCode = await login('10.9.0.5', { username: 'agent4', password: 'agent123', verifyId: code.verifyId, verifyCode: 'zzzz' });
    expect(wrongCode.body).toMatchObject({ code: 401, msg: 'The verification code is wrong or has expired.', data: { captchaRequired: true } });
    // That code is used up by the wrong try.
    expect((await login('10.9.0.5', { username: 'agent4', password: 'agent123', verifyId: code.verifyId, verifyCode: code.answer })).status).toBe(401);

    const fresh = await newCode('10.9.0.5');
    const ok = await login('10.9.0.5', { username: 'agent4', password: 'agent123', verifyId: fresh.verifyId, verifyCode: fresh.answer.toUpperCase() });
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toBeTruthy();
    const again = await login('10.9.0.5', { username: 'agent4', password: 'agent123', verifyId: fresh.verifyId, verifyCode: fresh.answer });
    expect(again.status).toBe(401);
    expect(again.body.data).toEqual({ captchaRequired: true });
  });

  it('keeps the per (user, address) limit: a sixth try from one address is 429 with Retry-After, code or not', async () => {
    for (let i = 0; i < 5; i++) await login('10.8.0.1', { username: 'agent5', password: `guess-${i}` });
    const code = await newCode('10.8.0.1');
    const sixth = await login('10.8.0.1', { username: 'agent5', password: 'agent123', verifyId: code.verifyId, verifyCode: code.answer });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.body.msg).toMatch(/Try again in \d+ minute/);
  });

  it('an expired code is refused', async () => {
    for (const ip of ['10.7.0.1', '10.7.0.2']) for (let i = 0; i < 3; i++) await login(ip, { username: 'supervisor', password: `g-${i}` });
    const code = await newCode('10.7.0.3');
    await s.ctx.db.query(`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = $1`, [code.verifyId]);
    const res = await login('10.7.0.3', { username: 'supervisor', password: 'super123', verifyId: code.verifyId, verifyCode: code.answer });
    expect(res.body).toMatchObject({ code: 401, data: { captchaRequired: true } });
  });

  it('rate-limits verification images per address', async () => {
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await from(s.app, '10.6.0.1', 'GET', '/api/VerifyCodeHelper/ObtainImageVerificationCode'));
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
