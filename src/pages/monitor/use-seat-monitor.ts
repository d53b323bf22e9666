import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetSession } from '../../app/reset-session';
import { tokenStore } from '../../lib/token';
import { connectMonitorStream, type StreamState } from './monitor-stream';
import { applyMonitorMessage, type SeatState } from './seat-state';

const STREAM_URL = `${import.meta.env.VITE_API_BASE ?? ''}/api/CallInfo/seatMonitorEvents`;

/**
 * The seats the caller may see, live: the server's seat monitor stream (a snapshot, then one
 * change per seat), as the monitor screen and the centre's home show them. A refused stream goes
 * to the 403 page; an ended login resets the session.
 */
export function useSeatMonitor(): { seats: SeatState; state: StreamState } {
  const { i18n } = useTranslation();
  const [seats, setSeats] = useState<SeatState>([]);
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => connectMonitorStream({
    url: STREAM_URL,
    getToken: () => tokenStore.get(),
    language: () => (i18n.language === 'en' ? 'en' : 'zh-CN'),
    onMessage: (msg) => setSeats((prev) => applyMonitorMessage(prev, msg)),
    onState: setState,
    onEnd: (why) => {
      if (why === 403) window.location.hash = '#/403';
      else resetSession();
    },
  }), [i18n]);
  return { seats, state };
}

/** The time now, ticking every second: one timer for a whole table of durations. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
