/**
 * Texts that make a backtracking engine explode on a given pattern: the characters the
 * pattern names (class ranges' ends, literals, escapes as a sample), repeated to `length`,
 * then one character that breaks the match.
 */
export function adversarial(pattern: string, length: number): string {
  const sample: Record<string, string> = { s: ' ', S: 'a', d: '1', D: 'a', w: 'a', W: '!' };
  const chars = new Set<string>();
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[++i]!;
      if (next === 'u') {
        chars.add(String.fromCharCode(parseInt(pattern.slice(i + 1, i + 5), 16)));
        i += 4;
      } else chars.add(sample[next] ?? next);
    } else if (!'^$()[]{}?*+|'.includes(c) && !/[0-9,]/.test(c)) chars.add(c);
  }
  chars.add('a');
  const unit = [...chars].join('');
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length - 1) + '\u0001';
}
