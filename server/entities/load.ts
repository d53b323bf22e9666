import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntitySchema } from '../../schemas/types.ts';
import { importSchemaFiles } from '../schema-files.ts';

export const ENTITIES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/entities');

/** Every `*.ts` schema in the given folders (the project's, plus fixtures in tests): no list to keep. */
export async function loadEntitySchemas(dirs: readonly string[] = [ENTITIES_DIR]): Promise<EntitySchema[]> {
  const schemas: EntitySchema[] = [];
  for (const { file, mod } of await importSchemaFiles<{ default?: EntitySchema }>(dirs)) {
    if (!mod.default?.['x-resource']) throw new Error(`${path.basename(file)}: no default export with an x-resource block`);
    schemas.push(mod.default);
  }
  const names = new Set<string>();
  for (const s of schemas) {
    if (names.has(s['x-resource'].name)) throw new Error(`two entity schemas are named "${s['x-resource'].name}"`);
    names.add(s['x-resource'].name);
  }
  return schemas;
}
