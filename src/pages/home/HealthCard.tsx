import { Alert, Badge, Card, Descriptions, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HEALTH_LISTS, HOME_REFRESH_MS, type Health } from '../../../schemas/home';
import type { Catalogue } from '../report/catalogue';
import { useFigureLink } from './FigureTile';
import { homeApi, usePolled } from './home-api';

const GIB = 1024 ** 3;
/** The health card's rows, in order. */
const ROWS = ['database', 'switchLink', 'processes', 'phoneSockets', 'chatSockets', 'errorsLastHour', 'recordings'] as const;
type Row = (typeof ROWS)[number];
/** A row's text line (antd's 14 px at 1.5715): a value's placeholder is no taller, so the card keeps its height when the values come. */
const LINE = 22;
const size = (bytes: number) => (bytes >= GIB ? `${(bytes / GIB).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);

/**
 * The administrator's system health (POST api/Home/getHealth), read again with the figures. The
 * processes and the errors open their lists (the server processes with each one's switch link;
 * the last day's errors).
 */
export function HealthCard({ catalogue }: { catalogue: Catalogue | undefined }) {
  const { t } = useTranslation();
  const { data: h, error } = usePolled(homeApi.health, HOME_REFRESH_MS);
  const linkOf = useFigureLink(catalogue);
  const linked = (to: string | undefined, id: string, children: ReactNode) => (to ? <Link to={to} data-testid={`home-health-${id}`}>{children}</Link> : children);
  const processesLink = linkOf(HEALTH_LISTS.processes, {});
  const errorsLink = linkOf(HEALTH_LISTS.errors, {});
  const state = (good: boolean | null, text: string) => (
    <Space size={6}>
      <Badge status={good === null ? 'default' : good ? 'success' : 'error'} />
      {text}
    </Space>
  );
  const items = (x: Health) => ({
    database: state(x.database.ok, x.database.ok ? t('home.health.ok', { engine: x.database.engine, ms: x.database.ms }) : t('home.health.down')),
    switchLink: state(x.switchLink === 'ready' && x.linkedProcesses === x.processes,
      `${t(`home.health.links.${x.switchLink}`, { defaultValue: x.switchLink })} · ${t('home.health.linkedOf', { linked: x.linkedProcesses, processes: x.processes })}`),
    processes: linked(processesLink, 'processes', state(x.processes > 0, String(x.processes))),
    phoneSockets: String(x.phoneSockets),
    chatSockets: String(x.chatSockets),
    errorsLastHour: linked(errorsLink, 'errors', state(x.errorsLastHour === 0, String(x.errorsLastHour))),
    recordings: x.recordings.freeBytes === null || x.recordings.totalBytes === null
      ? state(null, t('home.health.unknown'))
      : state(x.recordings.freeBytes > 0.1 * x.recordings.totalBytes, t('home.health.freeOf', { free: size(x.recordings.freeBytes), total: size(x.recordings.totalBytes) })),
  });
  // Until the first answer, the same rows with their values to come: the figures below do not move when it arrives.
  const values: Record<Row, ReactNode> | undefined = h && items(h);
  const rows = ROWS.map((key) => ({ key, label: t(`home.health.${key}`), children: values ? values[key] : <Skeleton.Input active size="small" style={{ height: LINE }} /> }));
  return (
    <Card size="small" title={t('home.groups.health')} data-testid="home-health" aria-busy={!h && !error ? true : undefined}>
      {error !== undefined && !h && <Alert type="error" showIcon message={t('home.failed', { message: (error as Error).message })} />}
      {(h || error === undefined) && <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} items={rows} />}
    </Card>
  );
}
