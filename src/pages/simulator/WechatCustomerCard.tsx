import { Alert, Button, Card, Form, Input, List, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/providers';

interface AccountOption { label: string; value: number }
interface SendForm { accountId: number; customer: string; content: string }
type Outcome = { type: 'success' | 'error'; text: string } | null;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Demo (issue 23): writes as a customer of a WeChat account. The built-in fake platform pushes
 * the message, signed, to the server's push endpoint as the real platform would, so it reaches
 * the chat inbox through the channel's real path (POST /api/weixin/simulate).
 */
export function WechatCustomerCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SendForm>();
  const [accounts, setAccounts] = useState<AccountOption[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [received, setReceived] = useState<Array<{ msgtype: string; content: string }> | null>(null);

  useEffect(() => {
    let live = true;
    http.post<AccountOption[]>('/api/wechatAccount/getAccountOptions', {})
      .then(({ data }) => {
        if (!live) return;
        const list = Array.isArray(data) ? data : [];
        setAccounts(list);
        if (list[0] && form.getFieldValue('accountId') === undefined) form.setFieldValue('accountId', list[0].value);
      })
      .catch((error: unknown) => live && setOutcome({ type: 'error', text: errorText(error) }));
    return () => {
      live = false;
    };
  }, [form]);

  const send = async (values: SendForm) => {
    setBusy(true);
    try {
      await http.post('/api/weixin/simulate', { accountId: values.accountId, customer: values.customer.trim(), content: values.content });
      setOutcome({ type: 'success', text: t('simulator.wechatSent', { customer: values.customer.trim() }) });
      form.setFieldValue('content', '');
    } catch (error) {
      setOutcome({ type: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  /** What the customer got from the agents, as the fake platform recorded it. */
  const readReplies = async () => {
    const { accountId, customer } = form.getFieldsValue();
    if (!accountId) return;
    try {
      const { data } = await http.post<Array<{ msgtype: string; content: string }>>('/api/weixin/simulatorInbox', { accountId, customer: (customer ?? '').trim() });
      setReceived(Array.isArray(data) ? data : []);
    } catch (error) {
      setOutcome({ type: 'error', text: errorText(error) });
    }
  };

  return (
    <Card title={t('simulator.wechatTitle')} style={{ maxWidth: 640 }}>
      <Alert type="info" showIcon message={t('simulator.wechatHelp')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(v) => void send(v)} initialValues={{ customer: t('simulator.wechatCustomerDefault') }} data-testid="wechat-customer-form">
        <Form.Item name="accountId" label={t('simulator.wechatAccount')} rules={[{ required: true, message: t('simulator.wechatAccountRequired') }]}>
          <Select options={accounts} placeholder={t('simulator.wechatAccountRequired')} />
        </Form.Item>
        <Form.Item name="customer" label={t('simulator.wechatCustomer')} rules={[{ required: true, whitespace: true, message: t('simulator.wechatCustomerRequired') }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="content" label={t('simulator.wechatContent')} rules={[{ required: true, whitespace: true, message: t('simulator.wechatContentRequired') }]}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>{t('simulator.wechatSend')}</Button>
          <Button onClick={() => void readReplies()} data-testid="wechat-customer-replies">{t('simulator.wechatReplies')}</Button>
        </Space>
      </Form>
      {received && (
        <List
          size="small"
          style={{ marginTop: 16 }}
          header={t('simulator.wechatRepliesTitle')}
          dataSource={received}
          locale={{ emptyText: t('simulator.wechatNoReplies') }}
          data-testid="wechat-customer-received"
          renderItem={(r) => <List.Item>{r.msgtype === 'text' ? <Typography.Text>{r.content}</Typography.Text> : <Typography.Text type="secondary">{t('chat.kind.image')}</Typography.Text>}</List.Item>}
        />
      )}
      {outcome && <Alert type={outcome.type} showIcon message={outcome.text} style={{ marginTop: 16 }} data-testid="wechat-customer-outcome" />}
    </Card>
  );
}
