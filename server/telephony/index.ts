/**
 * Telephony wiring (TELEPHONY.md): the switch is a real FreeSWITCH when ESL_HOST is set, else
 * the built-in simulator on 127.0.0.1:SIM_ESL_PORT. A second server process on the same machine
 * finds the simulator's port taken and connects to the one already running (one simulated
 * switch, several processes). The Event Socket client connects once the server is ready and is
 * closed with it; the gateway follows its events and serves /ws.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { EslClient } from './esl/client.ts';
import { startSimulator, type Simulator } from './sim/index.ts';
import simRoutes from './sim/routes.ts';
import { Gateway } from './gateway/gateway.ts';
import { CallcenterSync } from './gateway/callcenter.ts';
import { OPEN_STATUS_OF } from '../seats/status-log.ts';
import { registerPhoneSocket } from './gateway/socket.ts';
import { PRESENT, SeatPresence } from '../seats/presence.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The switch link's state for /healthz; the simulator, the gateway and the seats' presence for tests and bench/phone. */
    telephony: {
      link(): string; onLink(listener: (state: string) => void): void; socketCount(): number;
      simulator: Simulator | undefined; gateway: Gateway; presence: SeatPresence;
    };
  }
}

/** The events the gateway reads (CUSTOM last: the words after it are subclasses). */
export const ESL_EVENTS = [
  'CHANNEL_CREATE', 'CHANNEL_ANSWER', 'CHANNEL_BRIDGE', 'CHANNEL_HOLD', 'CHANNEL_UNHOLD', 'CHANNEL_HANGUP_COMPLETE',
  'CHANNEL_DESTROY', 'BACKGROUND_JOB', 'HEARTBEAT', 'CUSTOM', 'callcenter::info',
];

/** Seats present, whose open status is ready and that have an extension: the simulator's random calls ring these. */
const READY_SEATS = `SELECT u.user_seat_no AS seat, u.fjh AS extension FROM users u
 WHERE u.enabled AND u.fjh <> '' AND u.user_seat_no IS NOT NULL AND (${OPEN_STATUS_OF('u.user_seat_no')}) = 0
   AND ${PRESENT('u.user_seat_no')}`;

export async function registerTelephony(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const t = ctx.config.telephony;
  const log = app.log;
  let sim: Simulator | undefined;
  if (!t.eslHost) {
    try {
      sim = await startSimulator({
        port: t.simEslPort, password: t.eslPassword, recordingsDir: t.recordingsDir, callsPerMinute: t.simCallsPerMinute,
        autoAnswerSeconds: t.simAutoAnswerSeconds,
        // The server's clock: the simulated switch's event times are the console's business time.
        clock: ctx.clock,
        seats: () => ctx.db.query<{ seat: string; extension: string }>(READY_SEATS),
        log,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      log.info({ port: t.simEslPort }, 'switch simulator already running on this machine: connecting to it');
    }
  }
  const gateway = new Gateway(ctx.db, {
    afterCallSeconds: t.afterCallSeconds, recordingsDir: t.recordingsDir, gateway: t.gateway, externalPrefixes: t.transferExternalPrefixes,
    barAnswer: t.barAnswer, clock: ctx.clock, log,
  });
  // mod_callcenter's agent statuses follow the console's only when a queue is configured (CC_QUEUE).
  const callcenter = t.ccQueue ? new CallcenterSync(ctx.db, log) : undefined;
  const presence = new SeatPresence(ctx.db, ctx.config.presenceGraceMs, log, ctx.clock);
  let client: EslClient | undefined;
  // Told each change of the link's state (the health's heartbeat row says it at once, not a beat later).
  const linkListeners: ((state: string) => void)[] = [];
  app.decorate('telephony', {
    link: () => client?.state ?? 'closed', onLink: (listener: (state: string) => void) => void linkListeners.push(listener), socketCount: () => gateway.socketCount, simulator: sim, gateway, presence });

  await registerPhoneSocket(app, ctx, gateway, presence);
  await simRoutes(app, ctx, sim);

  app.addHook('onReady', async () => {
    client = new EslClient({
      host: t.eslHost ?? '127.0.0.1', port: t.eslHost ? t.eslPort : sim?.port ?? t.simEslPort, password: t.eslPassword,
      events: ESL_EVENTS, log,
    });
    client.on('state', (state: string) => { for (const listener of linkListeners) listener(state); });
    gateway.start(client);
    presence.start();
    await callcenter?.start(client);
    client.start();
  });
  // Before the server waits for its connections: the client and the simulator keep sockets open.
  app.addHook('preClose', async () => {
    presence.stop();
    await client?.close();
    await gateway.stop();
    await callcenter?.stop();
    await sim?.close();
  });
}
