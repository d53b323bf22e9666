// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from '../../src/locales/en.json';
import zh from '../../src/locales/zh.json';
import { FALLBACK_STATUSES } from '../../data-providers/http-error';
import { SITE_TITLE_KEYS } from '../../src/lib/site-title';
import { VALIDATORS } from '../../src/lib/validators';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const zhKeys = flatten(zh as Tree);
const enKeys = flatten(en as Tree);
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('every Chinese key exists in English', () => {
    expect([...zhKeys.keys()].filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('every English key exists in Chinese', () => {
    expect([...enKeys.keys()].filter((key) => !zhKeys.has(key))).toEqual([]);
  });

  it('no translation is empty', () => {
    expect([...zhKeys, ...enKeys].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('both languages use the same placeholders', () => {
    const mismatched = [...zhKeys].filter(([key, text]) => placeholders(text).join() !== placeholders(enKeys.get(key) ?? '').join());
    expect(mismatched).toEqual([]);
  });

  it('has every key the helpers refer to', () => {
    const used = [
      ...Object.values(VALIDATORS).map((v) => v.message),
      ...FALLBACK_STATUSES.map((status) => `http.fallback.${status}`),
      'http.fallback.unknown',
      ...Object.values(SITE_TITLE_KEYS),
      ...['morning', 'forenoon', 'noon', 'afternoon', 'evening'].map((g) => `greeting.${g}`),
    ];
    expect(used.filter((key) => !zhKeys.has(key) || !enKeys.has(key))).toEqual([]);
  });

  it('has the spec texts of the login page', () => {
    expect(zhKeys.get('validation.usernameRequired')).toBe('用户名不能为空');
    expect(zhKeys.get('validation.passwordTooShort')).toBe('密码不能少于6位');
    expect(zhKeys.get('auth.loginFailed')).toBe('用户名或密码错误!!!');
    expect(enKeys.get('auth.loginFailed')).toBe('username or password incorrect!!!');
  });
});
