import { Card, Descriptions, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { greetingKey } from '../../lib/time';
import { usePageTitle } from '../../shell/use-page-title';
import { optionLabel, useOptions } from '../resource/use-options';
import { WorkOrderHome } from '../../workorders/WorkOrderHome';

/** /index: greeting by hour with the user's name, the seat the session holds, and for a work-order department's staff their queue and figures. */
export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle('menu.home');
  const [openedAt] = useState(() => new Date());
  const name = useSession((state) => state.userChineseName || state.username);
  const seatNo = useSession((state) => state.userSeatNo);
  const extension = useSession((state) => state.fjh);
  const departId = useSession((state) => state.departId);
  const workOrders = useSession((state) => state.workOrders);
  const empty = t('home.none');
  // The department by name; its id until the names arrive (or if the list is unavailable).
  const { options: departments } = useOptions('departments');
  const department = departId == null ? empty : optionLabel(departments, departId) ?? String(departId);

  return (
    <>
      <Typography.Title level={3} data-testid="greeting">
        {t('home.welcome', { greeting: t(greetingKey(openedAt)), name })}
      </Typography.Title>
      {workOrders && <WorkOrderHome />}
      <Card title={t('home.seatCard')} style={{ maxWidth: 480, marginTop: workOrders ? 16 : 0 }} data-testid="seat-card">
        <Descriptions
          column={1}
          items={[
            { key: 'seat', label: t('home.seatNo'), children: seatNo || empty },
            { key: 'extension', label: t('home.extension'), children: extension || empty },
            { key: 'department', label: t('home.departId'), children: department },
          ]}
        />
      </Card>
    </>
  );
}
