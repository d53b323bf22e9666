import type { AuthActionResponse, AuthProvider, CheckResponse } from '@refinedev/core';
import { QUIET, type Http } from './http';
import { ApiError } from './http-error';
import type { Translate } from './translate';
import { parseRouteList, ROUTES_PATH, type RouteItem } from './routes';
import { jsencryptFactory, rsaEncrypt, rsaLoginPayload, type EncryptorFactory } from './rsa';
import { hasSeat, parseUserInfo, type SessionUser } from './user-info';

export const AUTH_PATHS = {
  publicKey: '/publicKey',
  login: '/api/default/login',
  socialLogin: '/socialLogin',
  userInfo: '/api/default/GetUserInfo',
  logout: '/api/User/setLogout',
  /** The image verification code asked for once a user is past the failure threshold (contracts item 3). */
  captcha: '/api/VerifyCodeHelper/ObtainImageVerificationCode',
  /** Which ways in are open: registration (an administrator's setting), single sign-on (configured). */
  signupOptions: '/api/default/signupOptions',
  /** A new single sign-on flow: answers the provider's URL to send the browser to. */
  ssoStart: '/api/sso/start',
  register: '/register',
} as const;

/** What the provider needs from the session store; the app wires the zustand store in. */
export interface SessionPort {
  token(): string | null;
  user(): SessionUser;
  setToken(token: string): void;
  /** Stores the user and marks the session logged in (isLogin = 1). */
  setUser(user: SessionUser): void;
  /** Stores the user's route list (kept in memory only: it loads again with every page). */
  setRoutes(routes: RouteItem[]): void;
  /** Forgets token and user, staying on the page (a failed login). */
  clear(): void;
  /**
   * Forgets everything and replaces the page with a fresh console, which opens the login
   * page (spec: reset then reload). Callers must not navigate afterwards.
   */
  reset(): void;
}

export interface AuthDeps {
  http: Http;
  session: SessionPort;
  translate: Translate;
  encryptor?: EncryptorFactory;
}

/** The verification code's id and text go along only when the form shows the captcha. */
export type PasswordLogin = { username: string; password: string; verifyId?: string; verifyCode?: string };
/** The /callback page's query: the provider's code and the state it came back with. */
export type SocialLogin = { code: string; state: string };
export type LoginParams = PasswordLogin | SocialLogin;

/** ObtainImageVerificationCode's answer. */
export interface Captcha {
  verifyId: string;
  /** A data:image/svg+xml;base64 URL. */
  image: string;
  /** Seconds the code stays valid. */
  expiresIn: number;
}

/** A refused login; `captchaRequired` tells the form to show (or renew) the verification code. */
export class LoginRefused extends Error {
  constructor(message: string, readonly captchaRequired: boolean) {
    super(message);
  }
}

interface PublicKeyData {
  publicKey?: string;
  mockServer?: boolean;
  rsaLogin?: boolean;
}

/** A failure whose message is already the text the user should read. */
class LoginFailure extends Error {}

