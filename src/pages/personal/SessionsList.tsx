import { LogoutOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/providers';
import { relativeTime } from '../../lib/time';
import { deviceName } from '../../lib/user-agent';

/** One live session as userManagement/getMySessions answers it. */
interface OwnSession { id: string; device: string; ip: string; createTime: string; lastSeen: string; current: boolean }

/** The wire's 'YYYY-MM-DD HH:mm:ss' (server time) as a Date in the browser. */
const wireDate = (text: string) => new Date(text.replace(' ', 'T'));

/** The user's signed-in devices, with when each was last used, and "sign out other devices". */
export function SessionsList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<OwnSession[] | null>(null);
  const load = useCallback(() => {
    http.post<OwnSession[]>('/api/userManagement/getMySessions', {}).then(({ data }) => setRows(data), (err: Error) => message.error(err.message));
  }, [message]);
  useEffect(load, [load]);
  const logoutElsewhere = async () => {
    try {
      await http.post('/api/userManagement/logoutElsewhere', {});
      message.success(t('personal.loggedOutElsewhere'));
      load();
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  const now = new Date();
  const ago = (text: string) => {
    const { key, values } = relativeTime(wireDate(text), now);
    return <span title={text}>{t(key, values)}</span>;
  };
  const others = (rows ?? []).filter((r) => !r.current).length;
  return (
    <>
      <Table<OwnSession> rowKey="id" size="small" loading={rows === null} dataSource={rows ?? []} pagination={false} data-testid="sessions-table"
        columns={[
          { key: 'device', title: t('personal.device'), render: (_, r) => <><span title={r.device}>{r.device ? deviceName(r.device) : '-'}</span> {r.current ? <Tag color="green">{t('personal.current')}</Tag> : null}</> },
          { key: 'ip', title: t('personal.ip'), dataIndex: 'ip' },
          { key: 'createTime', title: t('personal.createTime'), dataIndex: 'createTime' },
          { key: 'lastSeen', title: t('personal.lastSeen'), render: (_, r) => ago(r.lastSeen) },
        ]} />
      <Popconfirm title={t('personal.logoutElsewhereConfirm')} onConfirm={() => void logoutElsewhere()} disabled={others === 0}>
        <Button icon={<LogoutOutlined />} danger disabled={others === 0} style={{ marginTop: 16 }} data-testid="logout-elsewhere">
          {others === 0 ? t('personal.noOtherSessions') : t('personal.logoutElsewhere')}
        </Button>
      </Popconfirm>
    </>
  );
}
