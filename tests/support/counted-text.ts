/**
 * Work a pattern engine does, counted rather than timed: a String object that counts the
 * engine's reads of its characters. re2js reads its input through charCodeAt (and indexOf
 * to look for a literal prefix, counted as the characters it scans), so the count is the
 * number of character steps the matcher took. A
 * linear-time engine reads each character a bounded number of times whatever the
 * pattern; a backtracking one re-reads the input from many starting points, so its count
 * grows with the square of the length or faster. Counts are the same on an idle or a busy
 * machine.
 */
class CountedText extends String {
  reads = 0;
  override charCodeAt(index: number): number {
    this.reads++;
    return super.charCodeAt(index);
  }
  override codePointAt(index: number): number | undefined {
    this.reads++;
    return super.codePointAt(index);
  }
  override indexOf(search: string, from = 0): number {
    const found = super.indexOf(search, from);
    this.reads += (found < 0 ? this.length : found + search.length) - Math.max(0, from);
    return found;
  }
}

/**
 * Runs `test` on `text` (as a String object the engine reads through) and returns how many
 * character reads it made. An engine that turns the text into a plain string first (a
 * native RegExp does) reads nothing through the counter: 0, which a test must refuse too.
 */
export function charactersRead(test: (text: string) => unknown, text: string): number {
  const counted = new CountedText(text);
  test(counted as unknown as string);
  return counted.reads;
}
