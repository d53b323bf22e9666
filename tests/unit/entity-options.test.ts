import { describe, expect, it } from 'vitest';
import { optionText } from '../../schemas/entity';

describe('option labels in the interface language', () => {
  it('an English label where there is one, in English; the label otherwise', () => {
    const phone = { label: '电话客服部', labelEn: 'Phone Service', value: 1 };
    expect(optionText(phone, 'en')).toBe('Phone Service');
    expect(optionText(phone, 'en-US')).toBe('Phone Service');
    expect(optionText(phone, 'zh')).toBe('电话客服部');
    // No English name (empty, or an entity without one): the name in both languages.
    const group = { label: '电话一组', labelEn: '', value: 7 };
    const seat = { label: '8101', value: '8101' };
    expect(optionText(group, 'en')).toBe('电话一组');
    expect(optionText(seat, 'en')).toBe('8101');
  });
});
