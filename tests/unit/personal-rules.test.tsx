import { describe, expect, it } from 'vitest';
import { isCommonPassword, notifyPrefsSchema, passwordChangeSchema, profileSchema } from '../../schemas/personal';
import { fieldRules, type FormSchema } from '../../src/pages/personal/schema-rules';
import en from '../../src/locales/en.json';
import zh from '../../src/locales/zh.json';
import { translator } from './support/translate';
import { ruleMessages } from './support/form-probe';

/** The messages the personal center's form shows for a value of one field, from the schema the server checks with. */
const messages = (schema: FormSchema, field: string, value: string, lang: 'zh' | 'en' = 'en') => ruleMessages(fieldRules(schema, field, translator(lang)), value);

describe('the personal center forms read the server\'s schemas', () => {
  it('a mobile is 11 digits starting with 1, in the spec\'s words', async () => {
    expect(await messages(profileSchema, 'mobile', '13800138000')).toEqual([]);
    expect(await messages(profileSchema, 'mobile', '')).toEqual([]);
    for (const bad of ['23800138000', '1380013800', '138001380001']) expect(await messages(profileSchema, 'mobile', bad)).toContain('enter the correct mobile number');
    expect(await messages(profileSchema, 'mobile', '2380013800', 'zh')).toContain('请输入正确的手机号');
  });

  it('a Chinese name is 2-4 Chinese characters; an e-mail must look like one', async () => {
    expect(await messages(profileSchema, 'userChineseName', '王小明')).toEqual([]);
    expect(await messages(profileSchema, 'userChineseName', 'Ming')).toEqual(['enter 2 to 4 Chinese characters']);
    expect(await messages(profileSchema, 'email', 'not-mail')).toEqual(['enter a valid e-mail address']);
  });

  it('the new password is at least 6 characters and required', async () => {
    expect(await messages(passwordChangeSchema, 'newPassword', 'abc')).toEqual(['password cannot be less than 6 characters']);
    expect(await messages(passwordChangeSchema, 'newPassword', '')).toEqual(['New password cannot be empty']);
    expect(await messages(passwordChangeSchema, 'newPassword', 'Heron-Lake-7')).toEqual([]);
  });

  it('the commonest passwords are known whatever their case; others are not', () => {
    for (const common of ['123456', 'Password1', 'QWERTY123', 'woaini1314']) expect(isCommonPassword(common)).toBe(true);
    for (const fine of ['Heron-Lake-7', 'agent1234x']) expect(isCommonPassword(fine)).toBe(false);
  });

  it.each([['zh', zh], ['en', en]] as const)('every field has its label in %s', (_, locale) => {
    const fields = [profileSchema, passwordChangeSchema, notifyPrefsSchema].flatMap((s) => Object.keys(s.properties)).filter((f) => !['userId', 'avatar'].includes(f));
    for (const field of fields) expect((locale.personal as Record<string, string>)[field], field).toBeTruthy();
  });
});
