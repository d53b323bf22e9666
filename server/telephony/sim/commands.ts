/**
 * The simulator's `api` / `bgapi` commands, answering in FreeSWITCH's words (mod_commands,
 * mod_event_socket): `+OK`, `-ERR No such channel!`, `-ERR <cmd> Command not found!`,
 * `show channels` as a CSV listing or as json, `status` text.
 */
import path from 'node:path';
import { CHANNEL_COLUMNS, channelRow } from './legs.ts';
import { DialError } from './dialstring.ts';
import type { CallModel } from './model.ts';

const UUID = /^[0-9a-zA-Z-]{1,64}$/;

function usage(syntax: string): string {
  return `-USAGE: ${syntax}\n`;
}

function uptime(ms: number): string {
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  return `UP 0 years, ${d} days, ${Math.floor(s / 3600) % 24} hours, ${Math.floor(s / 60) % 60} minutes, ${s % 60} seconds, ${ms % 1000} milliseconds, 0 microseconds`;
}

function status(model: CallModel, now: number): string {
  const live = model.legs.size;
  return [
    uptime(now - model.startedMs),
    'FreeSWITCH (Version 1.10.12 callcentre-simulator) is ready',
    `${model.sessionsSinceStart} session(s) since startup`,
    `${live} session(s) - peak ${live}, last 5min ${live} `,
    '0 session(s) per Sec out of max 30, peak 0, last 5min 0 ',
    '1000 session(s) max',
    'min idle cpu 0.00/100.00',
    '',
  ].join('\n');
}

/** `show channels [as json|as xml]` ('count' aside): live legs in FreeSWITCH's shapes. */
function showChannels(model: CallModel, format: string): string {
  const rows = [...model.legs.values()].map(channelRow);
  if (format === 'json') return rows.length ? JSON.stringify({ row_count: rows.length, rows }) : '{"row_count": 0}\n';
  if (format === 'xml') {
    const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const body = rows.map((r, i) => `  <row row_id="${i + 1}">\n${CHANNEL_COLUMNS.map((c) => `    <${c}>${esc(r[c])}</${c}>\n`).join('')}  </row>\n`).join('');
    return `<result row_count="${rows.length}">\n${body}</result>\n`;
  }
  if (format !== '') return `-ERR Cannot find format ${format}\n`;
  const lines = rows.map((r) => CHANNEL_COLUMNS.map((c) => r[c]).join(','));
  return `${rows.length ? `${CHANNEL_COLUMNS.join(',')}\n${lines.join('\n')}\n` : ''}\n${rows.length} total.\n`;
}

export interface CommandContext {
  model: CallModel;
  now: () => number;
  /** Recordings may be written only below this folder. */
  recordingsDir: string;
}

/** Runs one api command line and returns its output. */
export async function runCommand(ctx: CommandContext, line: string): Promise<string> {
  const words = line.trim().split(/\s+/).filter(Boolean);
  const name = (words[0] ?? '').toLowerCase();
  const args = words.slice(1);
  const { model } = ctx;
  switch (name) {
    case 'status':
      return status(model, ctx.now());
    case 'show': {
      const what = (args[0] ?? '').toLowerCase();
      if (what === 'calls' || what === 'channels') {
        const count = args[1]?.toLowerCase() === 'count';
        if (count) return `\n${model.legs.size} total.\n`;
        const format = args[1]?.toLowerCase() === 'as' ? (args[2] ?? '').toLowerCase() : '';
        return showChannels(model, format);
      }
      return usage('codec|endpoint|application|api|dialplan|file|timer|calls [count]|channels [count|like <match string>]|calls|detailed_calls|bridged_calls|detailed_bridged_calls|aliases|complete|chat|management|modules|nat_map|say|interfaces|interface_types|tasks|limits|status');
    }
    case 'originate':
      try {
        return await model.originate(args.join(' '));
      } catch (error) {
        if (error instanceof DialError) return `-ERR ${error.message}\n`;
        throw error;
      }
    case 'uuid_kill':
      if (!args[0]) return usage('<uuid> [cause]');
      return model.kill(args[0], args[1]) ? '+OK\n' : '-ERR No such channel!\n';
    case 'uuid_hold': {
      const mode = args[0] === 'off' ? 'off' : args[0] === 'toggle' ? 'toggle' : 'on';
      const uuid = mode === 'on' ? args[0] : args[1];
      if (!uuid) return usage('[off|toggle] <uuid> [<display>]');
      return model.hold(uuid, mode) ? '+OK Success\n' : '-ERR Operation failed\n';
    }
    case 'uuid_transfer': {
      const flag = args[1] === '-bleg' ? 'bleg' : args[1] === '-both' ? 'both' : 'leg';
      const dest = flag === 'leg' ? args[1] : args[2];
      if (!args[0] || !dest) return usage('<uuid> [-bleg|-both] <dest-exten> [<dialplan>] [<context>]');
      if (!model.legs.has(args[0])) return '-ERR No such channel!\n';
      return (await model.transfer(args[0], flag, dest)) ? '+OK\n' : '-ERR\n';
    }
    case 'uuid_record': {
      const [uuid, action, file] = args;
      if (!uuid || (action !== 'start' && action !== 'stop') || !file) return usage('<uuid> [start|stop|mask|unmask] <path> [<limit>] [<recording_vars>]');
      if (!model.legs.has(uuid)) return '-ERR Cannot locate session!\n';
      if (action === 'start' && !inside(ctx.recordingsDir, file)) return '-ERR Cannot record session!\n';
      if (model.record(uuid, action, file)) return '+OK Success\n';
      return action === 'start' ? '-ERR Cannot record session!\n' : '-ERR Cannot stop record session!\n';
    }
    case 'uuid_bridge':
      if (!args[0] || !args[1]) return usage('<uuid> <other_uuid>');
      return model.bridgeUuids(args[0], args[1]) ? `+OK ${args[1]}\n` : '-ERR Invalid uuid\n';
    case 'uuid_answer':
      if (!args[0]) return usage('<uuid>');
      return model.answerLeg(args[0]) ? '+OK\n' : '-ERR No such channel!\n';
    case 'uuid_exists':
      return args[0] && UUID.test(args[0]) && model.legs.has(args[0]) ? 'true' : 'false';
    case 'callcenter_config':
      // No queues here: the console keeps agents' statuses itself (TELEPHONY.md).
      return '+OK\n';
    default:
      return `-ERR ${words[0] ?? ''} Command not found!\n`;
  }
}

/** A recording path must be an absolute path below the recordings folder: no other file is the simulator's to write. */
function inside(dir: string, file: string): boolean {
  if (!path.isAbsolute(file)) return false;
  const relative = path.relative(path.resolve(dir), path.resolve(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
