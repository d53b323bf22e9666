/**
 * The server side of an inbound Event Socket connection, shaped like mod_event_socket:
 * the simulator builds its call model on it, and tests script it as a fake FreeSWITCH.
 * It greets, authenticates, keeps each connection's subscription, answers `api` and
 * `bgapi` through one handler, and broadcasts events in each listener's format.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { encodeEvent, encodeFrame } from './codec.ts';
import { EslConnection, type WriteMode } from './server-connection.ts';
import type { EslCommand, EventFormat } from './types.ts';

export type { WriteMode } from './server-connection.ts';
export { EslConnection } from './server-connection.ts';

export interface ApiContext {
  connection: EslConnection;
  /** Set for bgapi: the job's uuid (the client's Job-UUID header when it sent one). */
  jobUuid?: string;
}

/**
 * Runs an API command (`originate ...`, `show channels as json`, `uuid_kill ...`) and
 * returns its output: the api/response body, or the BACKGROUND_JOB body for bgapi.
 * A thrown error becomes `-ERR <message>`.
 */
export type ApiHandler = (command: string, context: ApiContext) => string | Promise<string>;

/** What happens to a finished bgapi job's event: sent at once (undefined), later, or never. */
export type JobPolicy = (job: { uuid: string; command: string }) => 'drop' | { delayMs: number } | undefined;

export interface EslServerOptions {
  host?: string; // 127.0.0.1
  port?: number; // 0 = any free port
  password: string;
  api: ApiHandler;
  /** HEARTBEAT event period; 0 = none. FreeSWITCH's default is 20 s. */
  heartbeatMs?: number;
}

const DISCONNECT_TEXT = 'Disconnected, goodbye.\nSee you at ClueCon! http://www.cluecon.com/\n';
const REJECTION_TEXT = 'Access Denied, go away.\n';

/**
 * Events: 'command' (EslCommand, EslConnection) for every command received, authenticated
 * or not, before it runs (tests count what reached the switch); 'connection' (EslConnection).
 */
