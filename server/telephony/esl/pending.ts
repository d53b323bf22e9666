/**
 * What a client waits for: replies, paired to commands strictly in the order sent (the
 * switch answers one command at a time), and background jobs keyed by our own Job-UUID.
 * Neither is ever re-sent: on a lost link everything pending fails with LINK_DOWN.
 */
import { EslError, type EslFrame, type JobResult } from './types.ts';

interface PendingReply {
  expects: 'command/reply' | 'api/response';
  resolve(frame: EslFrame): void;
  reject(error: EslError): void;
  timer: NodeJS.Timeout | null;
  /** Timed out: its late reply is still consumed, to keep the pairing in step, then dropped. */
  expired: boolean;
}

export class ReplyQueue {
  private readonly queue: PendingReply[] = [];

  /** Registers a reply awaited for a command about to be written. */
  expect(expects: PendingReply['expects'], timeoutMs: number, what: string): Promise<EslFrame> {
    return new Promise((resolve, reject) => {
      const entry: PendingReply = { expects, resolve, reject, timer: null, expired: false };
      entry.timer = setTimeout(() => {
        entry.expired = true;
        entry.timer = null;
        reject(new EslError('TIMEOUT', `no reply to ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.queue.push(entry);
    });
  }

  /** Pairs a reply frame with the oldest command; a reply nobody waits for means the stream is out of step. */
  settle(type: PendingReply['expects'], frame: EslFrame): void {
    const entry = this.queue.shift();
    if (!entry) throw new EslError('PROTOCOL', `${type} with no command waiting for it`);
    if (entry.expects !== type) throw new EslError('PROTOCOL', `${type} where ${entry.expects} was due`);
    if (entry.expired) return;
    if (entry.timer) clearTimeout(entry.timer);
    const text = frame.headers['reply-text'] ?? '';
    if (type === 'command/reply' && text.startsWith('-ERR')) entry.reject(new EslError('REJECTED', text));
    else entry.resolve(frame);
  }

  failAll(error: EslError): void {
    for (const entry of this.queue.splice(0)) {
      if (entry.timer) clearTimeout(entry.timer);
      if (!entry.expired) entry.reject(error);
    }
  }
}

interface PendingJob {
  resolve(result: JobResult): void;
  reject(error: EslError): void;
  timer: NodeJS.Timeout;
}

export class JobTable {
  private readonly jobs = new Map<string, PendingJob>();

  add(jobUuid: string, timeoutMs: number, what: string): Promise<JobResult> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.jobs.delete(jobUuid);
        reject(new EslError('TIMEOUT', `no result for ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.jobs.set(jobUuid, { resolve, reject, timer });
    });
  }

  /** False when no job waits for it (timed out, or another connection's job): the caller logs and drops it. */
  finish(jobUuid: string, body: string): boolean {
    const job = this.jobs.get(jobUuid);
    if (!job) return false;
    this.jobs.delete(jobUuid);
    clearTimeout(job.timer);
    job.resolve({ jobUuid, ok: body.startsWith('+OK'), body });
    return true;
  }

  fail(jobUuid: string, error: EslError): void {
    const job = this.jobs.get(jobUuid);
    if (!job) return;
    this.jobs.delete(jobUuid);
    clearTimeout(job.timer);
    job.reject(error);
  }

  failAll(error: EslError): void {
    for (const jobUuid of [...this.jobs.keys()]) this.fail(jobUuid, error);
  }
}
