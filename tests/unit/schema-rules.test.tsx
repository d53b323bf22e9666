import { describe, expect, it } from 'vitest';
import { schemaOf } from '../../resources';
import type { EntitySchema, PropertySchema } from '../../schemas/entity';
import { isRequired, propertyRules } from '../../src/lib/schema-rules';
import type { Translate } from '../../data-providers/translate';
import { translator } from './support/translate';
import { ruleMessages } from './support/form-probe';

const users = schemaOf('users') as EntitySchema;
const menus = schemaOf('menus') as EntitySchema;
const lines = schemaOf('lines') as EntitySchema;
const zh = translator('zh');

/** The messages antd shows for a value, running the derived rules in a real form. */
const messages = (property: PropertySchema, value: unknown, { required = false, label = '字段', t = zh }: { required?: boolean; label?: string; t?: Translate } = {}) =>
  ruleMessages(propertyRules(property, { label, required, t }), value);

const p = (schema: EntitySchema, field: string) => schema.properties[field] as PropertySchema;

describe('rules derived from the schema', () => {
  it('required fields say so with their label', async () => {
    expect(await messages(p(users, 'userName'), '', { required: true, label: '用户名' })).toEqual(['用户名不能为空']);
    expect(await messages(p(users, 'userName'), '   ', { required: true, label: '用户名' })).toContain('用户名不能为空');
    expect(await messages(p(users, 'roles'), [], { required: true, label: '角色' })).toEqual(['角色不能为空']);
  });

  it('x-validator names the spec message for a failed pattern', async () => {
    expect(await messages(p(users, 'mobile'), '2380013800')).toEqual(['请输入正确的手机号']);
    expect(await messages(p(users, 'userChineseName'), 'Tom')).toEqual(['请输入2到4个汉字']);
    expect(await messages(p(users, 'email'), 'a@b')).toEqual(['请输入正确的邮箱地址']);
    expect(await messages(p(users, 'userSeatNo'), '81a')).toEqual(['只能输入数字']);
    expect(await messages(p(users, 'userName'), 'a b')).toEqual(['只能包含字母、数字和 _ . @ -']);
  });

  it('the password validator is a length rule: "password cannot be less than 6 characters"', async () => {
    expect(await messages(p(users, 'password'), '12345')).toEqual(['密码不能少于6位']);
    expect(await messages(p(users, 'password'), '123456')).toEqual([]);
  });

  it('optional fields accept empty values their pattern allows', async () => {
    expect(await messages(p(users, 'mobile'), '')).toEqual([]);
    expect(await messages(p(users, 'mobile'), '13800138000')).toEqual([]);
    expect(await messages(p(users, 'userChineseName'), '张三')).toEqual([]);
  });

  it('other limits get generic localized messages', async () => {
    expect(await messages(p(users, 'userName'), 'a')).toEqual(['至少2个字符']);
    expect(await messages(p(users, 'userEnglishName'), 'x'.repeat(65))).toEqual(['最多64个字符']);
    expect(await messages(p(lines, 'gateway'), 'a b')).toEqual(['格式不正确']);
    expect(await messages(p(menus, 'target'), '_self')).toEqual(['请选择列表中的值']);
    expect(await messages(p(menus, 'order'), 10000)).toEqual(['不能大于9999']);
    expect(await messages(p(menus, 'order'), 1.5)).toEqual(['请输入整数']);
    expect(await messages(p(users, 'lineid'), 0)).toEqual(['不能小于1']);
    expect(await messages(p(users, 'roles'), Array.from({ length: 17 }, (_, i) => `r${i}`))).toEqual(['最多选择16项']);
  });

  it('a validator with no pattern in the schema checks by itself', async () => {
    const ip: PropertySchema = { type: 'string', 'x-validator': 'ip' };
    expect(await messages(ip, '1.2.3')).toEqual(['请输入正确的IP地址']);
    expect(await messages(ip, '')).toEqual([]);
  });

  it('speaks English when the console does', async () => {
    const en = translator('en');
    expect(await messages(p(users, 'mobile'), '123', { t: en })).toEqual(['enter the correct mobile number']);
    expect(await messages(p(users, 'userName'), '', { required: true, label: 'User name', t: en })).toEqual(['User name cannot be empty']);
  });
});

describe('required fields', () => {
  it('come from the schema, except a write-only field on edit (empty keeps the old one)', () => {
    expect(isRequired(users, 'password', 'create')).toBe(true);
    expect(isRequired(users, 'password', 'edit')).toBe(false);
    expect(isRequired(users, 'userName', 'edit')).toBe(true);
    expect(isRequired(users, 'mobile', 'create')).toBe(false);
  });
});
