import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Overview } from '../../schemas/workorders/wire';
import type { orderApi } from './api';
import { LIST_PATH } from './list-path';

export type OrderCounts = Awaited<ReturnType<typeof orderApi.counts>>;
const FIGURES = ['mine', 'queue', 'overdue', 'reminders', 'createdToday', 'closedToday'] as const;

/** The list a figure opens: its overview, or every order created or closed today (the server counts each as its list filters it). */
const figureLink = (k: (typeof FIGURES)[number]) =>
  k === 'createdToday' ? `${LIST_PATH}?view=all&today=created` : k === 'closedToday' ? `${LIST_PATH}?view=all&today=closed` : `${LIST_PATH}?view=${k satisfies Overview}`;

/**
 * Where a home table's rows go: as tall as its header and five small rows (the tables' page), as
 * antd draws them, so that the page does not move when the rows come (or an empty table's note).
 */
const LIST_MIN_HEIGHT = 239;

/**
 * The frame of a work-order department's home (WorkOrderHome.tsx): the six figure cards and the
 * two tables' cards, each table's place kept. It comes with the home page's own code, so that the
 * page is laid out at once and does not move when the queue's code, its counts and its rows come;
 * before them it shows "-" for each figure, and is busy (`busy`) until they come or fail.
 */
export function WorkOrderHomeFrame({ counts, queue, overdue, busy = true }: { counts?: OrderCounts | undefined; queue?: ReactNode; overdue?: ReactNode; busy?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = (k: (typeof FIGURES)[number]) => (k === 'createdToday' || k === 'closedToday' ? t(`workOrders.home.${k}`) : t(`workOrders.views.${k}`));
  return (
    <div data-testid="work-order-home" aria-busy={busy || undefined}>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {FIGURES.map((k) => (
          <Col key={k} xs={12} md={8} xl={4}>
            <Card hoverable onClick={() => void navigate(figureLink(k))} data-testid={`home-card-${k}`}>
              <Statistic title={label(k)} value={counts?.[k] ?? '-'} valueStyle={k === 'overdue' && (counts?.overdue ?? 0) > 0 ? { color: '#cf1322' } : undefined} data-testid={`home-${k}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('workOrders.views.queue')} size="small">
            <div style={{ minHeight: LIST_MIN_HEIGHT }}>{queue}</div>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('workOrders.views.overdue')} size="small">
            <div style={{ minHeight: LIST_MIN_HEIGHT }}>{overdue}</div>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
