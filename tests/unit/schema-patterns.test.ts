// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { schemaOfResource } from '../../resources/registry';
import type { PropertySchema } from '../../schemas/entity';
import { linearPattern } from '../../src/lib/schema-rules';
import { charactersRead } from '../support/counted-text';

/** Every pattern the entity schemas give the server, which the forms check too. */
const patterns = [
  ...new Set(
    resources.flatMap((resource) => {
      const schema = schemaOfResource(resource);
      const props: PropertySchema[] = schema ? Object.values(schema.properties) : [];
      return props.flatMap((p) => [p.pattern, p.items?.pattern]).filter((p): p is string => p !== undefined);
    }),
  ),
];

/** Texts built from a pattern's own characters, the kind that makes a backtracking engine explode. */
function adversarial(pattern: string, length: number): string[] {
  const chars = [...new Set(pattern.replace(/\\[a-z]/gi, '').replace(/[\^$()[\]{}*+?|\\]/g, ''))].join('') || 'a';
  const unit = `${chars}a@.1 `;
  const body = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  return [body, `${body}!`, `a@${'a.'.repeat(length / 2)}@`, `${'1'.repeat(length)}x`];
}

const SAMPLES = ['', 'a', 'agent1', 'admin_2', '8101', '13800138000', '+8613800138000', 'a@b.cn', 'no spaces@x', '张三', '王小明明明', '/system/user', 'https://x.cn/a', 'Abc-_.', 'x y', 'ab'];

describe('schema patterns in the browser', () => {
  it('the schemas have patterns to check', () => {
    expect(patterns.length).toBeGreaterThan(0);
  });

  it.each(patterns)("%s answers as the server's JavaScript pattern does", (pattern) => {
    const native = new RegExp(pattern);
    const linear = linearPattern(pattern);
    for (const text of SAMPLES) expect([text, linear(text)]).toEqual([text, native.test(text)]);
  });

  // Work counted, not timed (tests/support/counted-text.ts): re2js reads each character a
  // few times at most; a backtracking engine re-reads the text from many starting points, and
  // a native RegExp reads nothing through the counter (0). Wall-clock figures: bench/patterns.ts.
  it.each(patterns)('%s reads a 100,000-character crafted value a bounded number of times per character', (pattern) => {
    const test = linearPattern(pattern);
    for (const text of adversarial(pattern, 100_000)) {
      const reads = charactersRead(test, text);
      expect(reads, text.slice(0, 20)).toBeGreaterThan(0);
      expect(reads, text.slice(0, 20)).toBeLessThanOrEqual(4 * text.length);
    }
  });
});
