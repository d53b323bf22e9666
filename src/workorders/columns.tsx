import { Typography, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { OrderRow } from '../../schemas/workorders/wire';
import { orderPath } from './api';
import { Clocks, StateTag } from './Clocks';

/** The columns every order table starts with: number (opens the order), title, state and the three clocks. */
export function orderColumns(t: TFunction, open: (path: string) => void): TableColumnType<OrderRow>[] {
  return [
    { key: 'orderNo', title: t('workOrders.fields.orderNo'), render: (_, r) => <Typography.Link onClick={() => open(orderPath(r.id))} data-testid="order-link">{r.orderNo}</Typography.Link> },
    { key: 'title', title: t('workOrders.fields.title'), dataIndex: 'title', ellipsis: true, width: 240 },
    { key: 'state', title: t('workOrders.fields.state'), render: (_, r) => <StateTag state={r.state} /> },
    { key: 'clocks', title: t('workOrders.fields.clocks'), render: (_, r) => <Clocks order={r} /> },
  ];
}
