import { Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrapList } from '../../data-providers/envelope';
import type { ReportRow } from '../../schemas/report-types';
import type callInfoByPhoneNo from '../../schemas/reports/call-info-by-phone-no';
import { http } from '../app/providers';

/** A row of CallInfo/getCallInfoByPhoneNo, typed by its schema. */
type HistoryRow = ReportRow<typeof callInfoByPhoneNo>;

const COLUMNS = ['callTime', 'userSeatNo', 'answerTime', 'destroyTime', 'callSeconds'] as const satisfies readonly (keyof HistoryRow)[];

/**
 * A customer's latest calls by their number (CallInfo/getCallInfoByPhoneNo; agents see their own
 * seat's), on the call pop-up and in a chat's customer panel. Asked again whenever the number or
 * the current call changes; `exceptCallId` (the call ringing now) is left out.
 */
export function CallHistory({ phoneNo, exceptCallId, testId }: { phoneNo: string; exceptCallId?: string; testId: string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<HistoryRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    setRows([]);
    setError(null);
    if (!phoneNo) return;
    let live = true;
    setLoading(true);
    http.post('/api/CallInfo/getCallInfoByPhoneNo', { phoneNo })
      .then((body) => live && setRows((unwrapList<HistoryRow>(body)?.data ?? []).filter((r) => r.callId !== exceptCallId)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [phoneNo, exceptCallId]);

  return (
    <>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Table<HistoryRow>
        data-testid={testId}
        size="small"
        rowKey="callId"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('phone.popup.noHistory') }}
        columns={COLUMNS.map((key) => ({ key, dataIndex: key, title: t(`reports.columns.${key}`) }))}
      />
    </>
  );
}
