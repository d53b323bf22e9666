/**
 * The parts of FreeSWITCH's dial-string syntax the simulator understands:
 * `{var=value,...}endpoint` where endpoint is `user/<ext>`, `sofia/gateway/<gw>/<number>` or
 * `sofia/<profile>/<number>[@host]`, and originate's second argument `&bridge(<dial string>)`,
 * `&<app>(...)` or `<extension> [XML] [context]`.
 */

export interface DialTarget {
  vars: Record<string, string>;
  /** Set for `user/<ext>`: a registered phone of the simulated switch. */
  extension?: string;
  /** The number dialled (the extension for user/). */
  number: string;
  endpoint: string;
}

export type OriginateApp =
  | { kind: 'bridge'; target: DialTarget }
  | { kind: 'extension'; extension: string }
  | { kind: 'app'; name: string; data: string };

/** Thrown with FreeSWITCH's hang-up cause as the message (`-ERR <cause>`). */
export class DialError extends Error {}

function parseVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const pair of text.split(',')) {
    if (!pair.trim()) continue;
    const eq = pair.indexOf('=');
    if (eq < 1) throw new DialError('INVALID_NUMBER_FORMAT');
    vars[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim().replace(/^'(.*)'$/, '$1');
  }
  return vars;
}

export function parseDialTarget(text: string): DialTarget {
  let rest = text.trim();
  let vars: Record<string, string> = {};
  if (rest.startsWith('{')) {
    const close = rest.indexOf('}');
    if (close === -1) throw new DialError('INVALID_NUMBER_FORMAT');
    vars = parseVars(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  const user = /^user\/([^@/\s]+)(@\S+)?$/.exec(rest);
  if (user) {
    if (!/^[0-9]{1,16}$/.test(user[1]!)) throw new DialError('USER_NOT_REGISTERED');
    return { vars, extension: user[1]!, number: user[1]!, endpoint: rest };
  }
  const sofia = /^sofia\/(?:gateway\/[^/\s]+|[^/\s]+)\/([^@/\s]+)(@\S+)?$/.exec(rest);
  if (sofia) {
    if (!/^\+?[0-9*#]{1,32}$/.test(sofia[1]!)) throw new DialError('INVALID_NUMBER_FORMAT');
    return { vars, number: sofia[1]!, endpoint: rest };
  }
  throw new DialError('CHAN_NOT_IMPLEMENTED');
}

/** originate's second argument: what the answered leg does next. */
export function parseOriginateApp(words: string[]): OriginateApp {
  const first = words[0] ?? '';
  const app = /^&([a-z_]+)\((.*)\)$/s.exec(words.join(' '));
  if (app) {
    if (app[1] === 'bridge') return { kind: 'bridge', target: parseDialTarget(app[2]!) };
    return { kind: 'app', name: app[1]!, data: app[2]! };
  }
  if (/^[0-9*#]{1,32}$/.test(first)) return { kind: 'extension', extension: first };
  throw new DialError('INVALID_NUMBER_FORMAT');
}

/**
 * `originate <dial string> <app or extension> [XML] [context]`. The dial string's own `{...}`
 * may hold spaces only inside quotes FreeSWITCH would honour; the gateway sends none.
 */
export function parseOriginate(args: string): { target: DialTarget; app: OriginateApp } {
  const words = args.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) throw new DialError('INVALID_NUMBER_FORMAT');
  return { target: parseDialTarget(words[0]!), app: parseOriginateApp(words.slice(1)) };
}
