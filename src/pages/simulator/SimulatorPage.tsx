import { Alert, Button, Card, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/providers';
import { usePageTitle } from '../../shell/use-page-title';
import { FIELD_PATTERNS } from '../../../schemas/protocol/phone';
import { WechatCustomerCard } from './WechatCustomerCard';

interface SeatOption { label: string; value: string }
interface RingForm { userSeatNo: string; phoneNo: string; ivr?: string }
type Outcome = { type: 'success' | 'error'; text: string } | null;

/** The IVR markers a demo dialplan sets (spec section 2: ivrcourt opens the court work order). */
const IVR_MARKERS = ['ivrcourt'];
// What the simulator route accepts as an IVR marker (server/telephony/sim/routes.ts).
const IVR_PATTERN = /^[A-Za-z0-9_]{0,32}$/;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Demo screen for administrators (issue 9 item 8): rings a seat with an incoming call from the
 * built-in switch simulator (POST /api/sim/incoming), and presses that seat's simulated phone
 * (answer, hang up), so a demo needs no SIP phone. Shows the server's answer: the call id, or why not.
 */
export default function SimulatorPage() {
  const { t } = useTranslation();
  usePageTitle('menu.simulator');
  const [form] = Form.useForm<RingForm>();
  const [seats, setSeats] = useState<SeatOption[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let live = true;
    http.post<SeatOption[]>('/api/userManagement/getSeatUserSeatOptions', {})
      .then(({ data }) => live && setSeats(Array.isArray(data) ? data : []))
      .catch((error: unknown) => live && setOutcome({ type: 'error', text: errorText(error) }));
    return () => {
      live = false;
    };
  }, []);

  const run = async (go: () => Promise<string>) => {
    setBusy(true);
    try {
      setOutcome({ type: 'success', text: await go() });
    } catch (error) {
      setOutcome({ type: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const ring = (values: RingForm) => run(async () => {
    const body = { userSeatNo: values.userSeatNo, phoneNo: values.phoneNo.trim(), ...(values.ivr ? { ivr: values.ivr } : {}) };
    const { data } = await http.post<{ callId: string }>('/api/sim/incoming', body);
    return t('simulator.rang', { seat: values.userSeatNo, callId: data?.callId ?? '' });
  });

  const press = (action: 'answer' | 'hangup') => {
    const userSeatNo = form.getFieldValue('userSeatNo') as string | undefined;
    // No seat picked: the form says so under the field.
    if (!userSeatNo) return void form.validateFields(['userSeatNo']).catch(() => undefined);
    return void run(async () => {
      await http.post(`/api/sim/${action}`, { userSeatNo });
      return t(`simulator.${action}Done`, { seat: userSeatNo });
    });
  };

  return (
    <Space direction="vertical" size="middle" style={{ display: 'flex' }}>
      <Card title={t('menu.simulator')} style={{ maxWidth: 640 }}>
        <Alert type="info" showIcon message={t('simulator.help')} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" onFinish={ring} initialValues={{ phoneNo: '13800138000' }} data-testid="simulator-form">
          <Form.Item name="userSeatNo" label={t('simulator.seat')} rules={[{ required: true, message: t('simulator.seatRequired') }]}>
            <Select showSearch optionFilterProp="label" options={seats} placeholder={t('simulator.seatPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="phoneNo"
            label={t('simulator.phoneNo')}
            rules={[{ required: true, message: t('simulator.phoneNoRequired') }, { pattern: FIELD_PATTERNS.number, message: t('simulator.phoneNoInvalid') }]}
          >
            <Input inputMode="tel" maxLength={33} />
          </Form.Item>
          <Form.Item name="ivr" label={t('simulator.ivr')} extra={t('simulator.ivrHelp')} rules={[{ pattern: IVR_PATTERN, message: t('simulator.ivrInvalid') }]}>
            <Select allowClear options={IVR_MARKERS.map((value) => ({ value, label: value }))} placeholder={t('simulator.ivrNone')} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={busy}>{t('simulator.ring')}</Button>
            <Button onClick={() => press('answer')} disabled={busy}>{t('simulator.answer')}</Button>
            <Button danger onClick={() => press('hangup')} disabled={busy}>{t('simulator.hangup')}</Button>
          </Space>
        </Form>
        {outcome && (
          <Alert type={outcome.type} showIcon message={outcome.text} style={{ marginTop: 16 }} data-testid="simulator-outcome" />
        )}
      </Card>
      <WechatCustomerCard />
    </Space>
  );
}
