/**
 * One client connected to an EslServer: its socket, its command parser, its subscription,
 * and the way bytes are written to it. Tests choose that way (whole frames, split at
 * offsets, one byte at a time, frames merged) to exercise a client's codec over TCP.
 */
import type { Socket } from 'node:net';
import { CommandParser } from './codec.ts';
import { Subscription } from './subscription.ts';
import type { EslCommand } from './types.ts';

/** How frames are written: as they come, cut at byte offsets or into single bytes, or merged. */
export type WriteMode = 'whole' | 'bytes' | 'merge' | { splitAt: readonly number[] };

export class EslConnection {
  readonly subscription = new Subscription();
  authed = false;
  private readonly parser = new CommandParser();
  /** Commands run one at a time, as in mod_event_socket: an `api` holds the connection. */
  private queue: Promise<void> = Promise.resolve();
  /** Ordered writes still in progress (split modes) or waiting to be merged. */
  private tail: Promise<void> = Promise.resolve();
  private pendingWrites = 0;
  private mergeBuffer: Buffer[] = [];

  constructor(
    readonly id: number,
    readonly socket: Socket,
    private readonly writeMode: () => WriteMode,
  ) {
    socket.setNoDelay(true);
  }

  get open(): boolean {
    return !this.socket.destroyed && this.socket.writable;
  }

  /** Feeds received bytes; each complete command goes to `run`, in order. A broken frame ends the connection. */
  receive(chunk: Buffer, run: (command: EslCommand) => Promise<void>): void {
    let commands: EslCommand[];
    try {
      commands = this.parser.push(chunk);
    } catch {
      this.socket.destroy();
      return;
    }
    for (const command of commands) {
      // A command that fails leaves the connection unusable (its reply is missing): drop it.
      this.queue = this.queue.then(() => (this.open ? run(command) : undefined)).catch(() => {
        this.socket.destroy();
      });
    }
  }

  /** Writes bytes in the server's current write mode, keeping their order. */
  write(bytes: Buffer): void {
    if (!this.open) return;
    const mode = this.writeMode();
    if (mode === 'whole' && this.pendingWrites === 0) {
      this.socket.write(bytes);
      return;
    }
    if (mode === 'merge') {
      this.mergeBuffer.push(bytes);
      if (this.mergeBuffer.length === 1) this.enqueue(() => this.flushMerged());
      return;
    }
    this.enqueue(() => this.writePieces(bytes, mode));
  }

  /** Writes, then closes once everything before it has gone out. */
  end(bytes?: Buffer): void {
    if (bytes) this.write(bytes);
    this.enqueue(async () => {
      this.socket.end();
    });
  }

  private enqueue(job: () => Promise<void>): void {
    this.pendingWrites++;
    this.tail = this.tail
      .then(job)
      .catch(() => {
        this.socket.destroy();
      })
      .finally(() => {
        this.pendingWrites--;
      });
  }

  private async flushMerged(): Promise<void> {
    // One macrotask lets the frames written in the same turn pile up into one chunk.
    await new Promise((resolve) => setImmediate(resolve));
    const merged = Buffer.concat(this.mergeBuffer);
    this.mergeBuffer = [];
    await this.send(merged);
  }

  private async writePieces(bytes: Buffer, mode: WriteMode): Promise<void> {
    const cuts =
      mode === 'bytes'
        ? Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)
        : typeof mode === 'object'
          ? mode.splitAt.filter((n) => n > 0 && n < bytes.length)
          : [];
    let start = 0;
    for (const cut of [...cuts, bytes.length]) {
      await this.send(bytes.subarray(start, cut));
      start = cut;
    }
  }

  /** One socket write, finished (handed to the kernel) before the next piece goes. */
  private send(bytes: Buffer): Promise<void> {
    if (!this.open || bytes.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => this.socket.write(bytes, (error) => (error ? reject(error) : resolve())));
  }
}
