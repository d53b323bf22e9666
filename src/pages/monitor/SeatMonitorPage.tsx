import { Alert, Badge, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/use-page-title';
import { useNarrow } from '../../shell/use-narrow';
import type { StreamState } from './monitor-stream';
import { elapsed, monitorCounts, shownStatus, statusColor, statusKey, type SeatRow } from './seat-state';
import { useNow, useSeatMonitor } from './use-seat-monitor';

const BADGE: Record<StreamState, 'processing' | 'success' | 'warning' | 'default'> = {
  connecting: 'processing', live: 'success', reconnecting: 'warning', ended: 'default',
};

/**
 * Live seat monitor for supervisors: every seat's status (ready green, others red), how long
 * it has been in it, and its current call, kept up to date by the server's event stream
 * (a snapshot, then one change per seat); shows when the stream is reconnecting.
 */
export default function SeatMonitorPage() {
  const { t } = useTranslation();
  usePageTitle('menu.seatMonitor');
  const { seats, state } = useSeatMonitor();
  const now = useNow();

  // On a phone the columns take what they need, so seat, name and status fit the screen and the rest scrolls.
  const narrow = useNarrow();
  const columns: ColumnsType<SeatRow> = [
    { key: 'seat', title: t('monitor.columns.userSeatNo'), dataIndex: 'userSeatNo', width: narrow ? undefined : 110 },
    { key: 'name', title: t('monitor.columns.userChineseName'), dataIndex: 'userChineseName' },
    {
      key: 'status', title: t('monitor.columns.status'), width: narrow ? undefined : 220,
      render: (_: unknown, row: SeatRow) => {
        const { status, absent } = shownStatus(row);
        return (
          <Space size={4} wrap data-testid={`monitor-status-${row.userSeatNo}`}>
            <Tag color={statusColor(status)}>{t(statusKey(status, row.reason))}</Tag>
            {absent && <Tag>{t('monitor.absent')}</Tag>}
          </Space>
        );
      },
    },
    {
      key: 'since', title: t('monitor.columns.since'), width: narrow ? undefined : 120,
      render: (_: unknown, row: SeatRow) => {
        const since = shownStatus(row).status === null ? null : row.since;
        return since ? <span title={since} style={{ fontVariantNumeric: 'tabular-nums' }}>{elapsed(since, now)}</span> : '—';
      },
    },
    { key: 'phone', title: t('monitor.columns.phoneNo'), dataIndex: 'phoneNo', render: (phone: string | null) => phone || '—' },
  ];
  const counts = monitorCounts(seats);

  return (
    <Card
      title={t('monitor.title')}
      extra={<Badge status={BADGE[state]} text={t(`monitor.stream.${state}`)} data-testid="monitor-stream-state" />}
    >
      {state === 'reconnecting' && <Alert type="warning" showIcon message={t('monitor.reconnecting')} style={{ marginBottom: 16 }} />}
      <Space size={narrow ? 'middle' : 'large'} wrap style={{ marginBottom: 16, whiteSpace: 'nowrap' }} data-testid="monitor-summary">
        <Typography.Text>{t('monitor.summary.seats', { count: counts.seats })}</Typography.Text>
        <Typography.Text type="success" data-testid="monitor-count-ready">{t('monitor.summary.ready', { count: counts.ready })}</Typography.Text>
        <Tooltip title={t('monitor.summary.hint')}>
          <Typography.Text type="danger" data-testid="monitor-count-busy">{t('monitor.summary.busy', { count: counts.busy })}</Typography.Text>
        </Tooltip>
        <Typography.Text type="warning" data-testid="monitor-count-not-ready">{t('monitor.summary.notReady', { count: counts.notReady })}</Typography.Text>
        <Typography.Text type="secondary" data-testid="monitor-count-logged-out">{t('monitor.summary.loggedOut', { count: counts.loggedOut })}</Typography.Text>
      </Space>
      <Table<SeatRow>
        rowKey="userSeatNo"
        size="middle"
        columns={columns}
        dataSource={[...seats]}
        pagination={false}
        loading={state === 'connecting'}
        scroll={{ x: narrow ? 'max-content' : 600 }}
        data-testid="seat-monitor-table"
      />
    </Card>
  );
}
