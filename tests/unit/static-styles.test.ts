// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import * as antd from 'antd';
import { describe, expect, it } from 'vitest';
import { PANELS, STATIC_STYLE_COMPONENTS, WITHOUT_SHEET, staticStyleSheet } from '../../src/shell/theme/static-styles';

/**
 * The sheets made at build for the default look (src/shell/theme/static-styles.ts). That the
 * built console takes them from the file instead of building them is static-styles.spec.ts's.
 */
const SRC = path.resolve(__dirname, '../../src');
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
const exported = antd as unknown as Record<string, unknown>;

/** The antd components the console's code uses: named imports from 'antd' and deep imports of antd/es/<component>. */
function antdComponentsImported(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of filesUnder(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd'/g)) {
      if (m[1]) continue;
      for (const part of m[2]!.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
        // Types (MenuProps, ThemeConfig…) are not values of the package.
        if (name && !part.trim().startsWith('type ') && exported[name] !== undefined) found.set(name, path.relative(SRC, file));
      }
    }
    for (const m of text.matchAll(/from\s+'antd\/es\/([a-z-]+)/g)) {
      const name = Object.keys(exported).find((k) => k.toLowerCase() === m[1]!.replace(/-/g, ''));
      if (name) found.set(name, path.relative(SRC, file));
    }
  }
  return found;
}

/** antd's map of what a sheet holds: its last rule. */
function mapOf(sheet: string): string[] {
  const m = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}$/.exec(sheet);
  expect(m, 'the sheet ends with the map of what it holds').not.toBeNull();
  return m![1]!.split(';');
}

/** Each style rule's selector, inside @media and @supports blocks too; @keyframes are skipped. */
function selectorsOf(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let prelude = '';
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') {
      if (depth === 0) prelude = css.slice(start, i).trim();
      depth += 1;
      if (depth === 1 && !prelude.startsWith('@')) out.push(prelude);
    } else if (css[i] === '}') {
      depth -= 1;
      if (depth === 0) {
        if (/^@(media|supports)/.test(prelude)) out.push(...selectorsOf(css.slice(css.indexOf('{', start) + 1, i)));
        start = i + 1;
      }
    }
  }
  return out;
}

describe('antd sheets made at build', () => {
  it('cover every antd component the console imports', () => {
    const imported = antdComponentsImported();
    expect(imported.size).toBeGreaterThan(20);
    const covered = new Set<string>([...STATIC_STYLE_COMPONENTS, ...WITHOUT_SHEET, ...PANELS]);
    const missing = [...imported].filter(([name]) => !covered.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing, 'add these to COMPONENTS in src/shell/theme/static-styles.ts').toEqual([]);
  });

  it('hold each listed component once per motion setting, each under its own token, without motion when reduced', () => {
    const [moving, still] = [staticStyleSheet(false), staticStyleSheet(true)];
    const [movingMap, stillMap] = [mapOf(moving), mapOf(still)];
    for (const map of [movingMap, stillMap]) {
      const paths = map.map((entry) => entry.split('|')[1]);
      for (const sheet of ['Button-Button', 'Table-Table', 'Menu-Menu', 'Layout-Layout', 'Modal-Modal', 'Message-Message']) {
        expect(paths.some((p) => p?.startsWith(sheet)), sheet).toBe(true);
      }
    }
    // Every rule is scoped to its theme (antd's :where(.css-<hash>)) but the icons' reset, the same
    // in every theme, and the map: an unscoped rule would outrank another theme's, injected before the file.
    for (const sheet of [moving, still]) {
      const unscoped = selectorsOf(sheet).filter((s) => !s.includes(':where(.css-') && !s.startsWith('.anticon') && s !== '.data-ant-cssinjs-cache-path');
      expect(unscoped).toEqual([]);
    }
    // A path is keyed by its theme's token: reduced motion is another token, hence another file.
    const mainToken = (map: string[]) => {
      const counts = new Map<string, number>();
      for (const entry of map) counts.set(entry.split('|')[0]!, (counts.get(entry.split('|')[0]!) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    };
    expect(mainToken(movingMap)).not.toBe(mainToken(stillMap));
    // antd's motion tokens: 0.1-0.3 s transitions with motion, none without.
    const timed = (sheet: string) => (sheet.match(/transition:[^;}]*\b0\.[1-3]s/g) ?? []).length;
    expect(timed(moving)).toBeGreaterThan(100);
    expect(timed(still)).toBeLessThan(10);
  });
});
