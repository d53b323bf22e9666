import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_LIMITS } from '../../../schemas/home';
import { clockText } from '../../lib/time';
import { elapsed, shownStatus, statusColor, statusKey, type SeatRow } from '../monitor/seat-state';
import { MONITOR_PATH } from './monitor-path';

/** The agents past their status's limit (home, "over the limit"): each row opens the seat monitor. */
export default function LateSeats({ late, now }: { late: SeatRow[]; now: number }) {
  const { t } = useTranslation();
  return (
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
  );
}
