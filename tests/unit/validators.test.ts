// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validatorRule } from '../../src/lib/form-rules';
import { refusal, VALIDATORS, type ValidatorName } from '../../src/lib/validators';
import { translator } from './support/translate';

const CASES: Record<ValidatorName, { good: string[]; bad: string[] }> = {
  username: { good: ['admin', ' a '], bad: ['', '   '] },
  password: { good: ['123456', 'admin123', '密码密码密码'], bad: ['', '12345'] },
  mobile: { good: ['13800138000', '19912345678'], bad: ['', '23800138000', '1380013800', '138001380001', '1380013800a'] },
  verifyCode: { good: ['x7k2'], bad: ['', ' '] },
  email: { good: ['a@b.cn', 'first.last+tag@mail.example.com'], bad: ['', 'a@b', 'a b@c.com', '@c.com', 'a@.com'] },
  ip: { good: ['0.0.0.0', '192.168.1.1', '255.255.255.255'], bad: ['', '256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'a.b.c.d'] },
  port: { good: ['0', '80', '8080', '65535'], bad: ['', '-1', '65536', '080', '8o'] },
  url: { good: ['http://example.com', 'https://a.b.cn:8443/path?q=1', 'ftp://10.0.0.1/file'], bad: ['', 'example.com', 'mailto:a@b.c', 'http://'] },
  idCard: {
    // 11010519491231002X is the standard's own example; 440524188001010014 has a valid checksum.
    good: ['11010519491231002X', '11010519491231002x', '440524188001010014', '110105491231002'],
    bad: ['', '110105194912310021', '11010519491331002X', '11010519490230002X', '010105194912310021', '1101051949123100', '110105491331002'],
  },
  chineseName: { good: ['张三', '欧阳娜娜'], bad: ['', '张', '欧阳娜娜娜', 'Tom', '张3'] },
  decimal2: { good: ['0', '12', '12.5', '12.34'], bad: ['', '12.345', '-1', '.5', '1.', 'a'] },
  plainName: { good: ['客服A组', 'abc123'], bad: ['', 'a b', 'a-b', '客服!'] },
  digits: { good: ['0', '8101', '00123'], bad: ['', '8a', '-1', '1.5', ' 1'] },
  accountName: { good: ['agent1', 'first.last@corp', 'a_b-c'], bad: ['', 'a b', '张三', 'a/b'] },
};

describe.each(Object.entries(CASES) as Array<[ValidatorName, { good: string[]; bad: string[] }]>)('validator %s', (name, { good, bad }) => {
  it.each(good)('accepts %j', (value) => expect(VALIDATORS[name].test(value)).toBe(true));
  it.each(bad)('refuses %j', (value) => expect(VALIDATORS[name].test(value)).toBe(false));
  it('names its message key for a refused value only (the login form words it at each render)', () => {
    expect(refusal(name, bad[0]!)).toBe(VALIDATORS[name].message);
    expect(refusal(name, good[0]!)).toBeUndefined();
  });
});

describe('antd rules', () => {
  const zh = translator('zh');
  const en = translator('en');

  async function run(name: ValidatorName, value: unknown, t = zh, options = {}) {
    const rule = validatorRule(name, t, options);
    if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
    return rule.validator({}, value, () => undefined);
  }

  it.each([
    ['username', '', '用户名不能为空'],
    ['password', '12345', '密码不能少于6位'],
    ['mobile', '123', '请输入正确的手机号'],
    ['verifyCode', '', '请输入验证码'],
  ] as const)('%s shows the spec text in Chinese', async (name, value, text) => {
    await expect(run(name, value)).rejects.toThrow(text);
  });

  it.each([
    ['username', undefined, 'user name cannot be empty'],
    ['password', 'abc', 'password cannot be less than 6 characters'],
    ['mobile', '1', 'enter the correct mobile number'],
    ['verifyCode', '', 'enter a verification code'],
  ] as const)('%s shows the spec text in English', async (name, value, text) => {
    await expect(run(name, value, en)).rejects.toThrow(text);
  });

  it('passes a valid value', async () => {
    await expect(run('password', 'admin123')).resolves.toBeUndefined();
  });

  it('lets an empty optional field pass but still checks a filled one', async () => {
    await expect(run('email', '', zh, { optional: true })).resolves.toBeUndefined();
    await expect(run('email', 'nope', zh, { optional: true })).rejects.toThrow('请输入正确的邮箱地址');
  });
});
