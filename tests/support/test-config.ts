/**
 * What every test server's configuration starts from, beside each test's own settings: password
 * hashes at scrypt cost 10 (about 1 ms a hash) instead of the default 15 (60-100 ms). The suites log
 * in and create users a thousand times each, and a hash at the default cost is pure CPU: about a
 * minute of each server suite. Hashes carry their cost, so verifying works the same at any; the
 * tests about the login gate under load run their server at the default cost.
 */
export const TEST_SERVER_ENV = { PASSWORD_HASH_COST: '10' } as const;
