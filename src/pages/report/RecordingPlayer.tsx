import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUIET } from '../../../data-providers/http';
import { http } from '../../app/providers';
import { apiUrl } from '../../lib/api-url';
import { localExpiry, type RecordingLinkAnswer } from '../../../schemas/signed-links';

/** A recording on this server: the report column's path, `/api/recordings/<callId>`. */
const OWN_RECORDING = /^\/api\/recordings\/([^/?#]+)$/i;

/** The call a recording path names, or undefined for an address elsewhere (a user's own recordSrc). */
export function callIdOf(src: string): string | undefined {
  const m = OWN_RECORDING.exec(src);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

/** A link and when it runs out on this browser's clock (ms), counted from when it was asked for (schemas/signed-links.ts). */
interface Link { url: string; expMs: number }

/** A signed link that plays the call for a few minutes (POST /api/recordings/link); errors stay on this row, no redirect. */
async function askLink(callId: string, workOrderId?: number): Promise<Link> {
  const body = workOrderId === undefined ? { callId } : { callId, workOrderId };
  const askedAt = Date.now();
  const { data } = await http.post<RecordingLinkAnswer>('/api/recordings/link', body, QUIET);
  return { url: apiUrl(data.url), expMs: localExpiry(askedAt, data.ttlSeconds) };
}

const audioStyle = { height: 32, width: 240, maxWidth: '100%' } as const;

/**
 * A call's recording with play and seek. The login token never goes into the address: pressing
 * play asks the server for a signed link to this one call (so a report page of 50 rows asks
 * nothing up front), and the player then plays and seeks (range requests, 206) on it. A link
 * lasts minutes: when it runs out during a long listen, the player gets a new one and goes on
 * from the same second. An address on another server (a user's own recordSrc) plays as it is.
 * `workOrderId`: the call is played as one linked to that work order (whoever reaches the order
 * may hear it, whichever seat took it).
 */
export default function RecordingPlayer({ src, workOrderId }: { src: string; workOrderId?: number }) {
  const { t } = useTranslation();
  const callId = callIdOf(src);
  const [link, setLink] = useState<Link>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const resumeAt = useRef<number | null>(null);

  if (callId === undefined) {
    return <audio controls preload="none" src={src} aria-label={t('recording.player')} data-testid="recording-player" style={audioStyle} />;
  }

  const fetchLink = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setLink(await askLink(callId, workOrderId));
    } catch (err) {
      setLink(undefined);
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!link) {
    return (
      <Space size={4} wrap>
        <Button size="small" icon={<PlayCircleOutlined />} loading={busy} onClick={fetchLink} data-testid="recording-play">
          {t('recording.play')}
        </Button>
        {error && <Typography.Text type="danger" data-testid="recording-error">{error}</Typography.Text>}
      </Space>
    );
  }

  // Only an expired link is renewed (a few seconds early, for the request's own time): any other failure shows as the browser's.
  const onError = (e: SyntheticEvent<HTMLAudioElement>) => {
    if (Date.now() < link.expMs - 10_000) return;
    resumeAt.current = e.currentTarget.currentTime;
    void fetchLink();
  };
  const onLoadedMetadata = (e: SyntheticEvent<HTMLAudioElement>) => {
    if (resumeAt.current === null) return;
    e.currentTarget.currentTime = resumeAt.current;
    resumeAt.current = null;
  };

  return (
    <audio
      controls
      autoPlay
      src={link.url}
      onError={onError}
      onLoadedMetadata={onLoadedMetadata}
      aria-label={t('recording.player')}
      data-testid="recording-player"
      style={audioStyle}
    />
  );
}
