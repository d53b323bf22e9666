// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildListBody } from '../../data-providers/condition-body';
import { schemaOf } from '../../resources';
import type { EntitySchema, PropertySchema } from '../../schemas/entity';
import { filterControl } from '../../src/lib/list-filters';
import { entityFilters } from '../../src/pages/resource/entity-list';
import { filtersFromValues as fromValues } from '../../src/pages/resource/list-description';
import type { Entity } from '../../src/pages/resource/use-entity';

const users = schemaOf('users') as EntitySchema;
const lines = schemaOf('lines') as EntitySchema;
/** The filters an entity's list description holds (labels do not matter here). */
const filtersOf = (schema: EntitySchema) =>
  entityFilters({ schema, block: schema['x-resource'], fieldLabel: (field: string) => field } as unknown as Entity);
const filtersFromValues = (schema: EntitySchema, values: Record<string, unknown>) => fromValues(filtersOf(schema), values);
const prop = (schema: EntitySchema, field: string) => schema.properties[field] as PropertySchema;

describe('filter bar controls', () => {
  it("'like' is a text box", () => {
    expect(filterControl(prop(users, 'userName'), 'like')).toBe('text');
  });

  it("'eq' is a select over another entity's options, a tree select when the schema says so", () => {
    expect(filterControl(prop(users, 'lineid'), 'eq')).toBe('select');
    expect(filterControl(prop(users, 'departId'), 'eq')).toBe('treeselect');
  });

  it("'eq' is a select for booleans and enums, a text box otherwise", () => {
    expect(filterControl(prop(users, 'enabled'), 'eq')).toBe('select');
    expect(filterControl({ type: 'string', enum: ['a', 'b'] }, 'eq')).toBe('select');
    expect(filterControl(prop(lines, 'pre'), 'eq')).toBe('text');
  });

  it("'in' picks several values", () => {
    expect(filterControl({ type: 'integer', 'x-options': 'lines' }, 'in')).toBe('multiselect');
  });
});

describe('filter and sorter body', () => {
  it('sends each filter as field: value, with paging and the sort', () => {
    const filters = filtersFromValues(users, { userName: ' agent ', departId: 1, enabled: false, lineid: undefined });
    expect(buildListBody({ pagination: { currentPage: 2, pageSize: 50 }, filters, sorters: [{ field: 'createTime', order: 'desc' }] })).toEqual({
      pageNo: 2, pageSize: 50, userName: 'agent', departId: 1, enabled: false, sortField: 'createTime', sortOrder: 'desc',
    });
  });

  it("maps 'like' to Refine's contains and keeps cleared fields so they replace old values", () => {
    expect(filtersFromValues(lines, { lineName: '', pre: '9' })).toEqual([
      { field: 'lineName', operator: 'contains', value: '' },
      { field: 'pre', operator: 'eq', value: '9' },
    ]);
  });

  it('types text typed for a number field (the server does not coerce)', () => {
    const schema = { ...lines, properties: { ...lines.properties, pre: { type: 'integer' } } } as EntitySchema;
    expect(filtersFromValues(schema, { pre: ' 42 ' })[1]?.value).toBe(42);
    expect(filtersFromValues(schema, { pre: 'x' })[1]?.value).toBe('x');
  });

  it('a report describes its filters without any entity', () => {
    const filters = [{ key: 'userSeatNo', label: 'Seat', op: 'eq' as const, control: 'text' as const, property: { type: 'string' } }];
    expect(fromValues(filters, { userSeatNo: ' 8101 ' })).toEqual([{ field: 'userSeatNo', operator: 'eq', value: '8101' }]);
  });
});
