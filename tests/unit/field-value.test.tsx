import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../src/app/i18n';
import { FieldValue } from '../../src/pages/resource/FieldValue';
import { durationText } from '../../src/lib/time';
import type { ValueDescription } from '../../src/pages/resource/list-description';

afterEach(() => i18n.changeLanguage('zh'));

/** A report column is only a key, a title and a format: no entity schema behind it. */
const column = (format: ValueDescription['format']): ValueDescription => ({ format });

describe('list cell values', () => {
  it('shows a coded value by its label and anything else as it is', async () => {
    await i18n.changeLanguage('en');
    const label = (value: unknown) => (value === 'menu.users' ? 'Users' : undefined);
    const { rerender } = render(<FieldValue description={{ format: 'text', label }} value="menu.users" />);
    expect(screen.getByText('Users')).toBeTruthy();
    rerender(<FieldValue description={{ format: 'text', label }} value="自定义页面" />);
    expect(screen.getByText('自定义页面')).toBeTruthy();
    rerender(<FieldValue description={column('text')} value="menu.users" />);
    expect(screen.getByText('menu.users')).toBeTruthy();
  });

  it("formats a report's columns by their format alone", async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<FieldValue description={column('yesNo')} value={1} />);
    expect(screen.getByText('Yes')).toBeTruthy();
    rerender(<FieldValue description={column('yesNo')} value={0} />);
    expect(screen.getByText('No')).toBeTruthy();
    rerender(<FieldValue description={column('seconds')} value={42} />);
    expect(screen.getByText('42 s')).toBeTruthy();
    rerender(<FieldValue description={column('duration')} value={3725} />);
    expect(screen.getByText('1:02:05')).toBeTruthy();
    rerender(<FieldValue description={column('datetime')} value={null} />);
    expect(screen.getByText('-')).toBeTruthy();
  });

  it('reads durations as hours, minutes and seconds', () => {
    expect([durationText(0), durationText(59), durationText(60), durationText(86_399)]).toEqual(['0:00:00', '0:00:59', '0:01:00', '23:59:59']);
  });
});
