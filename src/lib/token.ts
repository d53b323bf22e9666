/**
 * The bearer token lives in its own localStorage key ('token', as the spec's saved
 * settings list it) so the HTTP client can read it without touching React or the
 * session store.
 */
const TOKEN_KEY = 'token';

export const tokenStore = {
  get(): string | null {
    return localStorage.getItem(TOKEN_KEY) || null;
  },
  set(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
  },
};
