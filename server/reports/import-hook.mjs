/**
 * A module resolution hook (node:module register, from server/reports/load.ts) for the report
 * files the server loads from folders of their own (REPORT_DIRS):
 * - the project's own name (`callcentre-console/reports`, package.json `exports`) resolves as if
 *   imported from inside the project, so such a file imports the shared helpers by that name
 *   wherever its folder is;
 * - a `.ts` file outside the project that Node would read as CommonJS (a folder with no
 *   package.json saying "type": "module") is read as the ES module a report file is, so the
 *   name resolves there too and the folder needs no package.json.
 * Everything else is left alone. Plain JavaScript: hooks run on a loader thread of their own,
 * which may not have a TypeScript loader.
 */
import fs from 'node:fs';

const PROJECT = new URL('../../package.json', import.meta.url);
const ROOT = new URL('./', PROJECT).href;
const NAME = JSON.parse(fs.readFileSync(PROJECT, 'utf8')).name;

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, next) {
  if (specifier === NAME || specifier.startsWith(`${NAME}/`)) return next(specifier, { ...context, parentURL: PROJECT.href });
  const found = await next(specifier, context);
  const outside = found.url.startsWith('file:') && found.url.endsWith('.ts') && !found.url.startsWith(ROOT) && !found.url.includes('/node_modules/');
  return outside && found.format === 'commonjs' ? { ...found, format: 'module' } : found;
}
