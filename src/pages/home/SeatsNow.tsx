import { Badge, Card, Col, Empty, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_LIMITS } from '../../../schemas/home';
import { clockText } from '../../lib/time';
import { elapsed, monitorCounts, shownStatus, statusColor, statusKey, type SeatRow } from '../monitor/seat-state';
import { overLimit } from './over-limit';
import { useNow, useSeatMonitor } from '../monitor/use-seat-monitor';
import { Tile, Tiles } from './FigureTile';

export const MONITOR_PATH = '/reportcall/seatmonitor';

/**
 * The centre's seats now, live from the seat monitor's stream (the same rows and counters as
 * the monitor screen, which each tile opens), and the agents past a status limit.
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
            <Table<SeatRow>
              size="small" rowKey="userSeatNo" pagination={false} dataSource={late}
              onRow={() => ({ onClick: () => (window.location.hash = `#${MONITOR_PATH}`), style: { cursor: 'pointer' } })}
              columns={[
                { key: 'seat', title: t('home.overLimit.columns.seat'), dataIndex: 'userSeatNo', width: 90 },
                { key: 'name', title: t('home.overLimit.columns.name'), dataIndex: 'userChineseName' },
                {
                  key: 'status', title: t('home.overLimit.columns.status'),
                  render: (_: unknown, row: SeatRow) => {
                    const { status } = shownStatus(row);
                    return <Tag color={statusColor(status)}>{t(statusKey(status, row.reason))}</Tag>;
                  },
                },
                {
                  key: 'since', title: t('home.overLimit.columns.since'),
                  render: (_: unknown, row: SeatRow) => {
                    const limit = STATUS_LIMITS[shownStatus(row).status ?? -1] ?? 0;
                    return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{elapsed(row.since ?? '', now)} ({t('home.overLimit.limit', { limit: clockText(limit) })})</span>;
                  },
                },
              ]}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
