import { Card, Descriptions, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { unwrapList } from '../../../data-providers/envelope';
import type { ReportRow } from '../../../schemas/report-types';
import type callInfoByPhoneNo from '../../../schemas/reports/call-info-by-phone-no';
import { http } from '../../app/providers';
import { usePageTitle } from '../../shell/use-page-title';
import { readPopupQuery } from '../popup-path';
import { CallerOrders } from '../../workorders/CallerOrders';

/** A row of CallInfo/getCallInfoByPhoneNo, typed by its schema. */
type HistoryRow = ReportRow<typeof callInfoByPhoneNo>;

const COLUMNS = ['callTime', 'userSeatNo', 'answerTime', 'destroyTime', 'callSeconds'] as const satisfies readonly (keyof HistoryRow)[];

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
  const [rows, setRows] = useState<HistoryRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // Asked again for every call (a second call from the same number must not show the history as
  // it stood at the first one's ring); "previous calls" are the number's calls other than this one.
  useEffect(() => {
    setRows([]);
    setError(null);
    if (!call.phoneNum) return;
    let live = true;
    setLoading(true);
    http.post('/api/CallInfo/getCallInfoByPhoneNo', { phoneNo: call.phoneNum })
      .then((body) => live && setRows((unwrapList<HistoryRow>(body)?.data ?? []).filter((r) => r.callId !== call.callId)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [call.phoneNum, call.callId]);

  return (
    <Card title={t('phone.popup.title')} data-testid="call-popup">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
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
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table<HistoryRow>
        data-testid="call-popup-history"
        size="small"
        rowKey="callId"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('phone.popup.noHistory') }}
        columns={COLUMNS.map((key) => ({ key, dataIndex: key, title: t(`reports.columns.${key}`) }))}
      />
      <CallerOrders key={call.callId || call.phoneNum} prefill={{ phone: call.phoneNum, callId: call.callId, ivr: call.ivr, kind: 'consult' }} />
    </Card>
  );
}
