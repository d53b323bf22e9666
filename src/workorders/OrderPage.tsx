import { PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, DatePicker, Descriptions, Empty, Form, Input, Modal, Row, Segmented, Select, Space, Spin, Timeline, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PRIORITIES } from '../../schemas/workorders/states';
import type { LinkedCall, OrderEvent, OrderRow } from '../../schemas/workorders/wire';
import { ApiError } from '../../data-providers/http-error';
import { usePageTitle } from '../shell/use-page-title';
import { departmentName, orderApi } from './api';
import { Clocks, PriorityTag, StateTag } from './Clocks';
import CallBack from './CallBack';
import { CallOnTimeline, ChatOnTimeline } from './Linked';
import OrderFile from './OrderFile';
import { useOrderCatalogue } from './OrderForm';

type Edit = { state?: OrderRow['state']; pendingUntil?: Dayjs | null; priority?: OrderRow['priority']; ownerId?: number | null; title?: string; category?: string };
type NoteKind = 'note' | 'reply' | 'customer';

/**
 * One work order (/workorder/order/:id): its fields and kind's fields, all three SLA clocks,
 * the actions (state with its pending time, priority, owner, take, transfer, send back, merge),
 * the linked call with its recording, and the timeline with the composer for notes, replies
 * and the customer's words. A change made on an older copy is refused by the server (409): the
 * page then shows the current order.
 */