export class EslServer extends EventEmitter {
  readonly coreUuid = randomUUID();
  /** Test hooks: how bytes are written, whether new connections are refused rudely, what to do with job events. */
  writeMode: WriteMode = 'whole';
  rudeRejection = false;
  jobPolicy: JobPolicy = () => undefined;
  private server: Server | null = null;
  private readonly live = new Set<EslConnection>();
  private nextId = 1;
  private sequence = 0;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly options: EslServerOptions) {
    super();
  }

  get port(): number {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('EslServer is not listening');
    return address.port;
  }

  get connections(): EslConnection[] {
    return [...this.live];
  }

  async listen(): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const period = this.options.heartbeatMs ?? 20_000;
    if (period > 0) {
      this.heartbeat = setInterval(() => this.broadcast({ 'Event-Name': 'HEARTBEAT', 'Event-Info': 'System Ready' }), period);
      this.heartbeat.unref();
    }
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.killSockets();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Sends an event to every connection subscribed to it, in the format each asked for. */
  broadcast(headers: Record<string, string>, body?: string): void {
    const full = this.stamp(headers);
    const lower: Record<string, string> = {};
    for (const [name, value] of Object.entries(full)) lower[name.toLowerCase()] = value;
    const name = lower['event-name'];
    if (!name) throw new Error('an event needs an Event-Name header');
    const encoded = new Map<EventFormat, Buffer>();
    for (const connection of this.live) {
      const { subscription } = connection;
      if (!connection.authed || !subscription.wants(name, lower['event-subclass'], lower)) continue;
      let bytes = encoded.get(subscription.format);
      if (!bytes) {
        bytes = encodeEvent(subscription.format, full, body);
        encoded.set(subscription.format, bytes);
      }
      connection.write(bytes);
    }
  }

  /** Test hook: raw bytes to every connection (or one), outside any framing. */
  sendRaw(bytes: Buffer | string, connection?: EslConnection): void {
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    for (const target of connection ? [connection] : this.live) target.write(data);
  }

  /** Sends `text/disconnect-notice` and closes, as FreeSWITCH does on `exit` or shutdown. */
  disconnectNotice(connection?: EslConnection): void {
    for (const target of connection ? [connection] : [...this.live]) {
      target.end(encodeFrame({ 'Content-Type': 'text/disconnect-notice' }, DISCONNECT_TEXT));
    }
  }

  /** Test hook: drops sockets without a word, like a crash or a cable pulled. */
  killSockets(connection?: EslConnection): void {
    for (const target of connection ? [connection] : [...this.live]) target.socket.destroy();
  }

  private stamp(headers: Record<string, string>): Record<string, string> {
    const now = Date.now();
    return {
      ...headers,
      'Core-UUID': headers['Core-UUID'] ?? this.coreUuid,
      'FreeSWITCH-Hostname': headers['FreeSWITCH-Hostname'] ?? 'callcentre-sim',
      'Event-Date-Timestamp': headers['Event-Date-Timestamp'] ?? String(now * 1000),
      'Event-Sequence': String(++this.sequence),
    };
  }

  private accept(socket: Socket): void {
    socket.on('error', () => socket.destroy());
    if (this.rudeRejection) {
      socket.end(encodeFrame({ 'Content-Type': 'text/rude-rejection' }, REJECTION_TEXT));
      return;
    }
    const connection = new EslConnection(this.nextId++, socket, () => this.writeMode);
    this.live.add(connection);
    socket.on('close', () => this.live.delete(connection));
    socket.on('data', (chunk: Buffer) => connection.receive(chunk, (command) => this.run(connection, command)));
    this.emit('connection', connection);
    connection.write(encodeFrame({ 'Content-Type': 'auth/request' }));
  }

  private reply(connection: EslConnection, text: string, extra: Record<string, string> = {}): void {
    connection.write(encodeFrame({ 'Content-Type': 'command/reply', 'Reply-Text': text, ...extra }));
  }

  private async run(connection: EslConnection, command: EslCommand): Promise<void> {
    this.emit('command', command, connection);
    const { line } = command;
    const space = line.indexOf(' ');
    const verb = (space === -1 ? line : line.slice(0, space)).toLowerCase();
    const rest = space === -1 ? '' : line.slice(space + 1).trim();
    if (verb === 'exit' || verb === '...') {
      this.reply(connection, '+OK bye');
      this.disconnectNotice(connection);
      return;
    }
    if (!connection.authed) {
      if (verb !== 'auth') return this.reply(connection, '-ERR command not found');
      if (rest !== this.options.password) {
        this.reply(connection, '-ERR invalid');
        this.disconnectNotice(connection);
        return;
      }
      connection.authed = true;
      return this.reply(connection, '+OK accepted');
    }
    const words = rest.split(' ').filter(Boolean);
    switch (verb) {
      case 'api':
        return this.api(connection, rest);
      case 'bgapi':
        return this.bgapi(connection, rest, command.headers['job-uuid']);
      case 'event':
        return this.reply(connection, connection.subscription.subscribe(words));
      case 'nixevent':
        return this.reply(connection, connection.subscription.unsubscribe(words));
      case 'noevents':
        return this.reply(connection, connection.subscription.clear());
      case 'filter':
        return this.reply(connection, connection.subscription.filter(rest));
      default:
        return this.reply(connection, '-ERR command not found');
    }
  }

  private async execute(command: string, context: ApiContext): Promise<string> {
    if (command === '') return '-ERR no reply\n';
    try {
      return await this.options.api(command, context);
    } catch (error) {
      return `-ERR ${error instanceof Error ? error.message : String(error)}\n`;
    }
  }

  private async api(connection: EslConnection, command: string): Promise<void> {
    const output = await this.execute(command, { connection });
    connection.write(encodeFrame({ 'Content-Type': 'api/response' }, output || '-ERR no reply\n'));
  }

  private bgapi(connection: EslConnection, command: string, clientUuid: string | undefined): void {
    const uuid = clientUuid || randomUUID();
    this.reply(connection, `+OK Job-UUID: ${uuid}`, { 'Job-UUID': uuid });
    // The job runs beside the connection: later commands are not held up by it.
    void this.execute(command, { connection, jobUuid: uuid }).then((output) => {
      const policy = this.jobPolicy({ uuid, command });
      if (policy === 'drop') return;
      const space = command.indexOf(' ');
      const headers: Record<string, string> = {
        'Event-Name': 'BACKGROUND_JOB',
        'Job-UUID': uuid,
        'Job-Command': space === -1 ? command : command.slice(0, space),
      };
      if (space !== -1) headers['Job-Command-Arg'] = command.slice(space + 1);
      const send = () => this.broadcast(headers, output || 'Command returned no output!');
      if (policy) setTimeout(send, policy.delayMs).unref();
      else send();
    });
  }
}
