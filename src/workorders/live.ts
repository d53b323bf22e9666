import { create } from 'zustand';
import type { OrderCounts, OrderNotice } from '../../schemas/workorders/wire';
import { tokenStore } from '../lib/token';
import { connectMonitorStream } from '../pages/monitor/monitor-stream';

/**
 * The work orders' live counts and notices in the browser (issue 21 item 5): one event stream
 * per page (GET /api/WorkOrder/events, the seat monitor's stream client), opened while some
 * screen uses it (the menu's badges, the work-order home, the list) and closed after the last.
 * The server sends the counts at once and again whenever a change concerns the user, in any
 * process; a notice (mention, assignment, reminder due) as it comes, to the listeners.
 */
export const LIVE_URL = '/api/WorkOrder/events';

interface LiveState {
  counts?: OrderCounts;
}

export const useOrderLive = create<LiveState>(() => ({}));

const noticeListeners = new Set<(n: OrderNotice) => void>();
let users = 0;
let stop: (() => void) | undefined;

/** Starts the stream for one user of it (language: the page's); the returned function ends that use. */
export function openLiveStream(language: () => string): () => void {
  users += 1;
  stop ??= connectMonitorStream<OrderCounts | OrderNotice>({
    url: LIVE_URL,
    events: ['counts', 'notice'],
    getToken: () => tokenStore.get(),
    language,
    onMessage: (data, event) => {
      if (event === 'counts') useOrderLive.setState({ counts: data as OrderCounts });
      else for (const listener of noticeListeners) listener(data as OrderNotice);
    },
    onState: () => undefined,
    // The login ended: the page's own requests meet the 401 and sign out; nothing to do here.
    onEnd: () => undefined,
  });
  return () => {
    users -= 1;
    if (users === 0) {
      stop?.();
      stop = undefined;
      useOrderLive.setState({ counts: undefined });
    }
  };
}

/** Listens for notices; the returned function stops listening. */
export function onNotice(listener: (n: OrderNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}
