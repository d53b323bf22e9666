import crypto from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { SsoConfig } from '../config.ts';
import type { Queryable } from '../db/index.ts';

/** How long a sign-in may stay at the provider before its state is refused (and swept). */
export const FLOW_TTL_SECONDS = 600;
const FETCH_TIMEOUT_MS = 10_000;

interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** Why a sign-in failed; the route turns each into the user's message and logs the detail. */
export type SsoFailure = 'state' | 'code' | 'token' | 'nonce' | 'provider';

export class SsoError extends Error {
  constructor(readonly reason: SsoFailure, detail: string) {
    super(detail);
  }
}

/** What the ID token says about the person, once its signature, issuer, audience, expiry and nonce are checked. */
export interface SsoIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

const base64url = (b: Buffer) => b.toString('base64url');

async function fetchJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A non-JSON answer is judged by its status and the missing fields below.
  }
  return { status: res.status, body };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * The OpenID Connect authorization-code flow with PKCE (RFC 7636, S256) against one provider:
 * `start` makes the provider's URL and keeps state, nonce and verifier in the database (any
 * process may receive the callback); `finish` spends the state once, trades the code for
 * tokens and verifies the ID token with jose against the provider's JWKS.
 */
export class OidcClient {
  private metadata: Promise<ProviderMetadata> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(readonly config: SsoConfig) {}

  /** Explicit endpoints when all three are configured, else the issuer's discovery document (kept once it answered). */
  private provider(): Promise<ProviderMetadata> {
    const c = this.config;
    if (c.authorizationEndpoint && c.tokenEndpoint && c.jwksUri) {
      return Promise.resolve({ issuer: c.issuer, authorization_endpoint: c.authorizationEndpoint, token_endpoint: c.tokenEndpoint, jwks_uri: c.jwksUri });
    }
    this.metadata ??= this.discover().catch((err: unknown) => {
      this.metadata = undefined;
      throw err;
    });
    return this.metadata;
  }

  private async discover(): Promise<ProviderMetadata> {
    const c = this.config;
    const url = `${c.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const { status, body } = await fetchJson(url).catch((err: unknown) => {
      throw new SsoError('provider', `discovery at ${url} failed: ${String(err)}`);
    });
    const d = (body ?? {}) as Partial<Record<keyof ProviderMetadata, unknown>>;
    if (status !== 200 || !isText(d.issuer) || !isText(d.authorization_endpoint) || !isText(d.token_endpoint) || !isText(d.jwks_uri)) {
      throw new SsoError('provider', `discovery at ${url} answered ${status} without the endpoints`);
    }
    // OpenID Connect Discovery 1.0 section 4.3: the document's issuer must be the one configured.
    if (d.issuer !== c.issuer) throw new SsoError('provider', `discovery names issuer ${d.issuer}, configured ${c.issuer}`);
    return {
      issuer: d.issuer,
      authorization_endpoint: c.authorizationEndpoint ?? d.authorization_endpoint,
      token_endpoint: c.tokenEndpoint ?? d.token_endpoint,
      jwks_uri: c.jwksUri ?? d.jwks_uri,
    };
  }

  /** The provider's authorization URL for a new sign-in; its state, nonce and verifier are stored first. */
  async start(db: Queryable, redirectUri: string): Promise<string> {
    const meta = await this.provider();
    const state = base64url(crypto.randomBytes(24));
    const nonce = base64url(crypto.randomBytes(24));
    const verifier = base64url(crypto.randomBytes(32));
    await db.query(
      `INSERT INTO sso_flows (state, nonce, verifier, redirect_uri, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [state, nonce, verifier, redirectUri, FLOW_TTL_SECONDS],
    );
    const url = new URL(meta.authorization_endpoint);
    const params = {
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: redirectUri,
      scope: this.config.scopes,
      state,
      nonce,
      code_challenge: base64url(crypto.createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  /** Completes a sign-in: the state is spent whatever happens next, so a replayed callback finds nothing. */
  async finish(db: Queryable, code: string, state: string): Promise<SsoIdentity> {
    const [flow] = await db.query<{ nonce: string; verifier: string; redirect_uri: string }>(
      'DELETE FROM sso_flows WHERE state = $1 AND expires_at > now() RETURNING nonce, verifier, redirect_uri',
      [state],
    );
    if (!flow) throw new SsoError('state', 'unknown, used or expired state');
    const meta = await this.provider();
    const c = this.config;
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: flow.redirect_uri, code_verifier: flow.verifier });
    // client_secret_basic (OAuth 2.0 section 2.3.1): id and secret form-encoded, then joined.
    const basic = Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString('base64');
    const { status, body } = await fetchJson(meta.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
      body: form.toString(),
    }).catch((err: unknown) => {
      throw new SsoError('provider', `token endpoint failed: ${String(err)}`);
    });
    const tokens = (body ?? {}) as { id_token?: unknown; error?: unknown };
    if (status !== 200) throw new SsoError('code', `token endpoint answered ${status} ${String(tokens.error ?? '')}`);
    if (!isText(tokens.id_token)) throw new SsoError('token', 'no id_token in the token response');
    this.jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS });
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(tokens.id_token, this.jwks, { issuer: meta.issuer, audience: c.clientId, requiredClaims: ['sub', 'exp', 'iat'] }));
    } catch (err) {
      throw new SsoError('token', `id_token refused: ${String(err)}`);
    }
    if (claims.nonce !== flow.nonce) throw new SsoError('nonce', 'id_token nonce differs from the flow');
    const email = isText(claims.email) ? claims.email : undefined;
    return { subject: claims.sub!, email, emailVerified: claims.email_verified === true };
  }
}
