import { Card, Descriptions, Typography } from 'antd';
import { useNarrow } from '../../shell/use-narrow';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shell/use-page-title';
import { readPopupQuery } from '../popup-path';
import { CallerOrders } from '../../workorders/CallerOrders';
import { CallHistory } from '../CallHistory';

/**
 * The call pop-up at /popup/index (spec section 2), opened by an incoming or transferred call:
 * the caller's number, the seat, the IVR marker and the call id from the address, the caller's
 * latest calls, the caller's open work orders and "create work order" prefilled from the call.
 */
export default function CallPopup() {
  const { t } = useTranslation();
  usePageTitle('phone.popup.title');
  const [search] = useSearchParams();
  const call = readPopupQuery(search);
  // On a phone each label sits above its value: beside it, the label column was a character wide.
  const narrow = useNarrow();

  return (
    <Card title={t('phone.popup.title')} data-testid="call-popup">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered layout={narrow ? 'vertical' : 'horizontal'} data-testid="call-popup-details">
        <Descriptions.Item label={t('phone.popup.phoneNum')}>
          <Typography.Text strong copyable={!!call.phoneNum} data-testid="call-popup-number">{call.phoneNum}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('phone.popup.agentNum')}>{call.agentNum}</Descriptions.Item>
        <Descriptions.Item label={t('phone.popup.ivr')}>{call.ivr || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('phone.popup.callId')}>
          <Typography.Text ellipsis style={{ maxWidth: 240 }}>{call.callId || '-'}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('phone.popup.history')}</Typography.Title>
      {/* "Previous calls": the number's calls other than this one (a second call must not show the history as it stood at the first one's ring). */}
      <CallHistory phoneNo={call.phoneNum} exceptCallId={call.callId} testId="call-popup-history" />
      <CallerOrders key={call.callId || call.phoneNum} prefill={{ phone: call.phoneNum, callId: call.callId, ivr: call.ivr, kind: 'consult' }} />
    </Card>
  );
}
