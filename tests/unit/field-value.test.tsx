import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../src/app/i18n';
import { FieldValue } from '../../src/pages/resource/FieldValue';

afterEach(() => i18n.changeLanguage('zh'));

describe('list cell values', () => {
  it('translates values that are i18n keys (menu titles) and leaves plain text alone', async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<FieldValue property={{ type: 'string', 'x-i18n': true }} value="menu.users" />);
    expect(screen.getByText('Users')).toBeTruthy();
    rerender(<FieldValue property={{ type: 'string', 'x-i18n': true }} value="自定义页面" />);
    expect(screen.getByText('自定义页面')).toBeTruthy();
    rerender(<FieldValue property={{ type: 'string' }} value="menu.users" />);
    expect(screen.getByText('menu.users')).toBeTruthy();
  });
});
