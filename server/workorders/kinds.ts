import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderKind } from '../../schemas/workorders/kind-types.ts';
import { compile, type Check } from '../http/validate.ts';
import { importSchemaFiles } from '../schema-files.ts';

export const KINDS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/workorders/kinds');

export interface LoadedKind {
  kind: OrderKind;
  /** Checks `{fields}` of an order against the kind's file: unknown fields refused, required ones present (errors name `fields.<name>`). */
  check: Check<{ fields: Record<string, string | number> }>;
  /** The same without the required ones: a template's fields (the rest are filled in on the form). */
  checkSome: Check<{ fields: Record<string, string | number> }>;
}

/**
 * Every `*.ts` kind file in the folders (the project's, then ORDER_KIND_DIRS): a deployment adds
 * a kind by adding a file. A kind id appearing twice is refused at start, naming both files.
 */
export async function loadKinds(dirs: readonly string[] = [KINDS_DIR]): Promise<Map<string, LoadedKind>> {
  const kinds = new Map<string, LoadedKind & { file: string }>();
  for (const { file, mod } of await importSchemaFiles<{ default?: OrderKind }>(dirs)) {
    const kind = mod.default;
    if (!kind?.id || !/^[a-z][a-zA-Z0-9_]{0,31}$/.test(kind.id) || !kind.title?.zh || !kind.title?.en || typeof kind.fields !== 'object') {
      throw new Error(`${file}: a work-order kind exports an id (letters and digits), a title in zh and en, and its fields`);
    }
    const before = kinds.get(kind.id);
    if (before) throw new Error(`${file}: the work-order kind "${kind.id}" is already defined in ${before.file}`);
    const unknown = kind.required.filter((r) => !(r in kind.fields));
    if (unknown.length) throw new Error(`${file}: required field(s) ${unknown.join(', ')} are not among its fields`);
    const properties = Object.fromEntries(Object.entries(kind.fields).map(([k, { title: _title, ...rule }]) => [k, rule]));
    const fields = { type: 'object', additionalProperties: false, properties, required: [...kind.required] };
    const check = compile({ type: 'object', required: ['fields'], properties: { fields } }) as unknown as LoadedKind['check'];
    const checkSome = compile({ type: 'object', required: ['fields'], properties: { fields: { ...fields, required: [] } } }) as unknown as LoadedKind['checkSome'];
    kinds.set(kind.id, { kind, check, checkSome, file });
  }
  return new Map([...kinds].sort((a, b) => a[1].kind.order - b[1].kind.order));
}
