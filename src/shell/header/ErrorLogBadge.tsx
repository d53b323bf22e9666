import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from './error-log';

/** The header's error-log badge (spec section 8): shown once an error is recorded; its dialog lists them and clears them. */
export function ErrorLogBadge() {
  const { t } = useTranslation();
  const { errors, clear } = useErrorLog();
  const [open, setOpen] = useState(false);
  if (!errors.length && !open) return null;
  return (
    <>
      <Tooltip title={t('header.errorLog')}>
        <Badge count={errors.length} size="small" data-testid="error-log-badge">
          <Button type="text" danger icon={<BugOutlined />} aria-label={t('header.errorLog')} onClick={() => setOpen(true)} data-testid="error-log-open" />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('header.errorLogTitle')}
        width={760}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="clear" danger onClick={() => { clear(); setOpen(false); }} data-testid="error-log-clear">{t('header.errorLogClear')}</Button>,
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
    </>
  );
}
