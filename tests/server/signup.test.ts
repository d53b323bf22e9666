import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../server/auth/limiter.ts';
import { ssoFrom } from '../../server/config.ts';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const EN = { 'accept-language': 'en' };
let provider: TestProvider;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  provider = await startTestProvider();
  s = await startTestServer({ sso: ssoFrom(provider.env()), limits: { ...DEFAULT_RULES, registerPerHour: 6 } });
  admin = await s.login('admin', 'admin123');
});
afterAll(async () => {
  await s.close();
  await provider.close();
});

const api = (path: string, body: unknown = {}, token = admin) => s.call('POST', `/api/${path}`, { token, body, headers: EN });
const setSettings = (body: Record<string, boolean>) => api('systemSettings/saveSettings', body);

/** A registration from its own address (the per-address limit would otherwise join the tests together). */
let addresses = 0;
async function register(body: Record<string, unknown>, opts: { address?: string; captcha?: 'right' | 'wrong' | 'none' } = {}) {
  const remoteAddress = opts.address ?? `10.0.0.${++addresses}`;
  const image = await s.app.inject({ method: 'GET', url: '/api/VerifyCodeHelper/ObtainImageVerificationCode', remoteAddress });
  const { verifyId } = image.json().data as { verifyId: string };
  const [row] = await s.ctx.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [verifyId]);
  const verifyCode = opts.captcha === 'wrong' ? 'zzzz' : row!.answer.toUpperCase();
  const payload = { userName: 'newbie', password: 'newbie123', userChineseName: '新人', mobile: '13800138000', ...(opts.captcha === 'none' ? {} : { verifyId, verifyCode }), ...body };
  const res = await s.app.inject({ method: 'POST', url: '/register', remoteAddress, headers: EN, payload });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any }, verifyId, verifyCode };
}

