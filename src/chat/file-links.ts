/**
 * Signed addresses of chat files for the inbox. An <img>, <audio> or download link cannot send
 * the Authorization header, and the login token must never go into a URL (history, logs, copied
 * links), so the inbox asks POST /api/File/links for a link per file and user, valid an hour.
 * Files asked for in the same moment (a conversation's images as it renders) go in one request,
 * and a link is reused until shortly before it expires; then the files still shown ask again.
 */
import { useEffect, useState } from 'react';
import { QUIET } from '../../data-providers/http';
import { http } from '../app/providers';
import { apiUrl } from '../lib/api-url';
import { tokenStore } from '../lib/token';
import { localExpiry, type FileLinksAnswer } from '../../schemas/signed-links';

/** This server's chat files: the content of image, file and sound messages. */
export const FILE_PATH = /^\/api\/File\/([A-Za-z0-9_-]+)$/i;

/** A link is renewed this long before it expires, so a shown file never points at a dead one. */
export const RENEW_BEFORE_MS = 5 * 60_000;
/** Most files one request asks for (the server's limit). */
const BATCH = 100;

interface Link { url: string; expMs: number }

/** Links are per user: the cache belongs to the login it was filled under. */
let owner: string | null = null;
const signed = new Map<string, Link>();
const asked = new Map<string, Promise<Link | null>>();
let queue: Array<{ id: string; resolve: (link: Link | null) => void }> = [];

async function send(part: typeof queue): Promise<void> {
  // Counted on this browser's clock from when it asked (schemas/signed-links.ts), whatever the server's clock says.
  const askedAt = Date.now();
  const answer = await http.post<FileLinksAnswer>('/api/File/links', { ids: part.map((p) => p.id) }, QUIET)
    .then((r) => r.data, () => null);
  for (const { id, resolve } of part) {
    asked.delete(id);
    const url = answer?.links[id];
    const link = url ? { url: apiUrl(url), expMs: localExpiry(askedAt, answer!.ttlSeconds) } : null;
    if (link) signed.set(id, link);
    resolve(link);
  }
}

function flush(): void {
  const all = queue;
  queue = [];
  for (let i = 0; i < all.length; i += BATCH) void send(all.slice(i, i + BATCH));
}

/** The signed link of file `id`, or null when the server gives none (the file is gone or not the caller's). */
export function fileLink(id: string, now = Date.now()): Promise<Link | null> {
  const login = tokenStore.get();
  if (login !== owner) {
    owner = login;
    signed.clear();
  }
  const have = signed.get(id);
  if (have && have.expMs - RENEW_BEFORE_MS > now) return Promise.resolve(have);
  let pending = asked.get(id);
  if (!pending) {
    pending = new Promise((resolve) => {
      if (queue.length === 0) setTimeout(flush, 0);
      queue.push({ id, resolve });
    });
    asked.set(id, pending);
  }
  return pending;
}

/**
 * The address to show a chat file from: undefined while its link is on the way, null when there
 * is none. Renewed before it expires for as long as the file is shown.
 */
export function useFileLink(path: string): string | null | undefined {
  const id = FILE_PATH.exec(path)?.[1];
  const [state, setState] = useState<{ id: string; url: string | null }>();
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => fileLink(id).then((link) => {
      if (!live) return;
      setState({ id, url: link?.url ?? null });
      if (link) timer = setTimeout(load, Math.max(link.expMs - RENEW_BEFORE_MS - Date.now(), 1000));
    });
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  if (!id) return null;
  return state?.id === id ? state.url : undefined;
}
