import type { CrudFilter, CrudSort, Pagination } from '@refinedev/core';

/**
 * Builds the condition API's request body (API.md "Lists, paging, conditions"):
 * `{pageNo, pageSize, ...conditions, sortField, sortOrder}`. Only these keys are
 * written; Refine's `meta` (which also carries URL query values) never reaches the body.
 */
export type Conditions = Record<string, unknown>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Each filter becomes `field: value`; "and" groups flatten; empty values are left out. */
export function conditionsFromFilters(filters: CrudFilter[] = []): Conditions {
  const conditions: Conditions = {};
  for (const filter of filters) {
    if ('field' in filter) {
      if (!isEmpty(filter.value)) conditions[filter.field] = filter.value;
    } else if (filter.operator === 'and') {
      Object.assign(conditions, conditionsFromFilters(filter.value));
    } else {
      // A flat condition object can only say "all of these"; an "or" would be silently misread.
      throw new Error('The condition API cannot express "or" filters');
    }
  }
  return conditions;
}

/** The API sorts by one column; the first sorter wins. */
export function sortFromSorters(sorters: CrudSort[] = []): { sortField?: string; sortOrder?: 'asc' | 'desc' } {
  const [first] = sorters;
  return first ? { sortField: first.field, sortOrder: first.order } : {};
}

/** 1-based page number and size; no paging fields when Refine pages on the client or not at all. */
export function pagingFrom(pagination?: Pagination): { pageNo?: number; pageSize?: number } {
  if (pagination?.mode === 'off' || pagination?.mode === 'client') return {};
  return { pageNo: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 };
}

export function buildListBody(params: { pagination?: Pagination; filters?: CrudFilter[]; sorters?: CrudSort[] }): Conditions {
  return {
    ...pagingFrom(params.pagination),
    ...conditionsFromFilters(params.filters),
    ...sortFromSorters(params.sorters),
  };
}
