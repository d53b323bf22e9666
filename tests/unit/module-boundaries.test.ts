import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * The folders' dependencies run one way (README "What is where"): schemas/ is shared by all and
 * imports none of them; data-providers/ (the HTTP client, its error mapping and Refine's
 * providers), resources/ and mocks/ are taken by src/, never the other way round; the server
 * takes schemas/ only. Every relative import of every source file is read, static and dynamic.
 */
const root = path.resolve(__dirname, '../..');
const FOLDERS = ['schemas', 'data-providers', 'resources', 'mocks', 'src', 'server'] as const;
type Folder = (typeof FOLDERS)[number];

const MAY_NOT: Record<Folder, readonly Folder[]> = {
  schemas: ['data-providers', 'resources', 'mocks', 'src', 'server'],
  'data-providers': ['resources', 'mocks', 'src', 'server'],
  resources: ['mocks', 'src', 'server'],
  // Mock mode answers as the server would, from the same schemas, without being either side.
  mocks: ['resources', 'src', 'server'],
  src: ['server'],
  server: ['data-providers', 'resources', 'mocks', 'src'],
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** The relative module specifiers a file imports: `from '…'`, `import('…')`, `import '…'`, `import.meta.glob('…')`. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|import\.meta\.glob(?:<[^>]*>)?\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g)) found.push(m[2]!);
  return found;
}

const folderOf = (file: string): string => path.relative(root, file).split(path.sep)[0]!;

test('imports are read, static, dynamic and globbed', () => {
  expect(importsOf(`import a from './a';\nimport type { B } from "../b.ts";\nconst c = import('../../c');\nimport './d.css';\nimport.meta.glob<X>('../e/*.ts')`))
    .toEqual(['./a', '../b.ts', '../../c', './d.css', '../e/*.ts']);
});

test.each(FOLDERS)('%s/ imports none of the folders it must not', (folder) => {
  const wrong: string[] = [];
  for (const file of sources(path.join(root, folder))) {
    for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
      const target = folderOf(path.resolve(path.dirname(file), spec));
      if ((MAY_NOT[folder] as readonly string[]).includes(target)) wrong.push(`${path.relative(root, file)} → ${spec}`);
    }
  }
  expect(wrong).toEqual([]);
});
