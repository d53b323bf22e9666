import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { schemaOfResource } from '../../resources/registry';
import type { PropertySchema } from '../../src/lib/entity';
import { linearPattern } from '../../src/lib/schema-rules';

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

  // re2js costs about a microsecond a character on this machine; a backtracking engine needs
  // minutes for a quadratic pattern at this length, so a second's bound tells them apart.
  it.each(patterns)('%s takes linear time on a 100,000-character crafted value', (pattern) => {
    const test = linearPattern(pattern);
    for (const text of adversarial(pattern, 100_000)) {
      const started = performance.now();
      test(text);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
