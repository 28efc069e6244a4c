import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, createTestDatabase, type TestDatabase } from './support/db.ts';
import { spawnServer, type ServerProcess } from './support/process.ts';

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The attempt number (1-based) that first got 429, or 0. Requests alternate over the given servers. */
async function firstRefusal(bases: string[], n: number, make: (i: number) => [string, unknown]) {
  for (let i = 1; i <= n; i++) {
    const [path, body] = make(i);
    if ((await post(bases[i % bases.length]!, path, body)).status === 429) return i;
  }
  return 0;
}

// Two real server processes behind one (imaginary) load balancer, on one throwaway PostgreSQL:
// the abuse counters live in the database, so splitting a brute-force run across both processes
// meets its 429 at the same attempt as against one process. (PGlite is one process per data dir.)
describe.skipIf(TEST_DB !== 'postgres')('abuse limits shared by two server processes on PostgreSQL', () => {
  let db: TestDatabase;
  let one: ServerProcess;
  let two: ServerProcess;
  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { ...db.env, PORT: '0', AUTH_RATE_ACCOUNT_MAX: '5', AUTH_RATE_IP_MAX: '20', AUTH_SECRET: 'x'.repeat(40) };
    one = await spawnServer(env, 300_000);
    two = await spawnServer({ ...env, DATA_DIR: `${db.dataDir}-2` }, 300_000);
  }, 600_000);
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await db?.drop();
  });

  it('a split brute-force run is slowed at the same attempt as against one process; so is the per-IP limit', async () => {
    for (const email of ['split@example.org', 'single@example.org']) {
      expect((await post(one.url, '/api/auth/signup', { email, password: 'the real passphrase 1' })).status).toBe(201);
    }
    const guess =
      (email: string) =>
      (i: number): [string, unknown] => ['/api/auth/signin', { email, password: `wrong guess number ${i}` }];
    const single = await firstRefusal([one.url], 12, guess('single@example.org'));
    const split = await firstRefusal([one.url, two.url], 12, guess('split@example.org'));
    expect(single).toBe(6);
    expect(split).toBe(single);
    // Per IP and action (AUTH_RATE_IP_MAX=20): refused at the 21st request whichever process answers.
    expect(await firstRefusal([one.url, two.url], 25, (i) => ['/api/auth/recover', { email: `r${i}@example.org` }])).toBe(21);
  });
});
