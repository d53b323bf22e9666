import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES } from '../../schemas/workorders/states';
import type { CreateOrder, OrderRow, OrderTemplate } from '../../schemas/workorders/wire';
import { ApiError } from '../../data-providers/http-error';
import { inLanguage, orderApi, type Catalogue, type DispatchOptions } from './api';

/** What the form starts with: a call's number, id and IVR, a chat's id, the kind the screen is for. */
export type OrderPrefill = Partial<Pick<CreateOrder, 'kind' | 'phone' | 'customerName' | 'source' | 'callId' | 'chatId' | 'ivr' | 'title' | 'description'>>;

interface Props {
  open: boolean;
  prefill?: OrderPrefill;
  onClose: () => void;
  onCreated: (order: OrderRow) => void;
}

type Values = Omit<CreateOrder, 'fields'> & { fields?: Record<string, string | Dayjs | undefined> };

/** Loads the kinds and where orders may go (departments named in the interface's language), once per form. */
export function useOrderCatalogue(): { catalogue?: Catalogue; dispatch?: DispatchOptions } {
  const [catalogue, setCatalogue] = useState<Catalogue>();
  const [loaded, setDispatch] = useState<DispatchOptions>();
  const { i18n } = useTranslation();
  const dispatch = useMemo(() => loaded && inLanguage(loaded, i18n.language), [loaded, i18n.language]);
  useEffect(() => {
    let live = true;
    void orderApi.catalogue().then((c) => live && setCatalogue(c));
    void orderApi.dispatch().then((d) => live && setDispatch(d));
    return () => {
      live = false;
    };
  }, []);
  return { catalogue, dispatch };
}

/**
 * The create form (a dialog): the common fields, the chosen kind's own fields (from its file),
 * and the department it goes to. Prefilled from a call or a chat; the server's field errors
 * show under their fields.
 */
