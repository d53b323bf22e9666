import { App, Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES } from '../../schemas/workorders/states';
import type { OrderTemplate, TemplateBody } from '../../schemas/workorders/wire';
import { useSession } from '../app/session';
import { ApiError } from '../../data-providers/http-error';
import { orderApi } from './api';
import { PriorityTag } from './Clocks';
import { useOrderCatalogue } from './OrderForm';

type Values = Omit<TemplateBody, 'fields'> & { fields?: Record<string, string | Dayjs | undefined> };

/**
 * Templates for common orders (issue 21 item 5), an administrator's list per kind: a drawer from
 * the work-order list with the templates and a dialog to add or change one (title, category,
 * priority, description and the kind's own fields, none of them required). The create form
 * offers a kind's templates to fill itself from.
 */
export default function TemplatesButton() {
  const admin = useSession((s) => s.roles).includes('admin');
  return admin ? <TemplatesAdmin /> : null;
}

function TemplatesAdmin() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const { catalogue } = useOrderCatalogue();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<OrderTemplate[]>([]);
  const [editing, setEditing] = useState<Partial<OrderTemplate>>();
  const [form] = Form.useForm<Values>();
  const kindId = Form.useWatch('kind', form);
  const kind = catalogue?.kinds.find((k) => k.id === kindId);

  const load = useCallback(async () => setList(await orderApi.templates()), []);
  useEffect(() => {
    if (open) void load().catch((e: unknown) => message.error(e instanceof Error ? e.message : String(e)));
  }, [open, load, message]);
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const fields = Object.fromEntries(Object.entries(editing.fields ?? {}).map(([k, v]) => [k, /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? dayjs(String(v)) : String(v)]));
    form.setFieldsValue({ priority: 'normal', kind: catalogue?.kinds[0]?.id, ...editing, fields });
  }, [editing, form, catalogue]);

  const save = async () => {
    const v = await form.validateFields();
    const fields = Object.fromEntries(Object.entries(v.fields ?? {})
      .filter(([, x]) => x !== undefined && x !== '')
      .map(([k, x]) => [k, dayjs.isDayjs(x) ? x.format('YYYY-MM-DD') : x])) as Record<string, string>;
    try {
      await orderApi.saveTemplate({ ...v, ...(editing?.id ? { id: editing.id } : {}), fields, category: v.category ?? '', description: v.description ?? '' });
      message.success(t('workOrders.saved'));
      setEditing(undefined);
      await load();
    } catch (e) {
      if (e instanceof ApiError && e.errors) form.setFields(Object.entries(e.errors).map(([name, err]) => ({ name: name.split('.') as never, errors: [String(err)] })));
      else message.error(e instanceof Error ? e.message : String(e));
    }
  };
  const remove = async (id: number) => {
    try {
      await orderApi.deleteTemplate(id);
      await load();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };
  const kindTitle = (id: string) => catalogue?.kinds.find((k) => k.id === id)?.title ?? id;

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="order-templates">{t('workOrders.templates.manage')}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} width={760} title={t('workOrders.templates.title')} data-testid="order-templates-drawer"
        extra={<Button type="primary" onClick={() => setEditing({})} data-testid="order-template-add">{t('workOrders.templates.add')}</Button>}>
        <Table<OrderTemplate> rowKey="id" size="small" dataSource={list} pagination={false} data-testid="order-templates-table"
          columns={[
            { title: t('workOrders.fields.kind'), dataIndex: 'kind', render: kindTitle },
            { title: t('workOrders.templates.name'), dataIndex: 'name' },
            { title: t('workOrders.fields.title'), dataIndex: 'title' },
            { title: t('workOrders.fields.priority'), dataIndex: 'priority', render: (p: OrderTemplate['priority']) => <PriorityTag priority={p} /> },
            {
              title: t('workOrders.templates.actions'), key: 'actions', render: (_, r) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(r)} data-testid="order-template-edit">{t('workOrders.templates.edit')}</Button>
                  <Popconfirm title={t('workOrders.templates.confirmDelete', { name: r.name })} onConfirm={() => void remove(r.id)}
                    okText={t('workOrders.actions.apply')} cancelText={t('workOrders.actions.cancel')}>
                    <Button size="small" danger data-testid="order-template-delete">{t('workOrders.templates.delete')}</Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]} />
      </Drawer>
      <Modal open={editing !== undefined} title={editing?.id ? t('workOrders.templates.edit') : t('workOrders.templates.add')} onCancel={() => setEditing(undefined)}
        onOk={() => void save()} okText={t('workOrders.actions.save')} cancelText={t('workOrders.actions.cancel')} destroyOnHidden width={640}
        okButtonProps={{ 'data-testid': 'order-template-save' }} data-testid="order-template-form">
        <Form form={form} layout="vertical">
          <Form.Item name="kind" label={t('workOrders.fields.kind')} rules={[{ required: true }]}>
            <Select options={catalogue?.kinds.map((k) => ({ value: k.id, label: k.title }))} />
          </Form.Item>
          <Form.Item name="name" label={t('workOrders.templates.name')} rules={[{ required: true, max: 64 }]}><Input data-testid="order-template-name" /></Form.Item>
          <Form.Item name="title" label={t('workOrders.fields.title')} rules={[{ required: true, max: 200 }]}><Input data-testid="order-template-title" /></Form.Item>
          <Form.Item name="category" label={t('workOrders.fields.category')} rules={[{ max: 64 }]}><Input data-testid="order-template-category" /></Form.Item>
          <Form.Item name="priority" label={t('workOrders.fields.priority')}>
            <Select options={PRIORITIES.map((p) => ({ value: p, label: t(`workOrders.priority.${p}`) }))} data-testid="order-template-priority" />
          </Form.Item>
          {kind && Object.entries(kind.fields).map(([name, f]) => (
            <Form.Item key={`${kind.id}.${name}`} name={['fields', name]} label={f.title[lang]} rules={[{ max: f.maxLength }]}>
              {f.format === 'date' ? <DatePicker style={{ width: '100%' }} /> : <Input data-testid={`order-template-field-${name}`} />}
            </Form.Item>
          ))}
          <Form.Item name="description" label={t('workOrders.fields.description')} rules={[{ max: 10_000 }]}><Input.TextArea rows={3} data-testid="order-template-description" /></Form.Item>
          <Form.Item name="sortOrder" label={t('workOrders.templates.sortOrder')}><InputNumber min={0} max={100_000} /></Form.Item>
        </Form>
      </Modal>
    </>
  );
}
