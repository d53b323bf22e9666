/**
 * A scripted fake FreeSWITCH (EslServer on a free loopback port) and a client wired to it,
 * for the Event Socket tests: canned api answers, and a record of every command the
 * "switch" received, so a test can prove a command reached it exactly once.
 */
import { once } from 'node:events';
import { afterEach } from 'vitest';
import { EslClient, type EslClientOptions } from '../../server/telephony/esl/client.ts';
import { EslServer, type ApiHandler } from '../../server/telephony/esl/server.ts';
import type { LinkState } from '../../server/telephony/esl/types.ts';
import { until as waitUntil, WAIT_MS } from './until.ts';

export const PASSWORD = 'ClueCon';
export const EVENTS = ['CHANNEL_CREATE', 'CHANNEL_ANSWER', 'BACKGROUND_JOB', 'HEARTBEAT', 'CUSTOM', 'callcenter::info'];

export interface Harness {
  server: EslServer;
  client: EslClient;
  /** Every command line the server received, in order. */
  received: string[];
  /** Log lines the client wrote (message text), to check what it dropped. */
  logged: string[];
  states: LinkState[];
  close(): Promise<void>;
}

/** Answers `api echo x` with `x`, `api slow <ms> x` after ms; everything else `+OK <command>`. */
export const cannedApi: ApiHandler = async (command) => {
  const [verb, ...rest] = command.split(' ');
  if (verb === 'echo') return rest.join(' ');
  if (verb === 'slow') {
    await new Promise((resolve) => setTimeout(resolve, Number(rest[0])));
    return rest.slice(1).join(' ');
  }
  return `+OK ${command}\n`;
};

export async function startHarness(
  options: { api?: ApiHandler; heartbeatMs?: number; client?: Partial<EslClientOptions>; start?: boolean } = {},
): Promise<Harness> {
  const server = new EslServer({ password: PASSWORD, api: options.api ?? cannedApi, heartbeatMs: options.heartbeatMs ?? 0 });
  await server.listen();
  const received: string[] = [];
  server.on('command', (command) => received.push(command.line));
  const logged: string[] = [];
  const log = { info: (_o: object, m?: string) => logged.push(m ?? ''), warn: (_o: object, m?: string) => logged.push(m ?? '') };
  const client = new EslClient({
    host: '127.0.0.1',
    port: server.port,
    password: PASSWORD,
    events: EVENTS,
    backoff: { baseMs: 20, maxMs: 100, resetAfterMs: 60_000 },
    log,
    ...options.client,
  });
  const states: LinkState[] = [];
  client.on('state', (state) => states.push(state));
  if (options.start !== false) {
    client.start();
    await untilState(client, 'ready');
  }
  return {
    server,
    client,
    received,
    logged,
    states,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/**
 * For a test file whose tests each start their own harness: returns `start`, and closes the
 * harness the running test started once that test ends (passed or failed), so no socket or
 * reconnect timer outlives its test.
 */
export function harnessPerTest(): (options?: Parameters<typeof startHarness>[0]) => Promise<Harness> {
  let harness: Harness | null = null;
  afterEach(async () => {
    await harness?.close();
    harness = null;
  });
  return async (options = {}) => (harness = await startHarness(options));
}

export async function untilState(client: EslClient, wanted: LinkState): Promise<void> {
  while (client.state !== wanted) await once(client, 'state');
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls every 5 ms until the condition holds: the Event Socket tests check tight orderings. */
export async function until(condition: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
  await waitUntil(condition, timeoutMs, 'condition', 5);
}