export default function OrderPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const id = Number(useParams().id);
  const { catalogue, dispatch } = useOrderCatalogue();
  const [order, setOrder] = useState<OrderRow>();
  const [events, setEvents] = useState<OrderEvent[]>([]);
  const [calls, setCalls] = useState<LinkedCall[]>();
  const [missing, setMissing] = useState(false);
  // While an action and the reload after it run, the edit form is locked: the reload refills it
  // from the server, which would silently undo a choice made in the meantime.
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Edit>();
  const state = Form.useWatch('state', form);
  const [noteKind, setNoteKind] = useState<NoteKind>('note');
  const [note, setNote] = useState('');
  const [dialog, setDialog] = useState<'transfer' | 'sendBack' | 'merge'>();
  const [dialogForm] = Form.useForm<{ departId?: number; reason?: string; into?: string }>();
  usePageTitle('workOrders.title');

  const show = useCallback((o: OrderRow) => {
    setOrder(o);
    form.setFieldsValue({ state: o.state, pendingUntil: o.pendingUntil ? dayjs(o.pendingUntil) : null, priority: o.priority, ownerId: o.ownerId, title: o.title, category: o.category });
  }, [form]);
  const load = useCallback(async () => {
    try {
      const got = await orderApi.get(id);
      show(got.order);
      setEvents(got.events);
      setCalls(await orderApi.linkedCalls(id));
    } catch (e) {
      if (e instanceof ApiError && e.statusCode === 404) setMissing(true);
      else message.error(e instanceof Error ? e.message : String(e));
    }
  }, [id, show, message]);
  useEffect(() => void load(), [load]);
  const reload = useCallback(() => void load(), [load]);

  /**
   * Runs an action, then reloads the order; a 409 that carries the current order shows it. A
   * check that failed (the form's own, or the server's on a field) sent or changed nothing: the
   * messages show under the fields and the user's choices stay, without a reload.
   */
  const act = async (run: () => Promise<unknown>, done = t('workOrders.saved')) => {
    setBusy(true);
    try {
      await run();
      if (done) message.success(done);
    } catch (e) {
      // A failed check keeps the user's choices, without a reload: the form's own (antd shows its
      // messages) or the server's, shown under their fields.
      if (typeof e === 'object' && e !== null && 'errorFields' in e) {
        setBusy(false);
        return;
      }
      const current = e instanceof ApiError && e.statusCode === 409 ? (e.data as { order?: OrderRow } | undefined)?.order : undefined;
      if (!current && e instanceof ApiError && e.errors) {
        form.setFields(Object.entries(e.errors).map(([name, err]) => ({ name: name as keyof Edit, errors: [String(err)] })));
        setBusy(false);
        return;
      }
      if (current) message.warning(t('workOrders.conflict'));
      else message.error(e instanceof Error ? e.message : String(e));
    }
    await load();
    setBusy(false);
  };

  if (missing) return <Card><Empty description={t('workOrders.notFound')} /></Card>;
  if (!order) return <Card><Spin /></Card>;

  const kind = catalogue?.kinds.find((k) => k.id === order.kind);
  const stateInfo = catalogue?.states.find((s) => s.id === order.state);
  const pending = state === 'pending_reminder' || state === 'pending_close';
  const final = order.state === 'merged';
  const save = () => act(async () => {
    const v = await form.validateFields();
    const changed: Record<string, unknown> = {};
    if (v.title !== order.title) changed.title = v.title;
    if ((v.category ?? '') !== order.category) changed.category = v.category ?? '';
    if (v.priority !== order.priority) changed.priority = v.priority;
    if ((v.ownerId ?? null) !== order.ownerId) changed.ownerId = v.ownerId ?? null;
    if (v.state !== order.state) changed.state = v.state;
    if (pending && v.pendingUntil) changed.pendingUntil = v.pendingUntil.format('YYYY-MM-DD HH:mm:ss');
    await orderApi.update({ id: order.id, version: order.version, ...changed });
  });
  const addNote = () => act(async () => {
    await orderApi.note({ id: order.id, body: note, internal: noteKind !== 'reply', fromCustomer: noteKind === 'customer' });
    setNote('');
  });
  const runDialog = () => act(async () => {
    const v = await dialogForm.validateFields();
    if (dialog === 'transfer') await orderApi.transfer(order.id, v.departId!, v.reason!);
    else if (dialog === 'sendBack') await orderApi.sendBack(order.id, v.reason!);
    else {
      const found = (await orderApi.list({ pageNo: 1, pageSize: 1, view: 'all', keyword: v.into! })).records[0];
      if (!found || found.orderNo !== v.into) throw new Error(t('workOrders.notFound'));
      await orderApi.merge(order.id, found.id);
    }
    setDialog(undefined);
    dialogForm.resetFields();
  });

  const eventText = (e: OrderEvent) => {
    const what = t(`workOrders.timeline.${e.type}`, { no: e.body });
    const changes = e.changes.map((c) => `${t(`workOrders.fields.${c.field === 'ownerId' ? 'owner' : c.field === 'departId' ? 'department' : c.field}`, { defaultValue: c.field })} ${t('workOrders.timeline.to')} ${fieldWord(c.field, c.to)}`);
    return [what, ...changes].join(' · ');
  };
  const fieldWord = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '-';
    if (field === 'state') return t(`workOrders.state.${String(v)}`);
    if (field === 'priority') return t(`workOrders.priority.${String(v)}`);
    if (field === 'ownerId') return dispatch?.owners.find((o) => o.value === v)?.label ?? String(v);
    if (field === 'departId') return dispatch?.departments.find((o) => o.value === v)?.label ?? String(v);
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={15}>
        <Card
          title={<Space wrap><Typography.Text strong data-testid="order-no">{order.orderNo}</Typography.Text><span>{order.title}</span><StateTag state={order.state} /><PriorityTag priority={order.priority} /></Space>}
          extra={!final && (
            <Space wrap>
              <CallBack order={order} changed={reload} />
              {order.ownerId === null && <Button type="primary" onClick={() => void act(() => orderApi.take(order.id), t('workOrders.actions.taken', { no: order.orderNo }))} data-testid="order-page-take">{t('workOrders.actions.take')}</Button>}
              <Button onClick={() => setDialog('transfer')}>{t('workOrders.actions.transfer')}</Button>
              {order.ownerId !== null && <Button onClick={() => setDialog('sendBack')}>{t('workOrders.actions.sendBack')}</Button>}
              <Button onClick={() => setDialog('merge')}>{t('workOrders.actions.merge')}</Button>
            </Space>
          )}
          data-testid="order-page"
        >
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('workOrders.fields.kind')}>{kind?.title ?? order.kind}</Descriptions.Item>
            <Descriptions.Item label={t('workOrders.fields.source')}>{t(`workOrders.source.${order.source}`)}</Descriptions.Item>
            <Descriptions.Item label={t('workOrders.fields.phone')}><span data-testid="order-phone-value">{order.phone || '-'}</span></Descriptions.Item>
            <Descriptions.Item label={t('workOrders.fields.customerName')}>{order.customerName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('workOrders.fields.creator')}>{order.creatorName}{order.creatorSeat ? ` (${order.creatorSeat})` : ''}</Descriptions.Item>
            <Descriptions.Item label={t('workOrders.fields.department')}>{departmentName(order, i18n.language) || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('workOrders.fields.owner')}><span data-testid="order-owner">{order.ownerName || '-'}</span></Descriptions.Item>
            <Descriptions.Item label={t('workOrders.fields.createTime')}>{order.createTime}</Descriptions.Item>
            {order.ivr ? <Descriptions.Item label={t('workOrders.fields.ivr')}>{order.ivr}</Descriptions.Item> : null}
            {order.pendingUntil ? <Descriptions.Item label={t('workOrders.fields.pendingUntil')}>{order.pendingUntil}</Descriptions.Item> : null}
            {kind && Object.entries(kind.fields).map(([name, f]) => (
              <Descriptions.Item key={name} label={f.title[lang]}><span data-testid={`order-kind-${name}`}>{String(order.fields[name] ?? '-')}</span></Descriptions.Item>
            ))}
            {order.callId ? <Descriptions.Item label={t('workOrders.fields.callId')}>{order.callId}</Descriptions.Item> : null}
            {order.chatId ? <Descriptions.Item label={t('workOrders.fields.chatId')}>{order.chatId}</Descriptions.Item> : null}
          </Descriptions>
          <div style={{ marginTop: 16 }}><Clocks order={order} /></div>
        </Card>
        <Card title={t('workOrders.timeline.title')} style={{ marginTop: 16 }}>
          <Timeline data-testid="order-timeline" items={events.map((e) => ({
            color: e.type === 'reply' ? 'green' : e.type === 'customer' ? 'orange' : e.type === 'reminder' ? 'red' : 'blue',
            children: (
              <div data-testid="order-event">
                <Typography.Text type="secondary">{e.time} · {e.userName || t('workOrders.timeline.system')}</Typography.Text>
                <div>{eventText(e)}</div>
                {e.type === 'file' && <OrderFile event={e} />}
                {e.callId && <CallOnTimeline callId={e.callId} calls={calls} orderId={order.id} />}
                {e.chatId && e.chatId === order.chatId && e.id === events.find((x) => x.chatId === order.chatId)?.id && <ChatOnTimeline orderId={order.id} />}
                {e.body && !['merged', 'mergedFrom', 'file'].includes(e.type) && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{e.body}</Typography.Paragraph>}
              </div>
            ),
          }))} />
          {!final && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Segmented<NoteKind> value={noteKind} onChange={setNoteKind} data-testid="order-note-kind"
                options={(['note', 'reply', 'customer'] as const).map((k) => ({ value: k, label: t(`workOrders.composer.${k}`) }))} />
              <Input.TextArea rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={10_000} placeholder={t('workOrders.composer.placeholder')} data-testid="order-note" />
              <Space wrap>
                <Button type="primary" disabled={!note.trim() || busy} onClick={() => void addNote()} data-testid="order-note-add">{t('workOrders.composer.send')}</Button>
                <Upload showUploadList={false} customRequest={({ file }) => void act(async () => {
                  const done = await orderApi.attach(order.id, file as File);
                  message.success(t('workOrders.files.attached', { name: done.name }));
                }, '')}>
                  <Button icon={<PaperClipOutlined />} data-testid="order-attach">{t('workOrders.files.attach')}</Button>
                </Upload>
              </Space>
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card title={t('workOrders.actions.edit')} style={{ marginBottom: 16 }}>
          <Form form={form} layout="vertical" disabled={final || busy} onFinish={() => void save()}>
            <Form.Item name="title" label={t('workOrders.fields.title')} rules={[{ required: true, max: 200 }]}><Input /></Form.Item>
            <Form.Item name="state" label={t('workOrders.fields.state')}>
              <Select data-testid="order-state" options={[order.state, ...(stateInfo?.to ?? [])].map((s) => ({ value: s, label: t(`workOrders.state.${s}`) }))} />
            </Form.Item>
            {pending && (
              <Form.Item name="pendingUntil" label={t('workOrders.fields.pendingUntil')} rules={[{ required: true, message: t('workOrders.pendingTimeNeeded') }]}>
                <DatePicker showTime style={{ width: '100%' }} data-testid="order-pending" />
              </Form.Item>
            )}
            <Form.Item name="priority" label={t('workOrders.fields.priority')}>
              <Select options={PRIORITIES.map((p) => ({ value: p, label: t(`workOrders.priority.${p}`) }))} />
            </Form.Item>
            <Form.Item name="ownerId" label={t('workOrders.fields.owner')}>
              <Select allowClear showSearch optionFilterProp="label" options={dispatch?.owners} />
            </Form.Item>
            <Form.Item name="category" label={t('workOrders.fields.category')} rules={[{ max: 64 }]}><Input /></Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="order-save">{t('workOrders.actions.save')}</Button>
          </Form>
        </Card>
      </Col>
      <Modal open={dialog !== undefined} title={dialog ? t(`workOrders.actions.${dialog}`) : ''} onCancel={() => setDialog(undefined)} onOk={() => void runDialog()}
        okText={t('workOrders.actions.apply')} cancelText={t('workOrders.actions.cancel')} destroyOnHidden>
        <Form form={dialogForm} layout="vertical">
          {dialog === 'transfer' && <Form.Item name="departId" label={t('workOrders.fields.department')} rules={[{ required: true }]}><Select options={dispatch?.departments.filter((d) => d.value !== order.departId)} /></Form.Item>}
          {dialog !== 'merge' && <Form.Item name="reason" label={t('workOrders.reason')} rules={[{ required: true, max: 500 }]}><Input.TextArea rows={2} /></Form.Item>}
          {dialog === 'merge' && <Form.Item name="into" label={t('workOrders.intoOrder')} rules={[{ required: true, pattern: /^\d{8}-\d{4,}$/ }]}><Input placeholder="20261125-0001" /></Form.Item>}
        </Form>
      </Modal>
    </Row>
  );
}
