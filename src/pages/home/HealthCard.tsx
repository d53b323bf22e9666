import { Alert, Badge, Card, Descriptions, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HEALTH_LISTS, HOME_REFRESH_MS, type Health } from '../../../schemas/home';
import type { Catalogue } from '../report/catalogue';
import { useFigureLink } from './FigureTile';
import { homeApi, usePolled } from './home-api';

const GIB = 1024 ** 3;
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
  const items = (x: Health) => [
    { key: 'database', label: t('home.health.database'), children: state(x.database.ok, x.database.ok ? t('home.health.ok', { engine: x.database.engine, ms: x.database.ms }) : t('home.health.down')) },
    {
      key: 'switchLink', label: t('home.health.switchLink'),
      children: state(x.switchLink === 'ready' && x.linkedProcesses === x.processes,
        `${t(`home.health.links.${x.switchLink}`, { defaultValue: x.switchLink })} · ${t('home.health.linkedOf', { linked: x.linkedProcesses, processes: x.processes })}`),
    },
    { key: 'processes', label: t('home.health.processes'), children: linked(processesLink, 'processes', state(x.processes > 0, String(x.processes))) },
    { key: 'phoneSockets', label: t('home.health.phoneSockets'), children: String(x.phoneSockets) },
    { key: 'chatSockets', label: t('home.health.chatSockets'), children: String(x.chatSockets) },
    { key: 'errorsLastHour', label: t('home.health.errorsLastHour'), children: linked(errorsLink, 'errors', state(x.errorsLastHour === 0, String(x.errorsLastHour))) },
    {
      key: 'recordings', label: t('home.health.recordings'),
      children: x.recordings.freeBytes === null || x.recordings.totalBytes === null
        ? state(null, t('home.health.unknown'))
        : state(x.recordings.freeBytes > 0.1 * x.recordings.totalBytes, t('home.health.freeOf', { free: size(x.recordings.freeBytes), total: size(x.recordings.totalBytes) })),
    },
  ];
  return (
    <Card size="small" title={t('home.groups.health')} data-testid="home-health" loading={!h && !error}>
      {error !== undefined && !h && <Alert type="error" showIcon message={t('home.failed', { message: (error as Error).message })} />}
      {h && <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} items={items(h)} />}
    </Card>
  );
}
