import { Badge, Card, Col, Empty, Row, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorCounts } from '../monitor/seat-state';
import { overLimit } from './over-limit';
import { useNow, useSeatMonitor } from '../monitor/use-seat-monitor';
import { Tile, Tiles } from './FigureTile';
import { MONITOR_PATH } from './monitor-path';

// Antd's table comes only when an agent is past a limit.
const LateSeats = lazy(() => import('./LateSeats'));

/**
 * The centre's seats now, live from the seat monitor's stream (the same rows and counters as
 * the monitor screen, which each tile opens), and the agents past a status limit. The page lays
 * it out at once (the seat card below it does not move when it comes).
 */
export function SeatsNow() {
  const { t } = useTranslation();
  const { seats, state } = useSeatMonitor();
  const now = useNow();
  const counts = monitorCounts(seats);
  const late = overLimit(seats, now);
  const live = <Badge status={state === 'live' ? 'success' : 'processing'} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={<>{live} {t('home.groups.seats')}</>} size="small" style={{ height: '100%' }} data-testid="home-seats">
          <Tiles>
            {(['ready', 'busy', 'notReady', 'loggedOut'] as const).map((k) => (
              <Tile key={k} id={`seats-${k}`} title={t(`home.seats.${k}`)} value={state === 'connecting' ? '-' : counts[k]} link={MONITOR_PATH} hint={t('home.seats.openMonitor')} />
            ))}
          </Tiles>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('home.groups.overLimit')} size="small" style={{ height: '100%' }} data-testid="home-over-limit">
          {late.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.overLimit.none')} />
          ) : (
            <Suspense fallback={<Skeleton active paragraph={{ rows: late.length }} title={false} />}>
              <LateSeats late={late} now={now} />
            </Suspense>
          )}
        </Card>
      </Col>
    </Row>
  );
}
