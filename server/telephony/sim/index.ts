/**
 * The switch simulator: a fake FreeSWITCH speaking the Event Socket on 127.0.0.1, the
 * default when ESL_HOST is unset. The gateway's client (or any ESL tool: `auth ClueCon`,
 * `event plain ALL`) connects to it as to a real switch. Calls come from the call model
 * (model.ts), on demand (incoming(), the /api/sim routes) and at random to ready seats.
 */
import { EslServer } from '../esl/server.ts';
import { runCommand } from './commands.ts';
import { systemClock, type SimClock } from './legs.ts';
import { CallModel, type SimTimings } from './model.ts';
import { writeWav } from './wav.ts';

export { NoCallError } from './model.ts';

export interface SimLog {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
}

export interface SimulatorOptions {
  /** 0 = any free port. A port in use rejects with code EADDRINUSE (another process runs the simulator). */
  port: number;
  password: string;
  recordingsDir: string;
  /** Random incoming calls per minute to ready seats; 0 = only on demand. */
  callsPerMinute?: number;
  /** Ready seats, for random calls. */
  seats?: () => Promise<Array<{ seat: string; extension: string }>>;
  /** Demo: an incoming call is answered by the simulated phone after this many seconds; 0 = wait for answer(ext). */
  autoAnswerSeconds?: number;
  clock?: SimClock;
  timings?: Partial<SimTimings>;
  random?: () => number;
  /** HEARTBEAT period (FreeSWITCH: 20 s). */
  heartbeatMs?: number;
  log?: SimLog;
}

export interface Simulator {
  readonly port: number;
  /** Rings the seat's extension with an incoming call from phoneNo; resolves with the call uuid. */
  incoming(opts: { extension: string; seat: string; phoneNo: string; ivr?: string }): Promise<string>;
  /** The simulated phone of an extension picks up / hangs up; NoCallError when it has no call. */
  answer(extension: string): Promise<void>;
  hangup(extension: string): Promise<void>;
  /** Whether the phone picks up dial-outs by itself (default true); false leaves them ringing to NO_ANSWER. */
  setAutoAnswer(extension: string, on: boolean): void;
  /** Whether the call's leg is being recorded (the switch has taken the console's uuid_record). */
  recording(uuid: string): boolean;
  /** Drops every Event Socket connection without a word (a cable pulled); the calls go on and the clients reconnect. */
  dropLinks(): void;
  close(): Promise<void>;
}

/** A mobile number for a random caller: 1[3-9] then nine digits. */
function randomPhone(random: () => number): string {
  let n = `1${3 + Math.floor(random() * 7)}`;
  for (let i = 0; i < 9; i++) n += Math.floor(random() * 10);
  return n;
}

export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  const log = opts.log;
  let server: EslServer | null = null;
  const model = new CallModel({
    clock,
    random,
    timings: { ...(opts.autoAnswerSeconds ? { autoAnswerMs: opts.autoAnswerSeconds * 1000 } : {}), ...opts.timings },
    emit: (headers) => server?.broadcast(headers),
    onRecording: (file, seconds) => {
      writeWav(file, seconds).catch((err: unknown) => log?.warn({ err, file }, 'simulator could not write a recording'));
    },
  });
  server = new EslServer({
    host: '127.0.0.1',
    port: opts.port,
    password: opts.password,
    heartbeatMs: opts.heartbeatMs ?? 20_000,
    api: (command) => runCommand({ model, now: () => clock.now(), recordingsDir: opts.recordingsDir }, command),
  });
  await server.listen();
  const esl = server;

  let randomTimer: ReturnType<typeof setTimeout> | null = null;
  const perMinute = opts.callsPerMinute ?? 0;
  const ringRandomSeat = async () => {
    const ready = ((await opts.seats?.()) ?? []).filter((s) => model.phoneLegs(s.extension).length === 0);
    const pick = ready[Math.floor(random() * ready.length)];
    if (pick) model.incoming({ ...pick, phoneNo: randomPhone(random) });
  };
  const scheduleRandom = () => {
    // Exponential gaps: calls arrive as a Poisson stream averaging perMinute.
    const gap = Math.max(1000, (-Math.log(1 - random()) * 60_000) / perMinute);
    randomTimer = clock.setTimeout(() => {
      ringRandomSeat()
        .catch((err: unknown) => log?.warn({ err }, 'simulator could not ring a random seat'))
        .finally(() => {
          if (randomTimer) scheduleRandom();
        });
    }, gap);
  };
  if (perMinute > 0 && opts.seats) scheduleRandom();
  log?.info({ port: esl.port, callsPerMinute: perMinute }, 'switch simulator listening');

  return {
    port: esl.port,
    incoming: async (call) => model.incoming(call),
    answer: async (extension) => model.answerPhone(extension),
    hangup: async (extension) => model.hangupPhone(extension),
    setAutoAnswer: (extension, on) => model.setAutoAnswer(extension, on),
    recording: (uuid) => Boolean(model.legs.get(uuid)?.record),
    dropLinks: () => esl.killSockets(),
    async close() {
      if (randomTimer) clock.clearTimeout(randomTimer);
      randomTimer = null;
      model.stop();
      await esl.close();
    },
  };
}
