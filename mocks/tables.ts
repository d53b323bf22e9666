import { baseType, blockOf, isNumeric, type EntityOption, type EntitySchema, type PropertySchema } from '../schemas/entity';
import { localDateTime } from '../schemas/local-time';

/**
 * Mock mode's records: an in-memory table per entity schema, each row made from the schema's
 * properties (so a property added to a schema shows up here with no other change), and the
 * list, save, remove and options actions the generic pages call, as the server answers them.
 */
export type Row = Record<string, unknown>;

/** Rows each table starts with. */
export const MOCK_ROWS = 3;


/** A plausible value of the property for row `i` (1-based): within its enum, bounds and validator. */
export function sampleValue(name: string, property: PropertySchema, i: number): unknown {
  const type = baseType(property);
  if (property.enum?.length) return property.enum[(i - 1) % property.enum.length];
  if (type === 'array') return property.items && (property.minItems ?? 0) > 0 ? [sampleValue(name, property.items, i)] : [];
  if (type === 'boolean') return i % 2 === 1;
  if (isNumeric(property)) return Math.min(Math.max(property.minimum ?? 0, i), property.maximum ?? Number.MAX_SAFE_INTEGER);
  if (property.format === 'date-time' || /Time$/.test(name)) return localDateTime(new Date(Date.now() - i * 3_600_000));
  switch (property['x-validator']) {
    case 'phone': return `1380013800${i}`;
    case 'email': return `user${i}@example.com`;
    case 'chineseName': return ['张三', '李四', '王五'][(i - 1) % 3];
    case 'digits': return String(8000 + i);
    case 'ip': return `10.0.0.${i}`;
    case 'port': return String(5060 + i);
    case 'url': return `https://example.com/${i}`;
    default: break;
  }
  // The first of these that the property's pattern and length admit (a gateway name, a caller id, a code).
  const fits = (t: string) => (!property.pattern || new RegExp(property.pattern).test(t))
    && t.length >= (property.minLength ?? 0) && t.length <= (property.maxLength ?? Infinity);
  return [`${name} ${i}`, `${name}${i}`, `${name}${i}`.slice(0, property.maxLength), String(8000 + i), String(i), ''].find(fits) ?? '';
}

function sampleRow(schema: EntitySchema, i: number): Row {
  const { id, tree } = blockOf(schema);
  const row: Row = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.writeOnly) continue;
    row[name] = name === id ? i : name === tree?.parent ? null : sampleValue(name, property, i);
  }
  return row;
}

const matches = (property: PropertySchema | undefined, have: unknown, want: unknown): boolean => {
  if (Array.isArray(want)) return want.some((w) => matches(property, have, w));
  if (property && baseType(property) === 'string' && typeof want === 'string') return String(have ?? '').toLowerCase().includes(want.toLowerCase());
  return String(have) === String(want);
};

export class MockTable {
  readonly rows: Row[];
  private nextId: number;

  constructor(readonly schema: EntitySchema) {
    this.rows = Array.from({ length: MOCK_ROWS }, (_, k) => sampleRow(schema, k + 1));
    this.nextId = MOCK_ROWS + 1;
  }

  private get idField() {
    return blockOf(this.schema).id;
  }

  /** A page of the rows the body's conditions select (a condition on a property: text contains, else equals; a list: any of), sorted as asked. */
  list(body: Row): { list: Row[]; total: number } {
    const { properties } = this.schema;
    const conditions = Object.entries(body).filter(([key, value]) => properties[key] && value !== '' && value !== null && value !== undefined);
    let rows = this.rows.filter((row) => conditions.every(([key, value]) => matches(properties[key], row[key], value)));
    const field = typeof body.sortField === 'string' && properties[body.sortField] ? body.sortField : undefined;
    if (field) {
      const sign = body.sortOrder === 'desc' || body.sortOrder === 'descend' ? -1 : 1;
      rows = [...rows].sort((a, b) => sign * String(a[field]).localeCompare(String(b[field]), undefined, { numeric: true }));
    }
    const pageSize = Number(body.pageSize) > 0 ? Number(body.pageSize) : 20;
    const pageNo = Number(body.pageNo) > 0 ? Number(body.pageNo) : 1;
    return { list: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length };
  }

  /** Adds the row (no id) or changes the one with its id; answers the row as kept, or undefined when the id is not there. */
  save(body: Row): Row | undefined {
    const kept: Row = {};
    for (const [name, property] of Object.entries(this.schema.properties)) {
      if (name in body && !property.writeOnly && !property.readOnly) kept[name] = body[name];
    }
    const id = body[this.idField];
    if (id === undefined || id === null || id === '') {
      const row = { ...sampleRow(this.schema, this.nextId), ...kept, [this.idField]: this.nextId++ };
      this.rows.push(row);
      return row;
    }
    const row = this.rows.find((r) => String(r[this.idField]) === String(id));
    if (row) Object.assign(row, kept);
    return row;
  }

  /**
   * Points each property that takes another entity's options (x-options: a line, a department,
   * roles) at that entity's row of the same number, so a row's select shows a name, not a bare id.
   */
  link(tableOf: (name: string) => MockTable | undefined): void {
    const { tree } = blockOf(this.schema);
    for (const [name, property] of Object.entries(this.schema.properties)) {
      const target = property['x-options'] ? tableOf(property['x-options']) : undefined;
      if (!target || name === tree?.parent || property.writeOnly) continue;
      const values = target.options().map((o) => o.value);
      if (!values.length) continue;
      this.rows.forEach((row, k) => {
        const value = values[k % values.length];
        row[name] = baseType(property) === 'array' ? [value] : value;
      });
    }
  }

  /** Removes the rows with these ids; answers how many there were. */
  remove(ids: unknown[]): number {
    const wanted = new Set(ids.map(String));
    const before = this.rows.length;
    for (let k = this.rows.length - 1; k >= 0; k--) if (wanted.has(String(this.rows[k]![this.idField]))) this.rows.splice(k, 1);
    return before - this.rows.length;
  }

  /** The options action's `[{label, labelEn?, value}]`, from the schema's options block. */
  options(): EntityOption[] {
    const options = blockOf(this.schema).options;
    const english = (row: Record<string, unknown>) => (options?.labelEn ? { labelEn: row[options.labelEn] ?? '' } : {});
    return options ? this.rows.map((row) => ({ label: row[options.label], ...english(row), value: row[options.value] })) : [];
  }
}
