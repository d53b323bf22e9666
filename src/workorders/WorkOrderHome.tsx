import { Card, Col, Row, Statistic, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderRow, Overview } from '../../schemas/workorders/wire';
import { orderApi } from './api';
import { orderColumns } from './columns';
import { LIST_PATH } from './list-path';
import { openLiveStream, useOrderLive } from './live';

type Counts = Awaited<ReturnType<typeof orderApi.counts>>;
const FIGURES = ['mine', 'queue', 'overdue', 'reminders', 'createdToday', 'closedToday'] as const;

/** The list a figure opens: its overview, or every order created or closed today (the server counts each as its list filters it). */
const figureLink = (k: (typeof FIGURES)[number]) =>
  k === 'createdToday' ? `${LIST_PATH}?view=all&today=created` : k === 'closedToday' ? `${LIST_PATH}?view=all&today=closed` : `${LIST_PATH}?view=${k satisfies Overview}`;

/**
 * The home of a work-order department's staff: their counts (mine, the department's queue,
 * overdue, reminders due, created and closed today), the oldest orders waiting in the queue
 * and the overdue ones, each opening its order; a figure opens the list on its overview, today's
 * figures the list of the orders created or closed today (each figure is its list's total). The
 * figures and tables follow the live counts (live.ts).
 */
export function WorkOrderHome() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [counts, setCounts] = useState<Counts>();
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
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [live]);
  const open = (path: string) => void navigate(path);
  const columns = orderColumns(t, open);
  const label = (k: (typeof FIGURES)[number]) => (k === 'createdToday' || k === 'closedToday' ? t(`workOrders.home.${k}`) : t(`workOrders.views.${k}`));
  return (
    <div data-testid="work-order-home">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {FIGURES.map((k) => (
          <Col key={k} xs={12} md={8} xl={4}>
            <Card hoverable onClick={() => open(figureLink(k))} data-testid={`home-card-${k}`}>
              <Statistic title={label(k)} value={counts?.[k] ?? '-'} valueStyle={k === 'overdue' && (counts?.overdue ?? 0) > 0 ? { color: '#cf1322' } : undefined} data-testid={`home-${k}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('workOrders.views.queue')} size="small">
            <Table<OrderRow> size="small" rowKey="id" dataSource={queue} columns={columns} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('workOrders.empty') }} data-testid="home-queue-table" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('workOrders.views.overdue')} size="small">
            <Table<OrderRow> size="small" rowKey="id" dataSource={overdue} columns={columns} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('workOrders.empty') }} data-testid="home-overdue-table" />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
