/**
 * Hands a chat to another agent: the ready, logged-in agents (User/getIdleUserInfo, the phone
 * bar's idle-agent list). The hub checks the target can take it (connected, ready, under
 * capacity) and answers with `unassigned` (done) or an error frame the inbox shows.
 */
import { App, Button, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../app/providers';
import { chatStore } from './chat';

interface IdleAgent { userChineseName: string; fjh: string; userSeatNo: string }

export function TransferDialog({ chatId, onClose }: { chatId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [agents, setAgents] = useState<IdleAgent[] | null>(null);

  useEffect(() => {
    if (!chatId) return;
    setAgents(null);
    http.post<IdleAgent[]>('/api/User/getIdleUserInfo', {})
      .then(({ data }) => setAgents(data ?? []))
      .catch((error: unknown) => {
        setAgents([]);
        void message.error(error instanceof Error ? error.message : String(error));
      });
  }, [chatId, message]);

  return (
    <Modal open={chatId !== null} title={t('chat.transfer.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<IdleAgent>
        rowKey="userSeatNo"
        size="small"
        loading={agents === null}
        dataSource={agents ?? []}
        pagination={false}
        locale={{ emptyText: t('chat.transfer.empty') }}
        columns={[
          { title: t('chat.transfer.name'), dataIndex: 'userChineseName' },
          { title: t('chat.transfer.seat'), dataIndex: 'userSeatNo' },
          {
            title: t('chat.transfer.action'),
            key: 'action',
            render: (_, agent) => (
              <Button size="small" type="primary" onClick={() => {
                if (chatId) chatStore.getState().transfer(chatId, agent.userSeatNo);
                onClose();
              }}
              >
                {t('chat.transfer.transfer')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
