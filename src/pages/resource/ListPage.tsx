import { Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/use-page-title';
import { entityList } from './entity-list';
import { ListView } from './ListView';
import { RowActions } from './RowActions';
import { useEntity } from './use-entity';

/** The list page of an entity: its list description (entity-list.ts) on the generic ListView. */
export default function ListPage({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const entity = useEntity(resource);
  usePageTitle('crud.list', undefined, { resource: entity.title });
  const description = entityList(entity, t('crud.list', { resource: entity.title }));
  return (
    // Keyed by resource: two lists are two tables with their own state, never one reused.
    <ListView
      key={resource}
      description={description}
      rowActions={(record, compact) => <RowActions entity={entity} record={record} compact={compact} />}
      {...(entity.listButtons.length > 0
        ? {
            headerButtons: ({ defaultButtons }: { defaultButtons: ReactNode }) => (
              <Space wrap>
                {defaultButtons}
                {entity.listButtons.map((Button, index) => <Button key={index} resource={resource} />)}
              </Space>
            ),
          }
        : {})}
    />
  );
}
