import { Button, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderRow } from '../../schemas/workorders/wire';
import { orderApi, orderPath } from './api';
import { orderColumns } from './columns';
import { OrderForm, type OrderPrefill } from './OrderForm';

const OPEN_STATES = ['new', 'open', 'pending_reminder', 'pending_close', 'resolved'] as const;

/**
 * On a call's pop-up and the court-order screen: the caller's open work orders, and "create
 * work order" prefilled from the call (number, call id, IVR; the kind the IVR asks for).
 * `openForm`: the form opens at once (the court-order screen is the form).
 */
export function CallerOrders({ prefill, openForm = false }: { prefill: OrderPrefill; openForm?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<OrderRow[]>([]);
  const [creating, setCreating] = useState(openForm);
  const phone = prefill.phone ?? '';

  useEffect(() => {
    setRows([]);
    if (!phone) return;
    let live = true;
    void orderApi.list({ pageNo: 1, pageSize: 10, view: 'all', phone, state: [...OPEN_STATES] }).then((r) => live && setRows(r.records)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [phone]);

  return (
    <div data-testid="caller-orders">
      <Space style={{ marginTop: 24, marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>{t('workOrders.callerOrders')}</Typography.Title>
        <Button type="primary" size="small" onClick={() => setCreating(true)} data-testid="popup-create-order">{t('workOrders.createFromCall')}</Button>
      </Space>
      <Table<OrderRow>
        size="small"
        rowKey="id"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('workOrders.noOrders') }}
        columns={orderColumns(t, (path) => void navigate(path))}
      />
      <OrderForm open={creating} prefill={{ source: 'phone', ...prefill }} onClose={() => setCreating(false)} onCreated={(o) => { setCreating(false); navigate(orderPath(o.id)); }} />
    </div>
  );
}
