// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSchemaFiles } from '../../server/schema-files.ts';

/**
 * How the schema folders are read (server/schema-files.ts): `*.ts` files and links to them in
 * name order, folder by folder, imported at once; a broken file stops the start naming the first
 * broken one in that order, whichever failed first.
 */
describe('schema folders', () => {
  let root: string;
  const dir = (name: string) => path.join(root, name);
  const write = (file: string, text: string) => fs.writeFileSync(path.join(root, file), text);

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-schema-files-'));
    for (const d of ['one', 'two', 'broken', 'elsewhere']) fs.mkdirSync(dir(d));
    write('one/b.ts', 'export default { name: "b" };');
    write('one/a.ts', 'export default { name: "a" };');
    write('one/types.d.ts', 'export type X = string;');
    fs.mkdirSync(dir('one/shared.ts'));
    write('one/notes.md', 'not a schema');
    write('elsewhere/linked.ts', 'export default { name: "linked" };');
    fs.symlinkSync(dir('elsewhere/linked.ts'), dir('two/c.ts'));
    write('two/0.ts', 'export default { name: "0" };');
    // The first in name order fails late; the second at once.
    write('broken/a.ts', 'await new Promise((r) => setTimeout(r, 300));\nthrow new Error("a is broken");\nexport default {};');
    write('broken/b.ts', 'throw new Error("b is broken");\nexport default {};');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives the .ts files and links to them, in name order folder by folder; not .d.ts, folders or other files', async () => {
    const got = await importSchemaFiles<{ default: { name: string } }>([dir('one'), dir('two')]);
    expect(got.map((g) => path.relative(root, g.file))).toEqual(['one/a.ts', 'one/b.ts', 'two/0.ts', 'two/c.ts']);
    expect(got.map((g) => g.mod.default.name)).toEqual(['a', 'b', '0', 'linked']);
  });

  it('a broken file is named by the first broken one in order, not the one that failed first', async () => {
    await expect(importSchemaFiles([dir('broken')])).rejects.toThrow('a is broken');
  });
});
