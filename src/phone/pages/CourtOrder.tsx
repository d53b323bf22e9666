import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shell/use-page-title';
import { readPopupQuery } from '../popup-path';
import { CallerOrders } from '../../workorders/CallerOrders';

/**
 * /workorder/courtOrder (spec section 2): opened instead of the call pop-up when the IVR marks
 * a call `ivrcourt`: the call's values, the caller's open orders, and the court order's form
 * opened at once, prefilled with the number and the IVR.
 */
export default function CourtOrder() {
  const { t } = useTranslation();
  usePageTitle('phone.courtOrder.title');
  const [search] = useSearchParams();
  const call = readPopupQuery(search);
  return (
    <Card title={t('phone.courtOrder.title')} data-testid="court-order">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('phone.popup.phoneNum')}>
          <Typography.Text strong data-testid="court-order-number">{call.phoneNum}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('phone.popup.agentNum')}>{call.agentNum}</Descriptions.Item>
        <Descriptions.Item label={t('phone.popup.ivr')}>{call.ivr}</Descriptions.Item>
      </Descriptions>
      <CallerOrders key={call.phoneNum} prefill={{ phone: call.phoneNum, ivr: call.ivr, kind: 'court' }} openForm={!!call.phoneNum} />
    </Card>
  );
}
