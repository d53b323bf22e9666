/**
 * Hands a chat to another agent: the agents who can take it now (User/getIdleUserInfo?for=chat:
 * the hub's own rule, a chat department's agents connected, ready and under capacity, not the
 * phone's list of every ready seat). The hub checks again when the transfer arrives and answers
 * with `unassigned` (done) or an error frame the inbox shows (someone became busy meanwhile).
 */
import { App, Button, Modal, Table } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../app/providers';
import { chatStore } from './chat';
import type { IdleAgent } from '../../schemas/protocol/idle-agent';

/** The agents who can take a chat, in getIdleUserInfo's shape. */
const CHAT_TAKERS = '/api/User/getIdleUserInfo?for=chat';

/** Memoised with its props: the conversation re-renders with each message of its chat. */
export const TransferDialog = memo(function TransferDialog({ chatId, onClose }: { chatId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [agents, setAgents] = useState<IdleAgent[] | null>(null);

  useEffect(() => {
    if (!chatId) return;
    setAgents(null);
    http.post<IdleAgent[]>(CHAT_TAKERS, {})
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
});
