import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReportSchema } from '../../schemas/report-types.ts';

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
  for (const dir of dirs) {
    const files = fs.readdirSync(dir, { withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.d.ts'));
    for (const file of files.map((f) => f.name).sort()) {
      const full = path.join(dir, file);
      const mod = (await import(pathToFileURL(full).href)) as { default?: ReportSchema };
      if (!mod.default?.endpoint || !mod.default.id) throw new Error(`${full}: no default export with an id and an endpoint`);
      sourceFiles.set(mod.default, full);
      schemas.push(mod.default);
    }
  }
  return schemas;
}
