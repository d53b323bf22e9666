import { App, Badge, Button, Card, DatePicker, Form, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PRIORITIES, SETTABLE_STATES } from '../../schemas/workorders/states';
import { OVERVIEWS, type BulkBody, type ListBody, type OrderRow, type Overview } from '../../schemas/workorders/wire';
import { usePageTitle } from '../shell/use-page-title';
import { departmentName, orderApi, orderPath } from './api';
import { PriorityTag } from './Clocks';
import { orderColumns } from './columns';
import { OrderForm } from './OrderForm';
import { useOrderLive } from './live';
import TemplatesButton from './Templates';

const PAGE_SIZE = 20;

/**
 * The work-order list (/workorder/consultorder): the overviews as tabs with their counts (mine,
 * the department's queue, overdue, reminders due, created by me, all), filters, all three SLA
 * clocks per order, taking from the queue, bulk changes on a selection, and the create form.
 */
export default function OrderListPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  usePageTitle('workOrders.title');
  const navigate = useNavigate();
  // The overview to open on: ?view= (a home page's figure), else the user's own orders.
  const [search] = useSearchParams();
  const asked = search.get('view') as Overview | null;
  const [view, setView] = useState<Overview>(asked && (OVERVIEWS as readonly string[]).includes(asked) ? asked : 'mine');
  const [filters, setFilters] = useState<Pick<ListBody, 'state' | 'priority' | 'keyword'>>({});
  // ?today=created|closed (the home's figures for today): a filter shown as a tag until closed.
  const askedToday = search.get('today');
  const [today, setToday] = useState<ListBody['today']>(askedToday === 'created' || askedToday === 'closed' ? askedToday : undefined);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<OrderRow[]>([]);
  const [total, setTotal] = useState(0);
  const [counts, setCounts] = useState<Partial<Record<Overview, number>>>({});
  const [loading, setLoading] = useState(false);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk] = Form.useForm<{ state?: BulkBody['state']; priority?: OrderRow['priority']; pendingUntil?: Dayjs }>();
  const bulkState = Form.useWatch('state', bulk);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [list, c] = await Promise.all([orderApi.list({ pageNo: page, pageSize: PAGE_SIZE, view, ...filters, ...(today ? { today } : {}) }), orderApi.counts()]);
      setRows(list.records);
      setTotal(list.total);
      setCounts(c);
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }, [page, view, filters, today, message]);
  useEffect(() => void load(), [load]);
  // Live counts (live.ts): the tabs follow them, and the page reads its rows again when they change.
  const live = useOrderLive((st) => st.counts);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (live) void loadRef.current();
  }, [live]);

  const take = async (order: OrderRow) => {
    try {
      await orderApi.take(order.id);
      message.success(t('workOrders.actions.taken', { no: order.orderNo }));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
    void load();
  };

  const applyBulk = async () => {
    const v = await bulk.validateFields();
    try {
      await orderApi.bulk({ ids: selected, ...(v.state ? { state: v.state } : {}), ...(v.priority ? { priority: v.priority } : {}),
        ...(v.pendingUntil ? { pendingUntil: v.pendingUntil.format('YYYY-MM-DD HH:mm:ss') } : {}) });
      message.success(t('workOrders.saved'));
      setSelected([]);
      bulk.resetFields();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
    void load();
  };
  const pendingBulk = bulkState === 'pending_reminder' || bulkState === 'pending_close';

  return (
    <Card title={t('workOrders.title')} extra={<Space><TemplatesButton /><Button type="primary" onClick={() => setCreating(true)} data-testid="order-create">{t('workOrders.create')}</Button></Space>}>
      <Tabs activeKey={view} onChange={(k) => { setView(k as Overview); setPage(1); setSelected([]); }} data-testid="order-views"
        items={OVERVIEWS.map((v) => ({ key: v, label: <Space size={6}>{t(`workOrders.views.${v}`)}{v !== 'all' && <Badge count={counts[v] ?? 0} showZero color={v === 'overdue' ? 'red' : '#1677ff'} overflowCount={999} />}</Space> }))} />
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={(v: typeof filters) => { setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '' && !(Array.isArray(x) && !x.length)))); setPage(1); }}>
        <Form.Item name="keyword"><Input allowClear placeholder={t('workOrders.filters.keyword')} style={{ width: 220 }} data-testid="order-keyword" /></Form.Item>
        <Form.Item name="state"><Select mode="multiple" allowClear placeholder={t('workOrders.filters.state')} style={{ minWidth: 180 }}
          options={[...SETTABLE_STATES, 'merged' as const].map((s) => ({ value: s, label: t(`workOrders.state.${s}`) }))} /></Form.Item>
        <Form.Item name="priority"><Select allowClear placeholder={t('workOrders.filters.priority')} style={{ width: 120 }}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`workOrders.priority.${p}`) }))} /></Form.Item>
        <Form.Item><Button htmlType="submit" type="primary">{t('workOrders.filters.search')}</Button></Form.Item>
        {today && <Form.Item><Tag closable color="blue" onClose={() => { setToday(undefined); setPage(1); }} data-testid="order-today">{t(`workOrders.home.${today}Today`)}</Tag></Form.Item>}
      </Form>
      {selected.length > 0 && (
        <Form form={bulk} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} data-testid="order-bulk">
          <Typography.Text strong style={{ marginRight: 12, lineHeight: '32px' }}>{t('workOrders.actions.bulk', { count: selected.length })}</Typography.Text>
          <Form.Item name="state"><Select allowClear placeholder={t('workOrders.fields.state')} style={{ width: 150 }}
            options={SETTABLE_STATES.map((s) => ({ value: s, label: t(`workOrders.state.${s}`) }))} /></Form.Item>
          {pendingBulk && (
            <Form.Item name="pendingUntil" rules={[{ required: true, message: t('workOrders.pendingTimeNeeded') }]}>
              <DatePicker showTime placeholder={t('workOrders.fields.pendingUntil')} />
            </Form.Item>
          )}
          <Form.Item name="priority"><Select allowClear placeholder={t('workOrders.fields.priority')} style={{ width: 120 }}
            options={PRIORITIES.map((p) => ({ value: p, label: t(`workOrders.priority.${p}`) }))} /></Form.Item>
          <Button onClick={() => void applyBulk()}>{t('workOrders.actions.apply')}</Button>
        </Form>
      )}
      <Table<OrderRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        data-testid="order-table"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('workOrders.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showTotal: (n) => t('workOrders.total', { count: n }), showSizeChanger: false }}
        onRow={(r) => ({ onDoubleClick: () => navigate(orderPath(r.id)) })}
        columns={[
          ...orderColumns(t, (path) => void navigate(path)),
          { key: 'priority', title: t('workOrders.fields.priority'), render: (_, r) => <PriorityTag priority={r.priority} /> },
          { key: 'phone', title: t('workOrders.fields.phone'), dataIndex: 'phone' },
          { key: 'owner', title: t('workOrders.fields.owner'), render: (_, r) => r.ownerName || (r.ownerId === null && (r.state === 'new' || r.state === 'open')
            ? <Button size="small" onClick={() => void take(r)} data-testid="order-take">{t('workOrders.actions.take')}</Button> : '') },
          { key: 'department', title: t('workOrders.fields.department'), render: (_, r) => departmentName(r, i18n.language) },
          { key: 'createTime', title: t('workOrders.fields.createTime'), dataIndex: 'createTime' },
        ]}
      />
      <OrderForm open={creating} onClose={() => setCreating(false)} onCreated={(o) => { setCreating(false); navigate(orderPath(o.id)); }} />
    </Card>
  );
}
