// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildListBody, conditionsFromFilters, pagingFrom, sortFromSorters } from '../../data-providers/condition-body';

describe('list request body', () => {
  it('has 1-based paging, conditions and the sort', () => {
    expect(
      buildListBody({
        pagination: { currentPage: 3, pageSize: 50 },
        filters: [
          { field: 'userSeatNo', operator: 'eq', value: '8101' },
          { field: 'startTime', operator: 'gte', value: '2024-06-01' },
        ],
        sorters: [{ field: 'callTime', order: 'desc' }],
      }),
    ).toEqual({ pageNo: 3, pageSize: 50, userSeatNo: '8101', startTime: '2024-06-01', sortField: 'callTime', sortOrder: 'desc' });
  });

  it('defaults to the first page of 10', () => {
    expect(pagingFrom(undefined)).toEqual({ pageNo: 1, pageSize: 10 });
    expect(buildListBody({})).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('sends no paging when Refine does not page on the server', () => {
    expect(pagingFrom({ mode: 'off' })).toEqual({});
    expect(pagingFrom({ mode: 'client', pageSize: 20 })).toEqual({});
  });

  it('leaves out empty filter values', () => {
    expect(
      conditionsFromFilters([
        { field: 'a', operator: 'eq', value: '' },
        { field: 'b', operator: 'eq', value: undefined },
        { field: 'c', operator: 'in', value: [] },
        { field: 'd', operator: 'eq', value: 0 },
      ]),
    ).toEqual({ d: 0 });
  });

  it('flattens "and" groups', () => {
    expect(
      conditionsFromFilters([{ operator: 'and', value: [{ field: 'x', operator: 'eq', value: 1 }, { field: 'y', operator: 'eq', value: 2 }] }]),
    ).toEqual({ x: 1, y: 2 });
  });

  it('refuses "or" groups instead of misreading them as "and"', () => {
    expect(() => conditionsFromFilters([{ operator: 'or', value: [{ field: 'x', operator: 'eq', value: 1 }] }])).toThrow(/or/);
  });

  it('sorts by the first sorter only', () => {
    expect(sortFromSorters([{ field: 'a', order: 'asc' }, { field: 'b', order: 'desc' }])).toEqual({ sortField: 'a', sortOrder: 'asc' });
    expect(sortFromSorters([])).toEqual({});
  });
});
