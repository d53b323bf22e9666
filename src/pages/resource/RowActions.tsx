import { DeleteButton, EditButton, ShowButton } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Space } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_WRITABLE } from '../../../schemas/types';
import type { Entity } from './use-entity';

/**
 * Show, edit and delete for one row, plus the actions an override adds (a role's menus).
 * Refine's access control hides the buttons the user may not use, and a row the server marks
 * not writable for the caller (ROW_WRITABLE false) shows neither edit nor delete; delete asks to confirm
 * and a refusal (409 "still used by ...") arrives as an error notification. `compact`
 * shows the icons alone, named for screen readers and by a hover title.
 */
export function RowActions({ entity, record, compact = false }: { entity: Entity; record: BaseRecord; compact?: boolean }) {
  const { t } = useTranslation();
  const id = record[entity.block.id] as string | number;
  const writable = record[ROW_WRITABLE] !== false;
  const named = (action: 'show' | 'edit' | 'delete') => (compact ? { 'aria-label': t(`buttons.${action}`), title: t(`buttons.${action}`) } : {});
  return (
    <Space size="small">
      <ShowButton size="small" resource={entity.name} recordItemId={id} hideText={compact} {...named('show')} />
      {writable && <EditButton size="small" resource={entity.name} recordItemId={id} hideText={compact} {...named('edit')} />}
      {writable && <DeleteButton size="small" resource={entity.name} recordItemId={id} hideText={compact} {...named('delete')} />}
      {entity.rowActions.map((Action, index) => (
        <Suspense key={index} fallback={null}>
          <Action record={record} resource={entity.name} />
        </Suspense>
      ))}
    </Space>
  );
}
