import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** The person the provider signs in next (it has no login screen: every /authorize is approved). */
export interface ProviderUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  user: ProviderUser;
  expiresAt: number;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next /authorize signs in. */
  user: ProviderUser;
  /** Sign ID tokens with a key the JWKS does not publish (a forged token). */
  forgeSignature: boolean;
  /** Put this nonce in ID tokens instead of the one the client sent. */
  nonceOverride: string | undefined;
  /** How many times the discovery document was read. */
  discoveryReads: number;
  /** Every code issued so far expires now. */
  expireCodes(): void;
  /** Environment for a server process configured to this provider. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const sha256url = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/**
 * A minimal OpenID provider on loopback for tests: discovery, authorization code with PKCE
 * (S256 only), client_secret_basic at the token endpoint, RS256 ID tokens signed with jose,
 * and its JWKS. Codes are single use and expire after a minute.
 */
export async function startTestProvider(): Promise<TestProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const clientId = 'console-test';
  const clientSecret = crypto.randomBytes(12).toString('hex');

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    user: { sub: 'person-1', email: 'person1@example.com', email_verified: true },
    forgeSignature: false,
    nonceOverride: undefined,
    discoveryReads: 0,
    expireCodes() {
      for (const g of grants.values()) g.expiresAt = 0;
    },
    env: () => ({ SSO_ISSUER: issuer, SSO_CLIENT_ID: clientId, SSO_CLIENT_SECRET: clientSecret, SSO_NAME: 'Test ID' }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  async function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  async function idToken(g: Grant): Promise<string> {
    const key: CryptoKey = provider.forgeSignature ? forger.privateKey : privateKey;
    return new SignJWT({ nonce: provider.nonceOverride ?? g.nonce, ...(g.user.email ? { email: g.user.email, email_verified: g.user.email_verified ?? false } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(issuer)
      .setAudience(g.clientId)
      .setSubject(g.user.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      provider.discoveryReads += 1;
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !redirectUri) {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = crypto.randomBytes(16).toString('base64url');
      grants.set(code, { clientId, redirectUri, challenge: q.get('code_challenge')!, nonce: q.get('nonce') ?? '', user: { ...provider.user }, expiresAt: Date.now() + 60_000 });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = await readBody(req);
      const basic = Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
      const [id, secret] = basic.split(':').map((s) => decodeURIComponent(s));
      if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
      const code = form.get('code') ?? '';
      const g = grants.get(code);
      grants.delete(code);
      if (form.get('grant_type') !== 'authorization_code' || !g || g.expiresAt <= Date.now() || g.redirectUri !== form.get('redirect_uri')
        || sha256url(form.get('code_verifier') ?? '') !== g.challenge) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      return json(res, 200, { access_token: crypto.randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: await idToken(g) });
    }
    json(res, 404, { error: 'not_found' });
  }

  return provider;
}
