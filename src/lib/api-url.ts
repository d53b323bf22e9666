/** Where the API is when the console is served from elsewhere (the HTTP client's base, src/app/providers.ts). */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** An address for an element's src: a path on this server gets the API base; a full URL stays as it is. */
export const apiUrl = (path: string): string => (path.startsWith('/') ? `${API_BASE}${path}` : path);

/** ws(s)://<api host><path>?<params>: the socket beside the API (the API base's host, else this page's). */
export function socketAddress(path: string, params: Record<string, string>): string {
  const base = new URL(API_BASE || '/', window.location.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = `${base.pathname.replace(/\/$/, '')}${path}`;
  base.search = new URLSearchParams(params).toString();
  return base.toString();
}