describe('registration', () => {
  it('is closed by default, and only an administrator opens it', async () => {
    // As a database no administrator has changed (this file's other tests open it).
    await s.ctx.db.query('DELETE FROM app_settings');
    expect((await api('systemSettings/getSettings')).body.data).toEqual({ registrationOpen: false, ssoEmailLink: false });
    const closed = await register({ userName: 'closed1' });
    expect(closed.status).toBe(403);
    expect(closed.body.msg).toMatch(/Self-registration is closed/);
    expect(await s.ctx.db.query("SELECT 1 FROM users WHERE user_name = 'closed1'")).toHaveLength(0);
    const options = await s.call('GET', '/api/default/signupOptions');
    expect(options.body.data).toEqual({ registration: false, sso: true, ssoName: 'Test ID' });
    const agent = await s.login('agent1', 'agent123');
    expect((await api('systemSettings/saveSettings', { registrationOpen: true }, agent)).status).toBe(403);
    expect((await api('systemSettings/getSettings', {}, agent)).status).toBe(403);
    expect((await setSettings({ registrationOpen: 'yes' } as never)).status).toBe(400);
    expect((await setSettings({ nonsense: true })).status).toBe(400);
    expect((await api('systemSettings/getSettings')).body.data.registrationOpen).toBe(false);
  });

  it('once open, makes a pending account with no role and no seat that cannot sign in until an administrator assigns both', async () => {
    expect((await setSettings({ registrationOpen: true })).body.data.registrationOpen).toBe(true);
    expect((await s.call('GET', '/api/default/signupOptions')).body.data.registration).toBe(true);
    const res = await register({ userName: 'pending1' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ userId: expect.any(Number), pending: true });
    const id = res.body.data.userId as number;
    const [row] = await s.ctx.db.query<{ seat: string | null; pending: boolean; roles: number }>(
      'SELECT user_seat_no AS seat, pending, (SELECT count(*)::int FROM user_roles WHERE user_id = id) AS roles FROM users WHERE id = $1', [id]);
    expect(row).toEqual({ seat: null, pending: true, roles: 0 });

    const refused = await s.call('POST', '/api/default/login', { body: { username: 'pending1', password: 'newbie123' }, headers: EN });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/waiting for an administrator/);
    // A wrong password says only what any wrong password says.
    const wrong = await s.call('POST', '/api/default/login', { body: { username: 'pending1', password: 'not-it-123' }, headers: EN });
    expect(wrong.body.msg).toBe('username or password incorrect!!!');

    const listed = await api('userManagement/getList', { pageNo: 1, pageSize: 50, pending: true });
    expect(listed.body.data.list.map((u: { userName: string }) => u.userName)).toContain('pending1');
    expect(listed.body.data.list.every((u: { pending: boolean }) => u.pending)).toBe(true);

    // A seat alone does not approve it; a seat and a role do.
    expect((await api('userManagement/doEdit', { userId: id, userSeatNo: '8901' })).status).toBe(200);
    expect((await s.ctx.db.query<{ pending: boolean }>('SELECT pending FROM users WHERE id = $1', [id]))[0]!.pending).toBe(true);
    expect((await api('userManagement/doEdit', { userId: id, roles: ['agent'] })).status).toBe(200);
    expect((await s.ctx.db.query<{ pending: boolean }>('SELECT pending FROM users WHERE id = $1', [id]))[0]!.pending).toBe(false);
    expect(await s.login('pending1', 'newbie123')).toBeTruthy();
  });

  it('refuses bad fields with the spec texts and creates nothing', async () => {
    await setSettings({ registrationOpen: true });
    const badMobile = await register({ userName: 'badmobile', mobile: '2380013800' });
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.data.errors.mobile).toBe('enter the correct mobile number');
    const noCode = await register({ userName: 'nocode', verifyCode: '' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.data.errors.verifyCode).toBe('enter a verification code');
    const shortPassword = await register({ userName: 'shortpw', password: '12345' });
    expect(shortPassword.body.data.errors.password).toBe('password cannot be less than 6 characters');
    const taken = await register({ userName: 'agent1' });
    expect(taken.status).toBe(409);
    expect(taken.body.data.errors.userName).toBeTruthy();
    const rows = await s.ctx.db.query("SELECT 1 FROM users WHERE user_name IN ('badmobile', 'nocode', 'shortpw')");
    expect(rows).toHaveLength(0);
  });

  it('checks the image code on the server: once, and not after it expired', async () => {
    await setSettings({ registrationOpen: true });
    const wrong = await register({ userName: 'wrongcode' }, { captcha: 'wrong' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors.verifyCode).toMatch(/wrong or has expired/);
    const first = await register({ userName: 'onceonly' });
    expect(first.status).toBe(200);
    // The same code again, for another account: spent.
    const again = await s.app.inject({ method: 'POST', url: '/register', remoteAddress: '10.1.0.1', headers: EN,
      payload: { userName: 'onceagain', password: 'newbie123', userChineseName: '新人', mobile: '13800138000', verifyId: first.verifyId, verifyCode: first.verifyCode } });
    expect(again.statusCode).toBe(400);
    expect(again.json().data.errors.verifyCode).toMatch(/wrong or has expired/);

    const address = '10.1.0.2';
    const image = await s.app.inject({ method: 'GET', url: '/api/VerifyCodeHelper/ObtainImageVerificationCode', remoteAddress: address });
    const { verifyId } = image.json().data as { verifyId: string };
    const [row] = await s.ctx.db.query<{ answer: string }>("UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = $1 RETURNING answer", [verifyId]);
    const late = await s.app.inject({ method: 'POST', url: '/register', remoteAddress: address, headers: EN,
      payload: { userName: 'toolate', password: 'newbie123', userChineseName: '新人', mobile: '13800138000', verifyId, verifyCode: row!.answer } });
    expect(late.statusCode).toBe(400);
    expect(await s.ctx.db.query("SELECT 1 FROM users WHERE user_name IN ('onceagain', 'toolate')")).toHaveLength(0);
  });

  it('limits registrations per address, refused ones included, and tells when to retry', async () => {
    await setSettings({ registrationOpen: true });
    const address = '10.2.0.1';
    for (let i = 0; i < 6; i++) expect((await register({ userName: `burst${i}`, mobile: 'x' }, { address })).status).toBe(400);
    const blocked = await register({ userName: 'burst6' }, { address });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/Try again in \d+ seconds/);
    expect((await register({ userName: 'elsewhere' }, { address: '10.2.0.2' })).status).toBe(200);
  });
});