/** Any failed answer past the per-user threshold says so in `data.captchaRequired`. */
export function captchaRequired(error: unknown): boolean {
  const data = error instanceof ApiError ? (error as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null && (data as { captchaRequired?: unknown }).captchaRequired === true;
}

function loginErrorText(error: unknown, t: Translate): string {
  if (error instanceof LoginFailure) return error.message;
  if (error instanceof ApiError) {
    // The server's text says what the captcha needs ("enter a verification code", "wrong or expired").
    if (error.statusCode === 401 && captchaRequired(error)) return error.serverMsg ?? t('auth.captchaRequired');
    if (error.statusCode === 401) return t('auth.loginFailed');
    // A registration still waiting for its role and seat: the server's text says so.
    if (error.statusCode === 403) return error.serverMsg ?? error.message;
    if (error.statusCode === 429) return error.serverMsg ?? error.message;
    return error.message;
  }
  return error instanceof Error ? error.message : t('auth.loginFailed');
}

export function createAuthProvider({ http, session, translate: t, encryptor = jsencryptFactory }: AuthDeps): AuthProvider {
  // User info and routes load once per page load (spec: "on first navigation"), shared by concurrent checks.
  let userLoaded: Promise<void> | null = null;

  async function loginPassword(password: string): Promise<string> {
    const { data } = await http.get<PublicKeyData | null>(AUTH_PATHS.publicKey, QUIET);
    if (!data?.rsaLogin) return password;
    try {
      return await rsaEncrypt(rsaLoginPayload(password), data.publicKey ?? '', encryptor);
    } catch {
      throw new LoginFailure(t('auth.encryptFailed'));
    }
  }

  async function fetchUser(): Promise<SessionUser> {
    const { data } = await http.post<unknown>(AUTH_PATHS.userInfo, undefined, QUIET);
    const user = parseUserInfo(data);
    if (!user) throw new LoginFailure(t('auth.userInfoInvalid'));
    if (!hasSeat(user)) throw new LoginFailure(t('auth.noSeat'));
    return user;
  }

  async function fetchRoutes(): Promise<RouteItem[]> {
    const { data } = await http.post<unknown>(ROUTES_PATH, undefined, QUIET);
    const routes = parseRouteList(data);
    if (!routes) throw new LoginFailure(t('auth.routesInvalid'));
    return routes;
  }

  /** Both halves of a session, stored only when both arrived: half a session must not survive. */
  async function loadSession(): Promise<void> {
    const user = await fetchUser();
    const routes = await fetchRoutes();
    session.setUser(user);
    session.setRoutes(routes);
  }

  async function requestToken(params: LoginParams): Promise<string> {
    if ('code' in params) {
      let data: { token?: unknown } | null;
      try {
        ({ data } = await http.post<{ token?: unknown } | null>(AUTH_PATHS.socialLogin, { code: params.code, state: params.state }, QUIET));
      } catch (error) {
        // The server's words for the user (not linked, expired, not configured), never a developer's.
        throw new LoginFailure(error instanceof ApiError && error.statusCode !== 0 && error.statusCode < 500 && error.serverMsg ? error.serverMsg : t('callback.failed'));
      }
      if (typeof data?.token !== 'string' || !data.token) throw new LoginFailure(t('callback.failed'));
      return data.token;
    }
    const password = await loginPassword(params.password);
    const captcha = params.verifyId && params.verifyCode ? { verifyId: params.verifyId, verifyCode: params.verifyCode } : {};
    const { data } = await http.post<{ token?: unknown } | null>(
      AUTH_PATHS.login,
      { username: params.username, password, ...captcha },
      QUIET,
    );
    if (typeof data?.token !== 'string' || !data.token) throw new LoginFailure(t('auth.loginFailed'));
    return data.token;
  }

  return {
    async login(params: LoginParams): Promise<AuthActionResponse> {
      try {
        session.setToken(await requestToken(params));
        await loadSession();
        userLoaded = Promise.resolve();
        return { success: true, redirectTo: '/index' };
      } catch (cause) {
        // A token without a valid user must not survive: the next visit would skip the login page.
        session.clear();
        const error = new LoginRefused(loginErrorText(cause, t), captchaRequired(cause));
        error.name = t('auth.loginFailedTitle');
        return { success: false, error };
      }
    },

    async logout(): Promise<AuthActionResponse> {
      if (session.token()) {
        try {
          await http.post(AUTH_PATHS.logout, { userSeatNo: session.user().userSeatNo }, QUIET);
        } catch {
          // The server may already have dropped the token; logging out locally must still work.
        }
      }
      userLoaded = null;
      // No redirectTo: the reset replaces the page, and a hash change now would race the reload.
      session.reset();
      return { success: true };
    },

    async check(): Promise<CheckResponse> {
      if (!session.token()) return { authenticated: false, redirectTo: '/login' };
      try {
        await (userLoaded ??= loadSession());
        return { authenticated: true };
      } catch (error) {
        userLoaded = null;
        // An unreachable server says nothing about the session: keep it and retry on the next navigation.
        if (error instanceof ApiError && error.statusCode === 0) return { authenticated: true };
        session.reset();
        return { authenticated: false, redirectTo: '/login' };
      }
    },

    // Logout's reset opens the login page itself, so no redirect here either.
    async onError(error: { statusCode?: number } | null) {
      return error?.statusCode === 401 ? { logout: true } : {};
    },

    async getIdentity() {
      if (!session.token()) return null;
      const user = session.user();
      return { id: user.userId, name: user.userChineseName || user.username, avatar: user.avatar };
    },

    async getPermissions() {
      const { roles, ability } = session.user();
      return { roles, ability };
    },
  };
}
