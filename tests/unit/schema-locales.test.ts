// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from '../../src/locales/en.json';
import zh from '../../src/locales/zh.json';
import type { EntitySchema } from '../../schemas/entity';

/**
 * Every entity schema's labels exist in both languages: adding a schema file without its
 * translations fails here (its pages still render, labelled by property names).
 */
type Tree = { [key: string]: string | Tree };
const schemas = Object.values(import.meta.glob<EntitySchema>('../../schemas/entities/*.ts', { eager: true, import: 'default' }));

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

const keysOf = (schema: EntitySchema) => {
  const name = schema['x-resource'].name;
  return [`resources.${name}.title`, ...Object.keys(schema.properties).map((field) => `resources.${name}.fields.${field}`)];
};

describe.each(schemas.map((schema) => [schema['x-resource'].name, schema] as const))('entity %s', (_name, schema) => {
  it.each([['zh', zh], ['en', en]] as const)('has its title and every field label in %s', (_language, locale) => {
    expect(keysOf(schema).filter((key) => !lookup(locale as Tree, key))).toEqual([]);
  });
});

describe('menu titles', () => {
  it('every seeded menu title is translated in both languages', () => {
    const titles = ['home', 'system', 'users', 'roles', 'departments', 'menus', 'lines'].map((m) => `menu.${m}`);
    expect(titles.filter((key) => !lookup(zh as Tree, key) || !lookup(en as Tree, key))).toEqual([]);
  });

  it('route format errors read as the spec says', () => {
    expect(lookup(zh as Tree, 'auth.routesInvalid')).toBe('返回路由格式有误');
    expect(lookup(en as Tree, 'auth.routesInvalid')).toBe('route format returned is wrong');
  });
});
