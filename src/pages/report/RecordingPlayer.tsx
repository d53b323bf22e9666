import { useTranslation } from 'react-i18next';
import { tokenStore } from '../../lib/token';

/** Where the API is when the console is served from elsewhere (the HTTP client's base, src/app/providers.ts). */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/**
 * The URL an <audio> element plays a recording from: the path (a report's recording column, or
 * the session user's recordSrc + callId) with the token as a query parameter, because an audio
 * element cannot send an Authorization header. A path on this server gets the API base.
 */
export function recordingUrl(path: string, token: string | null): string {
  const url = path.startsWith('/') ? `${API_BASE}${path}` : path;
  return token ? `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : url;
}

/**
 * A call's recording with play and seek. preload="none": a report page of 50 rows must not fetch
 * 50 recordings; the server answers the range requests seeking makes (206).
 */
export default function RecordingPlayer({ src }: { src: string }) {
  const { t } = useTranslation();
  return (
    <audio
      controls
      preload="none"
      src={recordingUrl(src, tokenStore.get())}
      aria-label={t('recording.player')}
      data-testid="recording-player"
      style={{ height: 32, width: 240, maxWidth: '100%' }}
    />
  );
}
