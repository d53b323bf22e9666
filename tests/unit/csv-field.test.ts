// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvField } from '../../server/reports/export-writers';

describe('CSV formula guard', () => {
  it('writes formulas as text and leaves plain values alone', () => {
    expect(csvField('=1+2', true)).toBe("'=1+2");
    expect(csvField('@SUM(A1)', true)).toBe("'@SUM(A1)");
    expect(csvField('-2+3', true)).toBe("'-2+3");
    expect(csvField('+cmd|x', true)).toBe("'+cmd|x");
    // A lone '-' (no value) and signed numbers are read as values, never run.
    expect(csvField('-', true)).toBe('-');
    expect(csvField('-12.5', true)).toBe('-12.5');
    expect(csvField('+8613800000000', true)).toBe('+8613800000000');
    expect(csvField('a,"b"', true)).toBe('"a,""b"""');
  });
});