/** Starts a sign-in as the browser would: the provider's URL, followed to the redirect back to /callback. */
async function authorize(): Promise<{ code: string; state: string }> {
  const start = await s.call('GET', '/api/sso/start', { headers: EN });
  expect(start.status).toBe(200);
  const res = await fetch(start.body.data.url as string, { redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/callback');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}
const socialLogin = (body: unknown) => s.call('POST', '/socialLogin', { body, headers: EN });

describe('single sign-on', () => {
  it('sends the browser to the provider with PKCE, state and nonce, and moves the callback into the console route', async () => {
    const start = await s.call('GET', '/api/sso/start');
    const url = new URL(start.body.data.url as string);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code', client_id: provider.clientId, code_challenge_method: 'S256', scope: 'openid profile email',
      state: expect.stringMatching(/^[\w-]{32}$/), nonce: expect.stringMatching(/^[\w-]{32}$/), code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    const cb = await s.app.inject({ method: 'GET', url: '/callback?code=abc&state=def&other=x' });
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/#/callback?code=abc&state=def');
  });

  it('signs in the user an administrator mapped to the identity, once per code', async () => {
    provider.user = { sub: 'mapped-agent2', email: 'a2@example.com', email_verified: true };
    const [agent2] = await s.ctx.db.query<{ id: number }>("SELECT id FROM users WHERE user_name = 'agent2'");
    expect((await api('userManagement/doEdit', { userId: agent2!.id, ssoSubject: 'mapped-agent2' })).status).toBe(200);
    const flow = await authorize();
    const res = await socialLogin(flow);
    expect(res.status).toBe(200);
    const info = await s.call('POST', '/api/default/GetUserInfo', { token: res.body.data.token });
    expect(info.body.data.userName).toBe('agent2');
    // The same callback again (a reload, a replay): its state is spent.
    const replay = await socialLogin(flow);
    expect(replay.status).toBe(401);
    expect(replay.body.msg).toMatch(/expired or was already used/);
  });

  it('refuses an unknown state, a wrong nonce, a forged signature and an expired code, and signs nobody in', async () => {
    provider.user = { sub: 'mapped-agent2' };
    const sessionsBefore = await s.ctx.db.query('SELECT 1 FROM sessions');

    const good = await authorize();
    const wrongState = await socialLogin({ code: good.code, state: 'not-a-state-of-ours' });
    expect(wrongState.status).toBe(401);
    expect(wrongState.body.msg).toMatch(/expired or was already used/);

    provider.nonceOverride = 'someone-elses-nonce';
    try {
      const res = await socialLogin(await authorize());
      expect(res.status).toBe(401);
      expect(res.body.msg).toMatch(/could not be verified/);
    } finally {
      provider.nonceOverride = undefined;
    }

    provider.forgeSignature = true;
    try {
      const res = await socialLogin(await authorize());
      expect(res.status).toBe(401);
      expect(res.body.msg).toMatch(/could not be verified/);
    } finally {
      provider.forgeSignature = false;
    }

    const late = await authorize();
    provider.expireCodes();
    const expired = await socialLogin(late);
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toMatch(/could not be verified/);

    // A flow left at the provider past its time is refused like an unknown one.
    const old = await authorize();
    await s.ctx.db.query("UPDATE sso_flows SET expires_at = now() - interval '1 second' WHERE state = $1", [old.state]);
    expect((await socialLogin(old)).status).toBe(401);

    expect(await s.ctx.db.query('SELECT 1 FROM sessions')).toHaveLength(sessionsBefore.length);
  });

  it('does not link an unknown identity; a verified e-mail matches only once the administrator turns it on', async () => {
    provider.user = { sub: 'stranger-1', email: 'agent3@example.com', email_verified: true };
    await s.ctx.db.query("UPDATE users SET email = 'Agent3@example.com' WHERE user_name = 'agent3'");
    const unknown = await socialLogin(await authorize());
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toBe('The token was not obtained successfully: this sign-in is not linked to any account. Ask an administrator to link it.');
    const zh = await s.call('POST', '/socialLogin', { body: await authorize() });
    expect(zh.body.msg).toBe('未成功获取令牌：该登录身份未关联任何账号，请联系管理员关联');

    await setSettings({ ssoEmailLink: true });
    try {
      const linked = await socialLogin(await authorize());
      expect(linked.status).toBe(200);
      expect((await s.call('POST', '/api/default/GetUserInfo', { token: linked.body.data.token })).body.data.userName).toBe('agent3');
      // An address the provider has not verified never matches.
      provider.user = { sub: 'stranger-2', email: 'agent3@example.com', email_verified: false };
      expect((await socialLogin(await authorize())).status).toBe(401);
    } finally {
      await setSettings({ ssoEmailLink: false });
    }
  });

  it('completes in another process on the same database as the one that started it', async () => {
    provider.user = { sub: 'mapped-agent2' };
    await s.ctx.db.query("UPDATE users SET sso_subject = 'mapped-agent2' WHERE user_name = 'agent2'");
    const other = await startTestServer({ sso: ssoFrom(provider.env()) }, {}, s.ctx.db);
    try {
      const flow = await authorize();
      const res = await other.call('POST', '/socialLogin', { body: flow, headers: EN });
      expect(res.status).toBe(200);
      expect((await s.call('POST', '/api/default/GetUserInfo', { token: res.body.data.token })).body.data.userName).toBe('agent2');
    } finally {
      await other.close();
    }
  });

  it('refuses a body without state, as a 400 naming the field', async () => {
    const res = await socialLogin({ code: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.state).toBeTruthy();
  });
});

describe('explicit endpoints', () => {
  it('are used without reading the discovery document', async () => {
    const env = { ...provider.env(), SSO_AUTHORIZATION_ENDPOINT: `${provider.issuer}/authorize`, SSO_TOKEN_ENDPOINT: `${provider.issuer}/token`, SSO_JWKS_URI: `${provider.issuer}/jwks` };
    const explicit = await startTestServer({ sso: ssoFrom(env) });
    try {
      const reads = provider.discoveryReads;
      provider.user = { sub: 'mapped-agent2' };
      const start = await explicit.call('GET', '/api/sso/start');
      const back = new URL((await fetch(start.body.data.url as string, { redirect: 'manual' })).headers.get('location')!);
      await explicit.ctx.db.query("UPDATE users SET sso_subject = 'mapped-agent2' WHERE user_name = 'agent2'");
      const res = await explicit.call('POST', '/socialLogin', { body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
      expect(res.status).toBe(200);
      expect(provider.discoveryReads).toBe(reads);
    } finally {
      await explicit.close();
    }
  });

  it('an issuer without client id or secret, or a malformed URL, stops the start-up', () => {
    expect(ssoFrom({})).toBeUndefined();
    expect(() => ssoFrom({ SSO_ISSUER: 'https://id.example.com' })).toThrow(/SSO_CLIENT_ID/);
    expect(() => ssoFrom({ SSO_ISSUER: 'https://id.example.com', SSO_CLIENT_ID: 'cc' })).toThrow(/SSO_CLIENT_SECRET/);
    expect(() => ssoFrom({ SSO_ISSUER: 'id.example.com', SSO_CLIENT_ID: 'cc', SSO_CLIENT_SECRET: 's' })).toThrow(/SSO_ISSUER must be a URL/);
  });
});

describe('without a provider', () => {
  let bare: TestServer;
  beforeAll(async () => (bare = await startTestServer()));
  afterAll(() => bare.close());

  it('says single sign-on is not configured, and the login page hides the button', async () => {
    expect((await bare.call('GET', '/api/default/signupOptions')).body.data).toEqual({ registration: false, sso: false, ssoName: '' });
    for (const res of [await bare.call('GET', '/api/sso/start', { headers: EN }), await bare.call('POST', '/socialLogin', { body: { code: 'a', state: 'b' }, headers: EN })]) {
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('Single sign-on is not configured on this server.');
    }
  });
});
