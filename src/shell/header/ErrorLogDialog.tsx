import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from './error-log';

/** The error log's dialog (spec section 8): the recorded errors with their routes, and a clear action. Loads when first opened. */
export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { errors, clear } = useErrorLog();
  return (
    <Modal
      open={open}
      title={t('header.errorLogTitle')}
      width={760}
      onCancel={onClose}
      footer={[
        <Button key="clear" danger onClick={() => { clear(); onClose(); }} data-testid="error-log-clear">{t('header.errorLogClear')}</Button>,
      ]}
    >
      <Table
        data-testid="error-log-table"
        size="small"
        rowKey={(_row, i) => String(i)}
        dataSource={errors}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: t('header.errorLogEmpty') }}
        columns={[
          { key: 'time', dataIndex: 'time', title: t('header.errorColumns.time'), width: 170 },
          { key: 'route', dataIndex: 'route', title: t('header.errorColumns.route'), width: 200 },
          { key: 'message', dataIndex: 'message', title: t('header.errorColumns.message') },
        ]}
      />
    </Modal>
  );
}
