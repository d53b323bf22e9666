import { afterEach, describe, expect, it, vi } from 'vitest';
import { admissionGate, GateBusy } from '../../server/db/gate.ts';

/** The visitors' gate (server/db/gate.ts): bounded work under way, a bounded queue in arrival order, a bounded wait. */
describe('admission gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const held = () => {
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    return { done, release };
  };

  it('runs at most `concurrency` at once, queues the next in arrival order and refuses past the queue', async () => {
    const gate = admissionGate({ concurrency: 2, queue: 2, maxWaitMs: 60_000 });
    const order: string[] = [];
    const work = [held(), held()];
    const running = work.map((w, i) => gate.run(async () => {
      order.push(`start ${i}`);
      await w.done;
    }));
    const queued = ['q0', 'q1'].map((name) => gate.run(async () => void order.push(name)));
    expect([gate.running, gate.waiting]).toEqual([2, 2]);
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateBusy);
    expect(gate.tryRun(async () => 'now')).toBeUndefined();
    work[1]!.release();
    await queued[0];
    work[0]!.release();
    await Promise.all([...running, ...queued]);
    expect(order).toEqual(['start 0', 'start 1', 'q0', 'q1']);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
    expect(await gate.tryRun(async () => 'now')).toBe('now');
  });

  it('refuses a piece that waited its longest, with a retry-after, and lets the others through', async () => {
    vi.useFakeTimers();
    const gate = admissionGate({ concurrency: 1, queue: 5, maxWaitMs: 3000 });
    const w = held();
    const first = gate.run(() => w.done);
    const waiting = gate.run(async () => 'never');
    const refused = expect(waiting).rejects.toMatchObject({ retryAfterMs: 1000 });
    await vi.advanceTimersByTimeAsync(3000);
    await refused;
    expect(gate.waiting).toBe(0);
    const next = gate.run(async () => 'ran');
    w.release();
    await first;
    expect(await next).toBe('ran');
  });

  it('frees its place when the work fails', async () => {
    const gate = admissionGate({ concurrency: 1, queue: 0, maxWaitMs: 1000 });
    await expect(gate.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await gate.run(async () => 'after')).toBe('after');
  });
});
