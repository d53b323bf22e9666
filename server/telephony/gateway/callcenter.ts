/**
 * Keeps mod_callcenter's agent status in step with the console (TELEPHONY.md "Agent status and
 * mod_callcenter"), when a queue is configured (CC_QUEUE). The console keeps its richer statuses
 * itself; the switch is told only the mapped one: ready -> Available, any other open status ->
 * On Break, no open status (logged out) -> Logged Out. The agent is named by the seat number.
 *
 * It follows the seat changes every process announces on the seat_monitor channel (migration
 * 007), so a change made by any process reaches the switch; each process sends on its own link,
 * so with several processes the switch may get the same command more than once, which is
 * harmless (setting a status is idempotent). A command is sent only when a seat's mapped status
 * differs from what this process last sent. Nothing is queued or re-sent while the link is down
 * (the ESL client fails pending commands): when the link is ready again, every seat's current
 * mapped status is sent once.
 */
import type { Db } from '../../db/types.ts';
import { FIELD_PATTERNS } from '../../../schemas/protocol/phone.ts';
import { SEAT_STATUS } from '../../../schemas/protocol/seat-status.ts';
import { CHANNEL } from '../../monitor/hub.ts';
import { OPEN_STATUS_OF } from '../../seats/status-log.ts';
import { EslError } from '../esl/types.ts';
import type { GatewayOptions, SwitchLink } from './gateway.ts';

/** mod_callcenter's agent statuses the console uses: a fixed table, never a value from input. */
export type AgentStatus = 'Available' | 'On Break' | 'Logged Out';

/** The mapped status of a seat's open status code (null: no open status, logged out). */
export function agentStatusOf(open: number | null): AgentStatus {
  if (open === null) return 'Logged Out';
  return open === SEAT_STATUS.ready ? 'Available' : 'On Break';
}

/** The bgapi argument that sets a seat's agent status; the seat is checked again as every value placed in a command. */
export function agentStatusCommand(seat: string, status: AgentStatus): string {
  if (!FIELD_PATTERNS.seat.test(seat)) throw new Error(`refused agent name ${JSON.stringify(seat)}`);
  return `callcenter_config agent set status ${seat} '${status}'`;
}

const SEATS = `SELECT DISTINCT u.user_seat_no AS seat, (${OPEN_STATUS_OF('u.user_seat_no')}) AS status
  FROM users u WHERE u.user_seat_no IS NOT NULL`;

export class CallcenterSync {
  /** What this process last sent for each seat on the current link. */
  private readonly sent = new Map<string, AgentStatus>();
  /** Notifications and link changes are handled one at a time, in arrival order. */
  private queue: Promise<unknown> = Promise.resolve();
  private unlisten?: () => Promise<void>;
  private link: SwitchLink | null = null;

  constructor(private readonly db: Db, private readonly log: GatewayOptions['log']) {}

  async start(link: SwitchLink): Promise<void> {
    this.link = link;
    link.on('ready', this.onReady);
    // The listening connection came back: changes in between were not announced; compare every seat.
    this.unlisten = await this.db.listen(CHANNEL, (payload) => this.serial(() => this.changed(payload)), () => this.serial(() => this.syncAll()));
  }

  async stop(): Promise<void> {
    this.link?.off('ready', this.onReady);
    this.link = null;
    await this.unlisten?.();
    await this.queue;
  }

  private serial(fn: () => Promise<void>): void {
    this.queue = this.queue.then(fn).catch((err: unknown) => this.log.error({ err }, 'agent status not sent to mod_callcenter'));
  }

  /** A new link knows nothing of what the old one was told: forget it and send every seat once. */
  private readonly onReady = (): void => {
    this.serial(async () => {
      this.sent.clear();
      await this.syncAll();
    });
  };

  private async changed(payload: string): Promise<void> {
    const seat = /^\d+:(.+)$/s.exec(payload)?.[1];
    if (!seat || !FIELD_PATTERNS.seat.test(seat)) return;
    const [open] = await this.db.query<{ status: number }>(OPEN_STATUS_OF('$1'), [seat]);
    this.send(seat, agentStatusOf(open ? Number(open.status) : null));
  }

  private async syncAll(): Promise<void> {
    const seats = await this.db.query<{ seat: string; status: number | null }>(SEATS);
    for (const s of seats) {
      if (FIELD_PATTERNS.seat.test(s.seat)) this.send(s.seat, agentStatusOf(s.status === null ? null : Number(s.status)));
    }
  }

  /** Sends without waiting for the job (a slow switch must not hold up the next seat's change). */
  private send(seat: string, status: AgentStatus): void {
    const link = this.link;
    // Link down: nothing is sent or remembered; the next 'ready' sends the seat's status then.
    if (!link || link.state !== 'ready' || this.sent.get(seat) === status) return;
    this.sent.set(seat, status);
    link.bgapi(agentStatusCommand(seat, status)).then(
      (job) => {
        if (!job.ok) this.log.warn({ seat, status, reply: job.body.trim() }, 'mod_callcenter refused the agent status');
      },
      (err: unknown) => {
        // LINK_DOWN: the link was lost meanwhile and 'ready' will send again; anything else is worth a line in the log.
        if (!(err instanceof EslError && err.code === 'LINK_DOWN')) this.log.warn({ err, seat, status }, 'agent status not sent to mod_callcenter');
      },
    );
  }
}
