import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportSchema } from '../../schemas/report-types.ts';
import { importSchemaFiles } from '../schema-files.ts';

export const REPORTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/reports');

/** The file each loaded schema came from, so a refusal at start names it. */
const sourceFiles = new WeakMap<ReportSchema, string>();
export const fileOf = (schema: ReportSchema): string | undefined => sourceFiles.get(schema);

let named = false;
/** Lets every report file import the shared helpers as `callcentre-console/reports` (import-hook.mjs), once a process. */
function resolveProjectName(): void {
  if (named) return;
  register('./import-hook.mjs', import.meta.url);
  named = true;
}

/**
 * Every `*.ts` report schema directly in the given folders (the project's, plus fixtures in
 * tests): no list to keep. Subfolders (schemas/reports/shared: KPI dictionary, shared
 * conditions) hold building blocks, not reports.
 */
export async function loadReportSchemas(dirs: readonly string[] = [REPORTS_DIR]): Promise<ReportSchema[]> {
  resolveProjectName();
  const schemas: ReportSchema[] = [];
  for (const { file, mod } of await importSchemaFiles<{ default?: ReportSchema }>(dirs)) {
    if (!mod.default?.endpoint || !mod.default.id) throw new Error(`${file}: no default export with an id and an endpoint`);
    sourceFiles.set(mod.default, file);
    schemas.push(mod.default);
  }
  return schemas;
}
