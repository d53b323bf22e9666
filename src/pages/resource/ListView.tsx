import { List, useTable } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { Alert, Grid, Table, type TableColumnsType } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldValue } from './FieldValue';
import { FilterBar } from './FilterBar';
import { filtersFromValues, type ListDescription } from './list-description';

export interface ListViewProps {
  description: ListDescription;
  /** The row's buttons (an entity's show/edit/delete); `compact` asks for icons only. */
  rowActions?: (record: BaseRecord, compact: boolean) => ReactNode;
  /** Rendered beside the title (an entity's create button). */
  headerButtons?: ReactNode;
}

/**
 * The generic list: server paging and sorting, filter bar and formatted columns, all from a
 * list description (an entity's or a report's). Filters, page and sort live in the page's
 * URL, so each list keeps its own and a reload or a shared link shows the same rows. A tree
 * comes whole with `children` and shows as an expandable tree table without paging.
 */
export function ListView({ description, rowActions, headerButtons }: ListViewProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // xs is antd's phone query (max-width 575 px); false or unknown keeps the full buttons.
  const phone = screens.xs === true;
  const { tree, filters } = description;
  const { tableProps, searchFormProps, tableQuery } = useTable({
    resource: description.resource,
    pagination: tree ? { mode: 'off' } : { pageSize: description.initialPageSize },
    onSearch: (values: Record<string, unknown>) => filtersFromValues(filters, values),
    // A refused request is not retried (QUERY_CLIENT_CONFIG, for every query): its error shows at once.
    syncWithLocation: true,
  });
  // A list opened after a save starts at its title, not at the old scroll position of the form.
  // Braces matter: Chromium's scrollTo returns a promise, which React took for the effect's
  // cleanup and called on unmount, blanking the page the list led to.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const columns: TableColumnsType<BaseRecord> = description.columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: column.title,
    sorter: column.sortable,
    render: (value: unknown) => <FieldValue description={column} value={value} />,
  }));
  if (rowActions) {
    // Not fixed: a fixed column over a max-content table covered the last columns (users' created
    // time at 1440 px) and, on a phone, everything but the buttons. The table scrolls sideways instead.
    columns.push({ key: '_actions', title: t('crud.actions'), render: (_: unknown, record: BaseRecord) => rowActions(record, phone) });
  }
  const pagination = tableProps.pagination && { ...tableProps.pagination, pageSizeOptions: [...description.pageSizes], showSizeChanger: true };
  const error = tableQuery.error;
  return (
    <List resource={description.resource} title={description.title} breadcrumb={false} {...(headerButtons !== undefined ? { headerButtons } : {})}>
      <FilterBar filters={filters} formProps={searchFormProps} />
      {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} data-testid="list-error" />}
      <Table
        {...tableProps}
        rowKey={description.rowKey}
        columns={columns}
        pagination={tree ? false : pagination}
        // Columns as wide as their content, scrolling sideways on narrow screens, instead of one character per line.
        scroll={{ x: 'max-content' }}
        data-testid="resource-table"
      />
    </List>
  );
}
