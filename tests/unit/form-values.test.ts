// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { schemaOf } from '../../resources';
import type { EntitySchema } from '../../schemas/entity';
import { formFields, widgetFor, wireId } from '../../schemas/entity';
import { formBody, formDefaults, withoutWriteOnly } from '../../src/lib/form-values';

const users = schemaOf('users') as EntitySchema;
const menus = schemaOf('menus') as EntitySchema;

describe('form fields', () => {
  it('follow x-resource.form.fields', () => {
    expect(formFields(users).slice(0, 3)).toEqual(['userName', 'password', 'userChineseName']);
  });

  it('default to every property that is not readOnly', () => {
    const schema = { ...users, 'x-resource': { ...users['x-resource'], form: undefined } } as EntitySchema;
    expect(formFields(schema)).not.toContain('userId');
    expect(formFields(schema)).not.toContain('createTime');
    expect(formFields(schema)).toContain('password');
  });

  it('get widgets from x-widget or their type', () => {
    expect(widgetFor(users.properties.password!)).toBe('password');
    expect(widgetFor(users.properties.departId!)).toBe('treeselect');
    expect(widgetFor(menus.properties.hidden!)).toBe('switch');
    expect(widgetFor(menus.properties.order!)).toBe('number');
    expect(widgetFor(menus.properties.target!)).toBe('select');
    expect(widgetFor(menus.properties.icon!)).toBe('icon');
    expect(widgetFor({ type: 'array', items: { type: 'string' } })).toBe('multiselect');
    expect(widgetFor(users.properties.userName!)).toBe('input');
  });
});

describe('form values', () => {
  it('a create form starts from the schema defaults', () => {
    expect(formDefaults(users)).toEqual({ enabled: true });
    expect(formDefaults(menus)).toMatchObject({ order: 0, hidden: false, target: '' });
  });

  it('an edit form never starts with a write-only value', () => {
    expect(withoutWriteOnly(users, { userId: 1, userName: 'a', password: 'hash?', userSeatPwd: 'x' })).toEqual({ userId: 1, userName: 'a' });
  });

  it('on edit an empty password stays out of the body ("keep the old one")', () => {
    expect(formBody(users, { userName: 'a', password: '', userSeatPwd: undefined }, 'edit')).toEqual({ userName: 'a' });
    expect(formBody(users, { userName: 'a', password: 'secret1' }, 'edit')).toEqual({ userName: 'a', password: 'secret1' });
  });

  it('sends only form fields, and a cleared nullable field as null', () => {
    expect(formBody(users, { userName: 'a', userId: 3, createTime: 'x', departId: undefined, lineid: null, mobile: undefined }, 'create')).toEqual({
      userName: 'a', departId: null, lineid: null,
    });
  });

  it('route ids go to the server typed by the schema key', () => {
    expect(wireId(users, '12')).toBe(12);
    expect(wireId(users, 12)).toBe(12);
    expect(wireId(users, 'abc')).toBe('abc');
    expect(wireId(undefined, '12')).toBe('12');
  });
});
