import { DeleteButton, EditButton, ShowButton } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Space } from 'antd';
import { Suspense } from 'react';
import type { Entity } from './use-entity';

/**
 * Show, edit and delete for one row, plus the actions an override adds (a role's menus).
 * Refine's access control hides the buttons the user may not use; delete asks to confirm
 * and a refusal (409 "still used by ...") arrives as an error notification. `compact`
 * (a phone) shows the icons alone.
 */
export function RowActions({ entity, record, compact = false }: { entity: Entity; record: BaseRecord; compact?: boolean }) {
  const id = record[entity.block.id] as string | number;
  return (
    <Space size="small">
      <ShowButton size="small" resource={entity.name} recordItemId={id} hideText={compact} />
      <EditButton size="small" resource={entity.name} recordItemId={id} hideText={compact} />
      <DeleteButton size="small" resource={entity.name} recordItemId={id} hideText={compact} />
      {entity.rowActions.map((Action, index) => (
        <Suspense key={index} fallback={null}>
          <Action record={record} resource={entity.name} />
        </Suspense>
      ))}
    </Space>
  );
}
