/**
 * bench/patterns: wall-clock time of the schema patterns on their adversarial inputs (the
 * figures tests/security/patterns.test.ts proves by counting the engine's reads instead).
 * Builds the real app in this process on a fresh embedded database, with the body limits
 * lifted as the test does so that the validator itself meets 100,000 characters, and times:
 * every pattern the server compiled (entities, APIs, route schemas) on its own 100,000-character
 * crafted input, and one request per pattern-bearing entity field and hand-written API field.
 * Each figure is the median of ROUNDS tries, the worst is reported too (target: every request
 * answered within 50 ms, the old test's limit).
 * Run: npm run bench:patterns   (writes bench/out/patterns.json; copy the figures into RESULTS.md)
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { compile, compiledPatterns } from '../server/http/validate.ts';
import { createContext } from '../server/main.ts';
import type { PropertySchema } from '../schemas/types.ts';
import { adversarial } from '../tests/support/adversarial.ts';
import { benchDatabase, machine, writeFigures } from './support/server.ts';

const LONG = 100_000;
const ROUNDS = 5;
const LIMIT_MS = 50;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => unknown): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const db = await benchDatabase('patterns', false);
const ctx = await createContext({ ...loadConfig(), dataDir: db.dataDir });
const app = await buildApp(ctx, { logger: false, bodyLimits: { api: 1024 * 1024, open: 1024 * 1024 } });
await app.ready();
try {
  const post = async (url: string, token: string | undefined, body: unknown) => {
    const res = await app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    return res;
  };
  const login = await post('/api/default/login', undefined, { username: 'admin', password: 'admin123' });
  const token = (login.json() as { data: { token: string } }).data.token;

  const requests: { what: string; status: number; ms: number }[] = [];
  const request = async (what: string, url: string, body: unknown) => {
    const status = (await post(url, token, body)).statusCode;
    requests.push({ what, status, ms: await time(() => post(url, token, body)) });
  };
  const patternFields = (props: Readonly<Record<string, PropertySchema>>) =>
    Object.entries(props).flatMap(([name, p]) => (p.pattern ? [[name, p.pattern] as const] : p.items?.pattern ? [[name, p.items.pattern] as const] : []));
  for (const model of ctx.entities) {
    if (!model.res.actions.save) continue;
    for (const [name, pattern] of patternFields(model.props)) {
      if (model.props[name]!.readOnly) continue;
      const value = model.props[name]!.type === 'array' ? [adversarial(pattern, LONG)] : adversarial(pattern, LONG);
      await request(`${model.res.name}.${name}`, `/api/${model.res.module}/${model.res.actions.save}`, { [name]: value });
    }
  }
  await request('saveUserInfo long email', '/api/userManagement/saveUserInfo', { email: `${'a@a.'.repeat(LONG / 4)} ` });
  for (const pattern of ['^(1[0-9]{10})?$', '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$']) {
    await request(`saveUserInfo ${pattern}`, '/api/userManagement/saveUserInfo', { mobile: adversarial(pattern, LONG), email: adversarial(pattern, LONG) });
  }
  await request('setLogout userSeatNo', '/api/User/setLogout', { userSeatNo: adversarial('^[0-9]{0,16}$', LONG) });

  const patterns: { pattern: string; ms: number }[] = [];
  for (const pattern of compiledPatterns) {
    const check: (data: unknown, lang: 'en') => void = compile({ type: 'string', pattern });
    const input = adversarial(pattern, LONG);
    patterns.push({
      pattern,
      ms: await time(() => {
        try {
          check(input, 'en');
        } catch {
          /* refused: only the time counts here */
        }
      }),
    });
  }
  const worst = (xs: { ms: number }[]) => Math.max(...xs.map((x) => x.ms));
  writeFigures('patterns', {
    machine: machine(),
    load: (await import('node:os')).loadavg(),
    characters: LONG,
    rounds: ROUNDS,
    limitMs: LIMIT_MS,
    requests: { count: requests.length, worstMs: worst(requests), medianMs: median(requests.map((r) => r.ms)), all: requests },
    patterns: { count: patterns.length, worstMs: worst(patterns), medianMs: median(patterns.map((p) => p.ms)), all: patterns },
  });
} finally {
  await app.close();
  await ctx.db.close();
  db.remove();
}
