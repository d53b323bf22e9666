// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compile, partFor, pendingValidators, routeValidator, warmValidators, type Check } from '../../server/http/validate.ts';

/**
 * Request schemas compile on first use, and the rest once the server is ready (issue 26 item 5:
 * compiling them was 1.1 s of a warm start): a check made and not yet run costs nothing, a check
 * that runs validates as before, and the warm-up compiles what is left and reports a schema that
 * does not compile instead of stopping the server. Each schema here is new to the process (a
 * property named by a fresh id), since equal schemas share one validator.
 */
const fresh = () => `f${randomUUID().replace(/-/g, '')}`;

describe('request schemas compiled on first use', () => {
  it('a check is compiled when it first runs, and checks as before', () => {
    const name = fresh();
    const before = pendingValidators();
    const check: Check<Record<string, number>> = compile({ type: 'object', additionalProperties: false, required: [name], properties: { [name]: { type: 'integer', minimum: 1 } } });
    expect(pendingValidators()).toBe(before + 1);
    check({ [name]: 3 }, 'en');
    expect(pendingValidators()).toBe(before);
    expect(() => check({ [name]: 0 }, 'en')).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining(name) }));
    expect(() => check({ other: 1 }, 'zh')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("a route's body schema is compiled at its first request, which it validates", async () => {
    const name = fresh();
    const app = Fastify();
    app.setValidatorCompiler(routeValidator);
    app.post('/t', { schema: { body: { type: 'object', additionalProperties: false, required: [name], properties: { [name]: { type: 'string', maxLength: 3 } } } } }, async () => ({ ok: true }));
    await app.ready();
    const before = pendingValidators();
    expect(before).toBeGreaterThan(0);
    const good = await app.inject({ method: 'POST', url: '/t', payload: { [name]: 'abc' } });
    expect(good.statusCode).toBe(200);
    expect(pendingValidators()).toBe(before - 1);
    const bad = await app.inject({ method: 'POST', url: '/t', payload: { [name]: 'abcd' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(name);
    await app.close();
  });

  it('the warm-up compiles every waiting schema and names one that does not compile', async () => {
    const name = fresh();
    compile({ type: 'object', properties: { [name]: { type: 'string' } } });
    // Strict mode refuses an unknown keyword: reported by the warm-up, not thrown at registration.
    const broken = compile({ type: 'object', properties: { [fresh()]: { type: 'string', notAKeyword: true } } });
    expect(pendingValidators()).toBeGreaterThanOrEqual(2);
    const failed = await warmValidators();
    expect(pendingValidators()).toBe(0);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.schema).toContain('notAKeyword');
    expect(String(failed[0]!.error)).toMatch(/notAKeyword/);
    // Running the broken check throws its compile error (a 500 in a route), as it did at start before.
    expect(() => broken({}, 'en')).toThrow(/notAKeyword/);
  });

  it("a fixed value is checked at start against the part of the schema it uses, which refuses what the whole would, and leaves the whole uncompiled", () => {
    const [seat, day, other] = [fresh(), fresh(), fresh()];
    const whole = { type: 'object', additionalProperties: false, required: [day], properties: {
      [seat]: { type: 'string', pattern: '^[0-9]{1,16}$' }, [day]: { type: 'string', maxLength: 10 }, [other]: { type: 'integer' } } } as const;
    const fullCheck: Check<Record<string, unknown>> = compile(whole);
    const waiting = pendingValidators();
    const partOf = (value: Record<string, unknown>) => {
      const check: Check<Record<string, unknown>> = compile(partFor(whole, value));
      return () => check(value, 'en');
    };
    expect(partFor(whole, { [seat]: '81', [day]: '2026-11-28' }).properties).toEqual({ [seat]: whole.properties[seat], [day]: whole.properties[day] });
    expect(partOf({ [seat]: '81', [day]: '2026-11-28' })).not.toThrow();
    // The same refusals as the whole: a bad value, a required key missing, an unknown key.
    const refused = [{ [seat]: 'eighty-one', [day]: '2026-11-28' }, { [seat]: '81' }, { [day]: '2026-11-28', nope: 1 }];
    for (const value of refused) expect(partOf(value)).toThrow(expect.objectContaining({ status: 400 }));
    // The part checks never compiled the whole: it is still waiting, until it runs.
    expect(pendingValidators()).toBe(waiting);
    for (const value of refused) expect(() => fullCheck(value, 'en')).toThrow(expect.objectContaining({ status: 400 }));
    // Equal parts of different schemas are one schema (one validator).
    expect(JSON.stringify(partFor(whole, { [day]: 'x' }))).toBe(JSON.stringify(partFor({ ...whole, properties: { [day]: whole.properties[day]!, z: { type: 'null' } } }, { [day]: 'y' })));
    expect(Object.keys(partFor(whole, { [seat]: '81' }).properties).sort()).toEqual([seat, day].sort());
  });
});
