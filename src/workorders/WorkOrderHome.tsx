import { Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderRow } from '../../schemas/workorders/wire';
import { orderApi } from './api';
import { orderColumns } from './columns';
import { openLiveStream, useOrderLive } from './live';
import { WorkOrderHomeFrame, type OrderCounts } from './WorkOrderHomeFrame';

/**
 * The home of a work-order department's staff: their counts (mine, the department's queue,
 * overdue, reminders due, created and closed today), the oldest orders waiting in the queue
 * and the overdue ones, each opening its order; a figure opens the list on its overview, today's
 * figures the list of the orders created or closed today (each figure is its list's total). The
 * figures and tables follow the live counts (live.ts). Laid out in WorkOrderHomeFrame, which the
 * home shows until this code comes.
 */
export function WorkOrderHome() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [counts, setCounts] = useState<OrderCounts>();
  const [failed, setFailed] = useState(false);
  const [queue, setQueue] = useState<OrderRow[]>([]);
  const [overdue, setOverdue] = useState<OrderRow[]>([]);
  // Live (live.ts): the figures follow the stream's counts, and the two tables are read again when they change.
  useEffect(() => openLiveStream(() => (i18n.language === 'en' ? 'en' : 'zh-CN')), [i18n]);
  const live = useOrderLive((s) => s.counts);
  useEffect(() => {
    let current = true;
    void Promise.all([live ?? orderApi.counts(), orderApi.list({ pageNo: 1, pageSize: 5, view: 'queue' }), orderApi.list({ pageNo: 1, pageSize: 5, view: 'overdue' })])
      .then(([c, q, o]) => {
        if (!current) return;
        setCounts(c);
        setQueue(q.records);
        setOverdue(o.records);
        setFailed(false);
      })
      // The figures stay "-" and the tables as they were; the frame is no longer busy.
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [live]);
  const columns = orderColumns(t, (path: string) => void navigate(path));
  const table = (rows: OrderRow[], testId: string) => (
    <Table<OrderRow> size="small" rowKey="id" dataSource={rows} columns={columns} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('workOrders.empty') }} data-testid={testId} />
  );
  return <WorkOrderHomeFrame counts={counts} busy={!counts && !failed} queue={table(queue, 'home-queue-table')} overdue={table(overdue, 'home-overdue-table')} />;
}
