import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, compiledPatterns, linearRegExp } from '../../server/http/validate.ts';
import type { PropertySchema } from '../../schemas/types.ts';
import { adversarial } from '../support/adversarial.ts';
import { charactersRead } from '../support/counted-text.ts';
import { startTestServer, type TestServer } from '../server/helpers.ts';

/**
 * No pattern can stall the server: every schema pattern runs on a linear-time engine, and a
 * string over its maxLength is refused before its pattern runs. Each field gets 100,000
 * characters built from its own pattern's characters (the input that makes a backtracking
 * engine explode), ending in one that fails. Linearity is proven by counting the engine's
 * reads of the input (tests/support/counted-text.ts), never by a clock: the wall-clock
 * figures are in bench/patterns.ts.
 */
const LONG = 100_000;
/** Reads a linear engine may make per character (re2js makes 1 to 3); a backtracking one makes thousands at this length. */
const READS_PER_CHARACTER = 4;

// Body limits lifted, so that the validator itself meets the 100,000 characters.
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({}, { bodyLimits: { api: 1024 * 1024, open: 1024 * 1024 } });
  admin = await s.login('admin', 'admin123');
});
afterAll(() => s.close());

const patternFields = (props: Readonly<Record<string, PropertySchema>>) =>
  Object.entries(props).flatMap(([name, p]) => (p.pattern ? [[name, p.pattern] as const] : p.items?.pattern ? [[name, p.items.pattern] as const] : []));

describe('schema patterns are linear and checked after lengths', () => {
  it('the long email that stalled the server answers 400 (doEmailMsgEdit, saveUserInfo)', async () => {
    const email = `${'a@a.'.repeat(LONG / 4)} `;
    // saveUserInfo checks the personal center's form schema, whose e-mail names its validator: the form's words.
    for (const [action, body, words] of [
      ['doEmailMsgEdit', { userId: 1, email }, 'must NOT have more than 128 characters'],
      ['saveUserInfo', { email }, 'enter a valid email address'],
    ] as const) {
      const res = await s.call('POST', `/api/userManagement/${action}`, { token: admin, body, headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(400);
      expect(res.body.data.errors.email).toBe(words);
    }
  });

  it('with the usual body limits, the same request is refused at the door', async () => {
    const t = await startTestServer();
    try {
      const token = await t.login('admin', 'admin123');
      const res = await t.call('POST', '/api/userManagement/saveUserInfo', { token, body: { email: `${'a@a.'.repeat(LONG / 4)} ` }, headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(413);
      expect(res.body.msg).toBe('the request body is too large (at most 64 KiB)');
    } finally {
      await t.close();
    }
  });

  // Each field's pattern must be one the linear engine compiled (the last test proves each of
  // those linear): a validator given a native RegExp would not list it.
  it('every pattern-bearing field of every entity save answers 400, its pattern on the linear engine', async () => {
    let fields = 0;
    for (const model of s.ctx.entities) {
      if (!model.res.actions.save) continue;
      for (const [name, pattern] of patternFields(model.props)) {
        if (model.props[name]!.readOnly) continue;
        const value = model.props[name]!.type === 'array' ? [adversarial(pattern, LONG)] : adversarial(pattern, LONG);
        const res = await s.call('POST', `/api/${model.res.module}/${model.res.actions.save}`, { token: admin, body: { [name]: value } });
        expect(res.status, `${model.res.name}.${name}`).toBe(400);
        expect(Object.keys(res.body.data.errors).filter((f) => f === name || f.startsWith(`${name}.`)), `${model.res.name}.${name}`).not.toEqual([]);
        expect(compiledPatterns.has(pattern), `${model.res.name}.${name}`).toBe(true);
        fields++;
      }
    }
    expect(fields).toBeGreaterThan(5);
  });

  it('every pattern-bearing field of the hand-written APIs answers 400, its pattern on the linear engine', async () => {
    const cases: Array<[string, Record<string, unknown>, string[]]> = [];
    const [mobile, email] = ['^(1[0-9]{10})?$', '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$'];
    for (const pattern of [mobile, email]) cases.push(['userManagement/saveUserInfo', { mobile: adversarial(pattern, LONG), email: adversarial(pattern, LONG) }, [mobile, email]]);
    const avatar = '^(|https?://\\S+|/\\S*|data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+)$';
    cases.push(['userManagement/saveUserInfo', { avatar: adversarial(avatar, LONG) }, [avatar]]);
    for (const action of ['getDepartIdByUserSeatNo', 'getUserMobile', 'getUserInfoByUserId']) cases.push([`userManagement/${action}`, { userSeatNo: adversarial('^[0-9]{1,8}$', LONG) }, ['^[0-9]{1,8}$']]);
    cases.push(['User/setLogout', { userSeatNo: adversarial('^[0-9]{0,16}$', LONG) }, ['^[0-9]{0,16}$']]);
    for (const [url, body, patterns] of cases) {
      const res = await s.call('POST', `/api/${url}`, { token: admin, body });
      expect(res.status, url).toBe(400);
      for (const pattern of patterns) expect(compiledPatterns.has(pattern), `${url} ${pattern}`).toBe(true);
    }
  });

  it('every pattern compiled anywhere (entities, APIs, route schemas) reads its adversarial input a bounded number of times per character', () => {
    expect(compiledPatterns.size).toBeGreaterThan(10);
    for (const pattern of compiledPatterns) {
      const check: (data: unknown, lang: 'en') => void = compile({ type: 'string', pattern });
      const input = adversarial(pattern, LONG);
      expect(() => check(input, 'en'), pattern).toThrow();
      const reads = charactersRead(linearRegExp(pattern).test, input);
      // Zero would mean an engine that does not read through the counter (a native RegExp).
      expect(reads, pattern).toBeGreaterThan(0);
      expect(reads, pattern).toBeLessThanOrEqual(READS_PER_CHARACTER * LONG);
    }
  });

  it('the read count tells a linear engine from a backtracking one on the same input', () => {
    // A backtracking search for /(a+)+$/ on "aaa…a\u0001" tries every split of the a's: a
    // textbook matcher reading through the same counter shows what the bound above refuses.
    const backtracking = (text: string) => {
      const plus = (from: number): boolean => {
        for (let end = from + 1; end <= text.length && text.charCodeAt(end - 1) === 97; end++) {
          if (end === text.length || plus(end)) return true;
        }
        return false;
      };
      for (let start = 0; start < text.length; start++) if (plus(start)) return true;
      return false;
    };
    const input = adversarial('(a+)+$', 20);
    expect(charactersRead(backtracking, input)).toBeGreaterThan(READS_PER_CHARACTER * 20 * 1000);
    const linear = charactersRead(linearRegExp('(a+)+$').test, input);
    expect(linear).toBeGreaterThan(0);
    expect(linear).toBeLessThanOrEqual(READS_PER_CHARACTER * 20);
  });

  it('a string over maxLength is refused without running its pattern', () => {
    const check = compile({ type: 'object', properties: { x: { type: 'string', maxLength: 8, pattern: '^[0-9]+$' } } });
    expect(() => check({ x: 'a'.repeat(9) }, 'en')).toThrow(/^invalid request: x must NOT have more than 8 characters$/);
    expect(() => check({ x: 'a' }, 'en')).toThrow(/^invalid request: x must match pattern/);
  });

  it('a pattern that needs backtracking (look-around, back-reference) fails at startup', () => {
    expect(() => compile({ type: 'string', pattern: '^(?!admin)[a-z]+$' })).toThrow(/not allowed/);
    expect(() => compile({ type: 'string', pattern: '^(a+)\\1$' })).toThrow(/not allowed/);
  });
});
