import { App, Button, Input, Modal, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../app/providers';
import { phoneStore } from './phone';
import type { Alert } from './rules';
import type { IdleAgent } from '../../schemas/protocol/idle-agent';


/**
 * The transfer dialog (spec section 2): the idle agents (name, extension, action: transfer,
 * consult first (attended transfer: complete or cancel from the bar), or bring in as a third party) and a transfer to a typed extension. The rules of spec section 5
 * (empty extension, the default 60011) run in the store.
 */
export function TransferDialog({ open, onClose, onAlert }: { open: boolean; onClose: () => void; onAlert: (alert: Alert | null) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [agents, setAgents] = useState<IdleAgent[]>([]);
  const [loading, setLoading] = useState(false);
  const [extension, setExtension] = useState('');

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    http.post<IdleAgent[]>('/api/User/getIdleUserInfo', {})
      .then(({ data }) => live && setAgents(Array.isArray(data) ? data : []))
      .catch((error: unknown) => live && void message.error(error instanceof Error ? error.message : String(error)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, message]);

  const run = (go: () => Promise<Alert | null>) => {
    void go().then((alert) => {
      onAlert(alert);
      if (!alert) onClose();
    }, (error: unknown) => void message.error(error instanceof Error ? error.message : String(error)));
  };
  const transfer = (target: { extension: string; userSeatNo?: string }) => run(() => phoneStore.getState().transfer(target));
  const threeWay = (target: { extension: string; userSeatNo?: string }) => run(() => phoneStore.getState().threeWay(target));
  const consult = (target: { extension: string; userSeatNo?: string }) => run(() => phoneStore.getState().consult(target));

  return (
    <Modal title={t('phone.transfer.title')} open={open} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <Table<IdleAgent>
        data-testid="phone-idle-agents"
        size="small"
        rowKey="userSeatNo"
        loading={loading}
        dataSource={agents}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{ emptyText: t('phone.transfer.empty') }}
        columns={[
          { title: t('phone.transfer.name'), dataIndex: 'userChineseName' },
          { title: t('phone.transfer.extension'), dataIndex: 'fjh', width: 110 },
          {
            title: t('phone.transfer.action'),
            width: 240,
            render: (_, row) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => transfer({ extension: row.fjh, userSeatNo: row.userSeatNo })}>{t('phone.transfer.transfer')}</Button>
                <Button size="small" type="link" onClick={() => consult({ extension: row.fjh, userSeatNo: row.userSeatNo })}>{t('phone.transfer.consult')}</Button>
                <Button size="small" type="link" onClick={() => threeWay({ extension: row.fjh, userSeatNo: row.userSeatNo })}>{t('phone.transfer.threeWay')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <Space.Compact style={{ width: '100%', marginTop: 16 }}>
        <Input
          data-testid="phone-transfer-extension"
          aria-label={t('phone.transfer.extensionPlaceholder')}
          placeholder={t('phone.transfer.extensionPlaceholder')}
          value={extension}
          onChange={(e) => setExtension(e.target.value)}
          onPressEnter={() => transfer({ extension })}
          inputMode="numeric"
        />
        <Button type="primary" data-testid="phone-transfer-to-extension" onClick={() => transfer({ extension })}>{t('phone.transfer.toExtension')}</Button>
      </Space.Compact>
    </Modal>
  );
}

// The phone bar loads it on demand (lazyDialog: the module's default export).
export default TransferDialog;
