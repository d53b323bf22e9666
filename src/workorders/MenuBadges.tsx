import { App, Badge, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Overview } from '../../schemas/workorders/wire';
import { orderPath } from './api';
import { onNotice, openLiveStream, useOrderLive } from './live';

/** The overviews counted on the menu entry, each in its colour (antd's status colours). */
const BADGES: readonly [Overview, string][] = [['mine', '#1677ff'], ['queue', '#13c2c2'], ['overdue', '#ff4d4f'], ['reminders', '#fa8c16']];

/**
 * The work-order menu entry's badges (issue 21 item 5): the user's own orders, the department's
 * queue, overdue orders and reminders due, each shown when not zero, live (live.ts); and a
 * notice (mention, assignment, reminder due) pops up as an antd notification that opens its order.
 */
export function WorkOrderMenuBadges() {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const counts = useOrderLive((s) => s.counts);
  useEffect(() => openLiveStream(() => (i18n.language === 'en' ? 'en' : 'zh-CN')), [i18n]);
  useEffect(() => onNotice((n) => {
    notification.info({
      key: `work-order-notice-${n.id}`,
      message: t(`workOrders.notices.${n.kind}`, { no: n.orderNo }),
      description: n.title,
      onClick: () => {
        notification.destroy(`work-order-notice-${n.id}`);
        void navigate(orderPath(n.orderId));
      },
      style: { cursor: 'pointer' },
      props: { 'data-testid': 'work-order-notice' },
    });
  }), [notification, navigate, t]);
  if (!counts) return null;
  return (
    <Space size={2} style={{ marginInlineStart: 8 }} data-testid="work-order-badges">
      {BADGES.map(([view, color]) => (
        <span key={view} title={`${t(`workOrders.views.${view}`)}: ${counts[view]}`} data-testid={`menu-badge-${view}`} data-count={counts[view]}>
          <Badge count={counts[view]} color={color} size="small" overflowCount={99} />
        </span>
      ))}
    </Space>
  );
}
