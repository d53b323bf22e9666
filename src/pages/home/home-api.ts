import { useEffect, useState } from 'react';
import { http } from '../../app/providers';
import type { HomeAnswer, Health } from '../../../schemas/home';

/** The home's API (server/home/routes.ts), typed by the wire schemas of schemas/home.ts. */
export const homeApi = {
  home: async () => (await http.post<HomeAnswer>('/api/Home/getHome', {})).data,
  health: async () => (await http.post<Health>('/api/Home/getHealth', {})).data,
};

/**
 * What `read` answers, read again every `everyMs` while the screen is open (the figures move with
 * every call; the seats follow their own stream). The last answer stays up while the next comes;
 * a failed read keeps it and shows the error.
 */
export function usePolled<T>(read: () => Promise<T>, everyMs: number, enabled = true): { data?: T; error?: unknown; at?: Date } {
  const [state, setState] = useState<{ data?: T; error?: unknown; at?: Date }>({});
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    const run = () => read().then(
      (data) => live && setState({ data, at: new Date() }),
      (error: unknown) => live && setState((prev) => ({ ...prev, error })),
    );
    void run();
    const timer = setInterval(() => void run(), everyMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [read, everyMs, enabled]);
  return state;
}
