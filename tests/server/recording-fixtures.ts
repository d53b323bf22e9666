import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AppContext } from '../../server/context.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { insertCall } from './callinfo-fixtures.ts';

/** Bytes in every test recording; byte i is i % 251, so a range's bytes can be checked. */
export const RECORDING_SIZE = 1000;

/** A call of `seat` with a recording file of RECORDING_SIZE bytes, as the gateway would leave it (`file` false: the record only). */
export async function recordedCall(ctx: Pick<AppContext, 'db' | 'config'>, seat: string, file = true): Promise<string> {
  const id = await insertCall(ctx.db, { seat });
  const relative = `2026/11/23/${id}.wav`;
  await ctx.db.query('UPDATE call_records SET record_path = $2 WHERE call_id = $1', [id, relative]);
  if (file) {
    const full = path.join(ctx.config.telephony.recordingsDir, relative);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, Buffer.from(Array.from({ length: RECORDING_SIZE }, (_, i) => i % 251)));
  }
  return id;
}

export type RecordingUsers = Record<'admin' | 'supervisor' | 'agent1' | 'agent2', string>;

/** A test server whose log lines are kept in `logged`, and login tokens of an administrator, a supervisor and agents of seats 8101 and 8102. */
export async function recordingServer(): Promise<{ s: TestServer; logged: string[]; t: RecordingUsers }> {
  const logged: string[] = [];
  const logStream = new Writable({ write(chunk, _enc, done) { logged.push(String(chunk)); done(); } });
  const s = await startTestServer({}, { logger: true, logStream });
  const t: RecordingUsers = {
    admin: await s.login('admin', 'admin123'),
    supervisor: await s.login('supervisor', 'super123'),
    agent1: await s.login('agent1', 'agent123'),
    agent2: await s.login('agent2', 'agent123'),
  };
  return { s, logged, t };
}

export const bearer = (token: string, more: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...more });
