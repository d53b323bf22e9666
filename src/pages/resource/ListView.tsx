import { List, useTable } from '@refinedev/antd';
import { parseTableParams, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { Alert, Grid, Table, type TableColumnsType } from 'antd';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { conditionsFromFilters } from '../../../data-providers/condition-body';
import { FieldValue } from './FieldValue';
import { FilterBar } from './FilterBar';
import { filtersFromValues, valuesFromFilters, type ColumnDescription, type ListDescription } from './list-description';

/** The filters of `required` that have no value among the filters in force. */
const missingOf = (required: readonly string[], filters: readonly CrudFilter[]) =>
  required.filter((key) => !filters.some((f) => 'field' in f && f.field === key && f.value !== undefined && f.value !== null && f.value !== ''));

/** A list's answer as the data provider gives it: a report's adds its totals row and chart rows. */
export interface ListAnswer { total?: number; totals?: Record<string, unknown>; chart?: readonly BaseRecord[] }

export interface ListViewProps {
  description: ListDescription;
  /** The row's buttons (an entity's show/edit/delete); `compact` asks for icons only. */
  rowActions?: (record: BaseRecord, compact: boolean) => ReactNode;
  /** Rendered beside the title (an entity's create button); a function receives Refine's default buttons. */
  headerButtons?: ComponentProps<typeof List>['headerButtons'];
  /** Shown between the filter bar and the table, given the page's rows and the list's whole answer (a report's chart). */
  extra?: (rows: readonly BaseRecord[], answer: ListAnswer | undefined) => ReactNode;
}

/** A cell's widest on a phone: about half the screen, so the columns beside it show too. */
const PHONE_CELL = { maxWidth: 150, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The generic list: server paging and sorting, filter bar and formatted columns, all from a
 * list description (an entity's or a report's). Filters, page and sort live in the page's
 * URL, so each list keeps its own and a reload or a shared link shows the same rows. A tree
 * comes whole with `children` and shows as an expandable tree table without paging.
 */
export function ListView({ description, rowActions, headerButtons, extra }: ListViewProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // Below antd's xxl (1600 px) the row buttons are icons only: with their words the users'
  // eleven columns and the buttons overflowed 1440 px, hiding delete behind the scroll.
  const compact = screens.xxl === false;
  const phone = screens.xs === true;
  const { tree, filters } = description;
  // A required filter without a value (a report's call id, a range with no default): the list is
  // not asked for, so the screen says what to fill in instead of showing the server's refusal.
  const required = filters.filter((f) => f.required).map((f) => f.key);
  const { search } = useLocation();
  const [missing, setMissing] = useState(() => missingOf(required, parseTableParams(search).parsedFilters));
  const { tableProps, searchFormProps, tableQuery, filters: applied } = useTable({
    resource: description.resource,
    ...(description.dataProviderName ? { dataProviderName: description.dataProviderName } : {}),
    ...(description.meta ? { meta: description.meta } : {}),
    pagination: tree ? { mode: 'off' } : { pageSize: description.initialPageSize },
    onSearch: (values: Record<string, unknown>) => filtersFromValues(filters, values),
    // A refused request is not retried (QUERY_CLIENT_CONFIG, for every query): its error shows at once.
    syncWithLocation: true,
    queryOptions: { enabled: missing.length === 0 },
  });
  // The filter bar shows the filters of the address whenever they change (a tab or the back button
  // brings a list back with its own). Refine's table fills it once, as it mounts, and only the
  // fields the form holds by then: on a loaded machine a list brought back by its tab showed
  // filtered rows under an empty bar.
  const appliedText = JSON.stringify(applied);
  const form = searchFormProps.form;
  useEffect(() => {
    // The description's filters are fixed for a list (ListPage keys it by resource).
    form?.setFieldsValue(valuesFromFilters(filters, JSON.parse(appliedText) as CrudFilter[]) as Parameters<typeof form.setFieldsValue>[0]);
  }, [appliedText, form]);
  const missingNow = missingOf(required, applied).join();
  useEffect(() => {
    setMissing(missingNow ? missingNow.split(',') : []);
  }, [missingNow]);
  // A list opened after a save starts at its title, not at the old scroll position of the form.
  // Braces matter: Chromium's scrollTo returns a promise, which React took for the effect's
  // cleanup and called on unmount, blanking the page the list led to.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const conditions = conditionsFromFilters(applied);
  const columns: TableColumnsType<BaseRecord> = description.columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: column.title,
    sorter: column.sortable,
    ...(column.pinned ? { fixed: 'right' as const } : {}),
    render: (value: unknown, record: BaseRecord) => {
      const shown = <FieldValue description={column.byRow?.(record) ?? column} value={value} />;
      const to = column.link?.(record, conditions);
      const cell = to ? <Link to={to}>{shown}</Link> : shown;
      // On a phone no column takes the whole width (a call id did, leaving only it in view): long values are cut, whole on hover.
      return phone ? <div style={PHONE_CELL} title={typeof value === 'string' ? value : undefined}>{cell}</div> : cell;
    },
  }));
  if (rowActions) {
    // Not fixed: a fixed column over a max-content table covered the last columns (users' created
    // time at 1440 px) and, on a phone, everything but the buttons. The table scrolls sideways instead.
    columns.push({ key: '_actions', title: t('crud.actions'), render: (_: unknown, record: BaseRecord) => rowActions(record, compact) });
  }
  // The total of the list (a drilled figure's rows: it equals the figure) beside the pages.
  const pagination = tableProps.pagination && {
    ...tableProps.pagination, pageSizeOptions: [...description.pageSizes], showSizeChanger: true, showTotal: (total: number) => t('crud.totalRows', { count: total }),
  };
  const error = tableQuery.error;
  // A report's totals row ({list, total, totals}): the first cell says what it is unless it has a
  // figure; a counted column reads as the rows counted ('合计（3001 条）' first, '共 3001 条' elsewhere).
  const totals = tableQuery.data?.totals as Record<string, unknown> | undefined;
  const totalCell = (column: ColumnDescription, index: number, value: unknown) => {
    if (column.total === 'count') return <strong>{t(index === 0 ? 'crud.totalOfRows' : 'crud.totalRows', { count: Number(value ?? 0) })}</strong>;
    if (value == null) return index === 0 ? <strong>{t('crud.total')}</strong> : null;
    return <FieldValue description={column} value={value} />;
  };
  const summary = totals
    ? () => (
        <Table.Summary.Row data-testid="totals-row">
          {description.columns.map((column, index) => (
            <Table.Summary.Cell key={column.key} index={index}>
              {totalCell(column, index, totals[column.key])}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      )
    : undefined;
  return (
    <List resource={description.resource} title={description.title} breadcrumb={false} {...(headerButtons !== undefined ? { headerButtons } : {})}>
      <FilterBar filters={filters} formProps={searchFormProps} searchLabel={description.searchLabel} />
      {extra?.(tableProps.dataSource ?? [], tableQuery.data as ListAnswer | undefined)}
      {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} data-testid="list-error" />}
      {missing.length > 0 && (
        <Alert
          type="info"
          showIcon
          message={t('crud.fillRequired', { fields: filters.filter((f) => missing.includes(f.key)).map((f) => f.label).join(t('crud.listSeparator')) })}
          style={{ marginBottom: 16 }}
          data-testid="list-required"
        />
      )}
      <Table
        {...tableProps}
        // A list not asked for (a required filter is empty) is not loading: nothing comes until it is filled in.
        {...(missing.length ? { loading: false } : {})}
        rowKey={description.rowKey}
        columns={columns}
        pagination={tree ? false : pagination}
        // Columns as wide as their content, scrolling sideways on narrow screens, instead of one character per line.
        scroll={{ x: 'max-content' }}
        // Half the default cell padding: the users' eleven columns and their buttons fit 1440 px without scrolling.
        size="middle"
        {...(summary ? { summary } : {})}
        data-testid="resource-table"
      />
    </List>
  );
}
