// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from '../../src/shell/menu-icons';
import { DEFAULT_MENUS } from '../../schemas/default-menus';
import { MENU_ICON_NAMES } from '../../schemas/menu-icons';
import { MENU_PARENTS } from '../../schemas/menu-parents';
import readme from '../../README.md?raw';

interface WithMenu { 'x-resource'?: { menu?: { icon?: string } }; menu?: { icon?: string } }
const entities = import.meta.glob<WithMenu>('../../schemas/entities/*.ts', { eager: true, import: 'default' });
const reports = import.meta.glob<WithMenu>('../../schemas/reports/*.ts', { eager: true, import: 'default' });

/** Every icon a menu entry can carry out of the box: the schemas' menu blocks and the seeded menus. */
function namedIcons(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [file, s] of Object.entries(entities)) if (s['x-resource']?.menu?.icon) out.push([file, s['x-resource'].menu.icon]);
  for (const [file, s] of Object.entries(reports)) if (s.menu?.icon) out.push([file, s.menu.icon]);
  const walk = (items: ReadonlyArray<{ icon?: string; path: string; children?: unknown }>) => {
    for (const m of items) {
      if (m.icon) out.push([m.path, m.icon]);
      if (Array.isArray(m.children)) walk(m.children);
    }
  };
  walk(DEFAULT_MENUS);
  return out;
}

describe('menu icons', () => {
  it('the side menu can draw every icon a schema or the seeded menus name', () => {
    const icons = namedIcons();
    expect(icons.length).toBeGreaterThan(10);
    const missing = icons.filter(([, icon]) => !MENU_ICONS[icon]);
    expect(missing).toEqual([]);
  });
});

describe('what a report author reads', () => {
  it("the README's menu row names every menu group and icon a report may use, and the groups are seeded", () => {
    const row = readme.split('\n').find((line) => line.startsWith('| `menu?` |'))!;
    expect(MENU_PARENTS.filter((parent) => !row.includes(`\`${parent}\``))).toEqual([]);
    expect(MENU_ICON_NAMES.filter((icon) => !row.includes(`\`${icon}\``))).toEqual([]);
    expect(MENU_PARENTS.filter((parent) => !DEFAULT_MENUS.some((m) => m.key === parent && m.component === 'Layout'))).toEqual([]);
  });
});
