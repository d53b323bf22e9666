import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLOCKS, type ClockName } from '../../schemas/workorders/states';
import type { OrderRow } from '../../schemas/workorders/wire';

type Clock = OrderRow['clocks'][ClockName];

/** Business time as "2h 05m" / "35m". */
export function span(seconds: number): string {
  const s = Math.abs(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
}

function ClockTag({ name, clock }: { name: ClockName; clock: Clock }) {
  const { t } = useTranslation();
  const left = clock.targetSeconds - (clock.usedSeconds ?? 0);
  const [color, text] = clock.metTime
    ? clock.late ? ['orange', t('workOrders.clock.metLate')] : ['green', t('workOrders.clock.met')]
    : clock.running
      ? left < 0 || clock.late ? ['red', t('workOrders.clock.overdue', { time: span(left) })] : ['blue', t('workOrders.clock.left', { time: span(left) })]
      : ['default', t('workOrders.clock.paused')];
  const tip = clock.dueTime ? `${t('workOrders.fields.dueTime')}: ${clock.dueTime}` : clock.metTime ?? '';
  return (
    <Tooltip title={tip}>
      <Tag color={color} data-testid={`clock-${name}`} style={{ marginInlineEnd: 0 }}>{t(`workOrders.clock.${name}`)} · {text}</Tag>
    </Tooltip>
  );
}

/** All three SLA clocks of an order (not only the nearest): due in, overdue by, met, paused. */
export function Clocks({ order, vertical }: { order: OrderRow; vertical?: boolean }) {
  return (
    <Space size={4} direction={vertical ? 'vertical' : 'horizontal'} wrap>
      {CLOCKS.map((k) => <ClockTag key={k} name={k} clock={order.clocks[k]} />)}
    </Space>
  );
}

export const STATE_COLOR: Record<OrderRow['state'], string> = {
  new: 'blue', open: 'processing', pending_reminder: 'gold', pending_close: 'purple', resolved: 'green', closed: 'default', merged: 'default',
};
export const PRIORITY_COLOR: Record<OrderRow['priority'], string> = { low: 'default', normal: 'blue', high: 'orange', urgent: 'red' };

export function StateTag({ state }: { state: OrderRow['state'] }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]}>{t(`workOrders.state.${state}`)}</Tag>;
}
export function PriorityTag({ priority }: { priority: OrderRow['priority'] }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLOR[priority]}>{t(`workOrders.priority.${priority}`)}</Tag>;
}
