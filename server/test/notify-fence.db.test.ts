// `Notifications.fence(since)` (server/src/db/notify.ts) against a real PostgreSQL: a round trip
// sent after `since` vouches for every notification committed before `since`, so a request whose
// session lookup already waited for one does not wait again for its list page — and nothing
// committed before `since` is ever missed.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_APPLICATION_NAME, postgresNotifications, type Notifications } from '../src/db/notify.ts';
import { TEST_DB, createTestDatabase, type TestDatabase } from './support/db.ts';

const CHANNEL = 'waymark_fence_test';

/** Whether `p` settles within a few turns of the microtask queue (a round trip to PostgreSQL cannot). */
async function settlesAtOnce(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  p.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return settled;
}

describe.runIf(TEST_DB === 'postgres')('fence(since) on PostgreSQL', () => {
  let tdb: TestDatabase;
  let writer: pg.Client;
  let n: Notifications;
  const received: string[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    writer = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
    await writer.connect();
    n = postgresNotifications(tdb.env.DATABASE_URL!, { reconnectMs: [50, 200] });
    await n.listen(CHANNEL, (p) => received.push(p));
  });
  afterAll(async () => {
    await n?.close();
    await writer?.end();
    await tdb?.drop();
  });

  it('answers at once when a round trip sent after `since` has completed, and still delivers what was committed before', async () => {
    await writer.query(`select pg_notify($1, 'before')`, [CHANNEL]);
    const since = performance.now();
    await n.fence(); // sent after `since` (as the session cache's fence of the same request)
    expect(received).toContain('before');
    expect(await settlesAtOnce(n.fence(since))).toBe(true);
    // A later request (arrived after that round trip was sent) waits for a round trip of its own…
    const later = performance.now();
    await writer.query(`select pg_notify($1, 'later')`, [CHANNEL]);
    const f = n.fence(later);
    expect(await settlesAtOnce(f)).toBe(false);
    await f;
    // …which delivered everything committed before it.
    expect(received).toContain('later');
  });

  it('joins a round trip in flight that was sent after `since`, and queues behind one sent before it', async () => {
    const since = performance.now();
    const first = n.fence();
    expect(n.fence(since)).toBe(first);
    const after = performance.now();
    const queued = n.fence(after);
    expect(queued).not.toBe(first);
    await Promise.all([first, queued]);
  });

  it('forgets completed round trips when the listening connection is lost', async () => {
    const since = performance.now();
    await n.fence();
    await writer.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [NOTIFY_APPLICATION_NAME]);
    const deadline = Date.now() + 10_000;
    while (n.healthy && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(n.healthy).toBe(false);
    await expect(n.fence(since)).rejects.toThrow(/down/);
    // Listening again: the round trip before the loss no longer counts; a new one is made.
    while (!n.healthy && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(n.healthy).toBe(true);
    const f = n.fence(since);
    expect(await settlesAtOnce(f)).toBe(false);
    await f;
  });
});
