// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HASH_COST, hashPassword, setHashCost, verifyPassword } from '../../server/auth/password.ts';
import { loadConfig } from '../../server/config.ts';

/** PASSWORD_HASH_COST: the scrypt cost new hashes are made at; hashes carry their own. */
describe('password hash cost', () => {
  afterEach(() => setHashCost(DEFAULT_HASH_COST));

  it('is 2^15 unless configured, from 10 to 20; anything else stops the start with its name', () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    for (const bad of ['9', '21', 'cheap', '-1', '12.5']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad }), bad).toThrow(/PASSWORD_HASH_COST/);
    }
  });

  it('new hashes take the set cost, and a hash made at one cost still verifies at another', async () => {
    setHashCost(11);
    const cheap = await hashPassword('correct horse');
    expect(cheap).toMatch(/^scrypt\$2048\$8\$1\$/);
    setHashCost(12);
    const dearer = await hashPassword('correct horse');
    expect(dearer).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyPassword('correct horse', dearer)).toBe(true);
    expect(await verifyPassword('wrong horse', cheap)).toBe(false);
  });
});
