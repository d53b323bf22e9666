import { useList } from '@refinedev/core';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Beside the user-management menu entry: how many self-registered users wait for an
 * administrator to give them a role and a seat (the users list's `pending` filter). Shown
 * when not zero; counted again every minute.
 */
export function PendingRegistrationsBadge() {
  const { t } = useTranslation();
  const { result } = useList({
    resource: 'users',
    filters: [{ field: 'pending', operator: 'eq', value: true }],
    pagination: { currentPage: 1, pageSize: 1 },
    errorNotification: false,
    queryOptions: { refetchInterval: 60_000, retry: false },
  });
  const count = result.total ?? 0;
  if (!count) return null;
  return (
    <span title={t('signupSettings.pendingBadge', { count })} data-testid="pending-registrations" data-count={count} style={{ marginInlineStart: 8 }}>
      <Badge count={count} size="small" color="#fa8c16" />
    </span>
  );
}
