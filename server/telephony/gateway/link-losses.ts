/**
 * The switch link's losses, as the gateway's rebuilds need them: when the link was first and last
 * lost of the losses no rebuild has settled yet (settleEnded's `from` and `to`), and how many times
 * it has been ready (a rebuild for an older ready moment was overtaken). Times are given, not read:
 * the gateway passes its business clock's.
 */
export class LinkLosses {
  /** Whether the link is ready since its last loss: its next state change is a loss. */
  private wasReady = false;
  /** Counts the link's ready moments: a rebuild that sees it change was overtaken by a newer link, whose rebuild follows. */
  private count = 0;
  /**
   * When the link was first lost of the losses no rebuild has settled yet (settleEnded's `from`):
   * calls gone from the switch when it is back ended at the latest then.
   */
  private lostAt: Date | undefined;
  /** When the link last left 'ready' (settleEnded's `to` when later than lostAt). */
  private lastLoss: Date | undefined;

  /** The link's latest ready moment (0 before the first). */
  get readyCount(): number {
    return this.count;
  }

  /** The link is ready: a new ready moment, returned for the rebuild it queues. */
  ready(): number {
    this.wasReady = true;
    this.count += 1;
    return this.count;
  }

  /**
   * The link is in a state other than 'ready' at `at`. Also while a rebuild runs (the seats not yet
   * told the link is up): a link lost then is a loss all the same. Only leaving 'ready' is one (not
   * each step of the reconnect after it).
   */
  left(at: Date): void {
    if (!this.wasReady) return;
    this.wasReady = false;
    this.lastLoss = at;
    this.lostAt ??= this.lastLoss;
  }

  /**
   * What a rebuild that asked the switch at `asked` settles (settleEnded): from the first loss not
   * settled yet to the last loss, or from and to the asking when there is none (the process's first).
   */
  window(asked: Date): { from: Date; to: Date } {
    const from = this.lostAt ?? asked;
    const to = this.lastLoss && this.lastLoss > from ? this.lastLoss : from;
    return { from, to };
  }

  /** The rebuild's settling failed: what is not settled yet is settled by the next try, from the same first loss. */
  failed(from: Date): void {
    this.lostAt = from;
  }

  /** The rebuild settled every loss, and the link is still on the ready moment it rebuilt for. */
  settled(): void {
    this.lostAt = undefined;
  }

  /**
   * The rebuild settled, but the link was lost again meanwhile or is already up again with its own
   * rebuild queued. What was live when it asked was live then, and this process heard the link
   * until the new loss: the next rebuild settles from that loss (or from the asking, if the loss
   * came before it).
   */
  overtaken(asked: Date): void {
    this.lostAt = this.lastLoss && this.lastLoss > asked ? this.lastLoss : asked;
  }
}
