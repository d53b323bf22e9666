/** Runs `fn` `rounds` times, one after another, and answers each run's wall time in milliseconds. */
export async function timed(fn: () => Promise<unknown>, rounds: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}