export function OrderForm({ open, prefill, onClose, onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { catalogue, dispatch } = useOrderCatalogue();
  const [saving, setSaving] = useState(false);
  const kindId = Form.useWatch('kind', form) ?? prefill?.kind ?? 'consult';
  const kind = catalogue?.kinds.find((k) => k.id === kindId);
  const [templates, setTemplates] = useState<OrderTemplate[]>([]);
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    void orderApi.templates().then((list) => live && setTemplates(list), () => live && setTemplates([]));
    return () => {
      live = false;
    };
  }, [open]);
  /** A template fills what it holds; what it leaves empty stays as typed (a call's number). */
  const applyTemplate = (id: number | undefined) => {
    const tpl = templates.find((x) => x.id === id);
    if (!tpl) return;
    const typed = (form.getFieldValue('description') as string | undefined) ?? '';
    const fieldsOfKind = catalogue?.kinds.find((k) => k.id === tpl.kind)?.fields ?? {};
    const fields = Object.fromEntries(Object.entries(tpl.fields).map(([k, v]) => [k, fieldsOfKind[k]?.format === 'date' && typeof v === 'string' ? dayjs(v) : String(v)]));
    form.setFieldsValue({
      kind: tpl.kind, title: tpl.title, priority: tpl.priority, fields,
      ...(tpl.category ? { category: tpl.category } : {}),
      // The description is the template's unless someone wrote one (a chat's transcript, the agent's words).
      ...(tpl.description && (!typed || templates.some((x) => x.description === typed)) ? { description: tpl.description } : {}),
    });
  };

  // Fresh values each time the dialog opens, and only then: what the user typed since stays when the
  // kinds and departments arrive, and when the screen around the dialog renders again (a chat's
  // prefill is a new object on each of its messages: a title being typed was wiped by the next one).
  const prefillNow = useRef(prefill);
  prefillNow.current = prefill;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ source: 'phone', priority: 'normal', ...prefillNow.current, kind: prefillNow.current?.kind ?? 'consult' });
  }, [open, form]);
  // A call from an IVR branch opens on that branch's kind, unless a kind was given or chosen meanwhile.
  useEffect(() => {
    const ivr = prefillNow.current?.ivr;
    const kindOfIvr = catalogue?.kinds.find((k) => k.ivr && k.ivr === ivr)?.id;
    if (open && kindOfIvr && !prefillNow.current?.kind && !form.isFieldTouched('kind')) form.setFieldsValue({ kind: kindOfIvr });
  }, [open, catalogue, form]);
  // The first department the user may send to, unless one was chosen meanwhile.
  useEffect(() => {
    const first = dispatch?.departments[0]?.value;
    if (open && first !== undefined && form.getFieldValue('departId') === undefined) form.setFieldsValue({ departId: first });
  }, [open, dispatch, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const fields = Object.fromEntries(Object.entries(values.fields ?? {})
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v])) as Record<string, string>;
    const body = Object.fromEntries(Object.entries({ ...prefill, ...values, fields }).filter(([, v]) => v !== undefined && v !== '')) as CreateOrder;
    setSaving(true);
    try {
      const order = await orderApi.create(body);
      message.success(t('workOrders.created', { no: order.orderNo }));
      onCreated(order);
    } catch (e) {
      if (e instanceof ApiError && e.errors) {
        form.setFields(Object.entries(e.errors).map(([name, errors]) => ({ name: name.split('.') as never, errors: [String(errors)] })));
      } else message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={t('workOrders.create')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving}
      okText={t('workOrders.actions.save')} cancelText={t('workOrders.actions.cancel')} destroyOnHidden width={640} data-testid="order-form"
      okButtonProps={{ 'data-testid': 'order-form-save' }}>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="kind" label={t('workOrders.fields.kind')} rules={[{ required: true }]}>
          <Select options={catalogue?.kinds.map((k) => ({ value: k.id, label: k.title }))} data-testid="order-kind" />
        </Form.Item>
        {templates.some((x) => x.kind === kindId) && (
          <Form.Item label={t('workOrders.templates.use')}>
            <Select allowClear placeholder={t('workOrders.templates.choose')} onChange={applyTemplate} data-testid="order-template"
              options={templates.filter((x) => x.kind === kindId).map((x) => ({ value: x.id, label: x.name }))} />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('workOrders.fields.title')} rules={[{ required: true, max: 200 }]}>
          <Input data-testid="order-title" />
        </Form.Item>
        <Form.Item name="phone" label={t('workOrders.fields.phone')} rules={[{ max: 32, pattern: /^[0-9+*#-]*$/ }]}>
          <Input data-testid="order-phone" />
        </Form.Item>
        <Form.Item name="customerName" label={t('workOrders.fields.customerName')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        {kind && Object.entries(kind.fields).map(([name, f]) => (
          <Form.Item key={`${kind.id}.${name}`} name={['fields', name]} label={f.title[lang]}
            rules={[{ required: kind.required.includes(name), max: f.maxLength }]}>
            {f.format === 'date' ? <DatePicker style={{ width: '100%' }} data-testid={`order-field-${name}`} /> : <Input data-testid={`order-field-${name}`} />}
          </Form.Item>
        ))}
        <Form.Item name="priority" label={t('workOrders.fields.priority')}>
          <Select options={PRIORITIES.map((p) => ({ value: p, label: t(`workOrders.priority.${p}`) }))} />
        </Form.Item>
        <Form.Item name="category" label={t('workOrders.fields.category')} rules={[{ max: 64 }]}>
          <Input data-testid="order-category" />
        </Form.Item>
        <Form.Item name="departId" label={t('workOrders.fields.department')}>
          <Select allowClear options={dispatch?.departments} data-testid="order-department" />
        </Form.Item>
        <Form.Item name="description" label={t('workOrders.fields.description')} rules={[{ max: 10_000 }]}>
          <Input.TextArea rows={4} data-testid="order-description" />
        </Form.Item>
        <Form.Item name="source" hidden><Input /></Form.Item>
      </Form>
    </Modal>
  );
}
