import { List, useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { filtersFromValues } from '../../lib/list-filters';
import { usePageTitle } from '../../shell/use-page-title';
import { FieldValue } from './FieldValue';
import { FilterBar } from './FilterBar';
import { RowActions } from './RowActions';
import { useEntity, type Entity } from './use-entity';

/** Spec section 2 page sizes; the first page shows 10 rows. */
export const PAGE_SIZES = [20, 50, 100, 200, 300, 500, 1000];
export const INITIAL_PAGE_SIZE = 10;

function columnsOf(entity: Entity, tree: boolean, actionsTitle: string): TableColumnsType<BaseRecord> {
  const sortable = new Set(entity.block.list.sorters ?? []);
  return [
    ...entity.block.list.columns.flatMap((field) => {
      const property = entity.schema.properties[field];
      if (!property) return [];
      return [
        {
          key: field,
          dataIndex: field,
          title: entity.fieldLabel(field),
          // A tree comes whole and in its own order, so only flat lists sort (on the server).
          sorter: !tree && sortable.has(field),
          render: (value: unknown) => <FieldValue property={property} value={value} />,
        },
      ];
    }),
    { key: '_actions', title: actionsTitle, fixed: 'right', render: (_: unknown, record: BaseRecord) => <RowActions entity={entity} record={record} /> },
  ];
}

/**
 * The generic list of an entity: server paging and sorting, the schema's filter bar and
 * columns. A tree entity (departments, menus) comes whole with `children` and shows as an
 * expandable tree table without paging.
 */
export default function ListPage({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const entity = useEntity(resource);
  const tree = Boolean(entity.block.tree);
  const title = t('crud.list', { resource: entity.title });
  usePageTitle('crud.list', undefined, { resource: entity.title });
  const { tableProps, searchFormProps } = useTable({
    resource,
    pagination: tree ? { mode: 'off' } : { pageSize: INITIAL_PAGE_SIZE },
    onSearch: (values: Record<string, unknown>) => filtersFromValues(entity.schema, values),
    syncWithLocation: false,
  });
  const pagination = tableProps.pagination && { ...tableProps.pagination, pageSizeOptions: PAGE_SIZES, showSizeChanger: true };
  return (
    <List resource={resource} title={title} breadcrumb={false}>
      <FilterBar entity={entity} formProps={searchFormProps} />
      <Table
        {...tableProps}
        rowKey={entity.block.id}
        columns={columnsOf(entity, tree, t('crud.actions'))}
        pagination={tree ? false : pagination}
        // Columns as wide as their content, scrolling sideways on narrow screens, instead of one character per line.
        scroll={{ x: 'max-content' }}
        data-testid="resource-table"
      />
    </List>
  );
}
