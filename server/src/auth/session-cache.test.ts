// The session cache's own rules, driven by hand: what it serves, what it drops, and the races it
// must not lose. The database side (triggers, LISTEN/NOTIFY, two processes) is tested in
// server/test/session-cache.db.test.ts against PGlite and a real PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Notifications } from '../db/notify.ts';
import { AUTH_CHANNEL, SessionCache } from './session-cache.ts';

/** A notification source driven by the test: send() delivers, fence() resolves when the test says. */
function manualNotifications() {
  let handler: ((p: string) => void) | null = null;
  let reset: (() => void) | null = null;
  const fences: (() => void)[] = [];
  const n = {
    healthy: true,
    channel: '',
    autoFence: true,
    fences: 0,
    async listen(channel: string, onMessage: (p: string) => void, onReset?: () => void) {
      n.channel = channel;
      handler = onMessage;
      reset = onReset ?? null;
      return () => {
        handler = null;
      };
    },
    fence() {
      n.fences += 1;
      if (n.autoFence) return Promise.resolve();
      return new Promise<void>((resolve) => fences.push(resolve));
    },
    releaseFences() {
      for (const f of fences.splice(0)) f();
    },
    send: (p: string) => handler?.(p),
    reset: () => reset?.(),
    async close() {},
  };
  return n;
}

const row = (sid: string, uid: string, extra: Record<string, unknown> = {}) => ({ sid, id: uid, name: 'x', ...extra });

async function setup(opts: ConstructorParameters<typeof SessionCache>[1] = {}) {
  const n = manualNotifications();
  const cache = new SessionCache(n as unknown as Notifications, opts);
  await cache.start();
  let loads = 0;
  const db = new Map<string, ReturnType<typeof row>>();
  const load = (hash: string) => () => {
    loads += 1;
    return Promise.resolve(db.get(hash));
  };
  return { n, cache, db, load, loads: () => loads };
}

describe('SessionCache', () => {
  it('listens on the auth channel and serves a known session from memory after a fence', async () => {
    const { n, cache, db, load, loads } = await setup();
    expect(n.channel).toBe(AUTH_CHANNEL);
    db.set('h1', row('s1', 'u1'));
    expect(await cache.lookup('h1', load('h1'))).toMatchObject({ sid: 's1' });
    expect(await cache.lookup('h1', load('h1'))).toMatchObject({ sid: 's1' });
    expect(loads()).toBe(1);
    expect(n.fences).toBe(1); // the hit waited for the fence; the miss read the database itself
  });

  it('never remembers unknown tokens', async () => {
    const { cache, load, loads } = await setup();
    expect(await cache.lookup('nope', load('nope'))).toBeUndefined();
    expect(await cache.lookup('nope', load('nope'))).toBeUndefined();
    expect(loads()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('drops a session on s:<id>, all of a user’s sessions on u:<id>, everything on * and on a reset', async () => {
    const { n, cache, db, load, loads } = await setup();
    for (const [h, s, u] of [
      ['h1', 's1', 'u1'],
      ['h2', 's2', 'u1'],
      ['h3', 's3', 'u2'],
    ] as const) {
      db.set(h, row(s, u));
      await cache.lookup(h, load(h));
    }
    expect(cache.size).toBe(3);
    n.send('s:s1');
    expect(cache.size).toBe(2);
    db.delete('h1');
    expect(await cache.lookup('h1', load('h1'))).toBeUndefined();
    n.send('u:u1');
    expect(cache.size).toBe(1);
    n.send('*');
    expect(cache.size).toBe(0);
    await cache.lookup('h3', load('h3'));
    n.reset();
    expect(cache.size).toBe(0);
    n.send('garbage');
    expect(loads()).toBe(5);
  });

  it('serves the database’s answer when a change arrives during the fence', async () => {
    const { n, cache, db, load } = await setup();
    db.set('h1', row('s1', 'u1'));
    await cache.lookup('h1', load('h1'));
    n.autoFence = false;
    const pending = cache.lookup('h1', load('h1'));
    // The session is revoked elsewhere; its notification is delivered before the fence resolves.
    db.delete('h1');
    n.send('s:s1');
    n.releaseFences();
    expect(await pending).toBeUndefined();
  });

  it('does not store a row read before a change that arrived while the read was in flight', async () => {
    const { n, cache } = await setup();
    let resolveLoad!: (r: ReturnType<typeof row>) => void;
    const slow = cache.lookup('h1', () => new Promise<ReturnType<typeof row>>((r) => (resolveLoad = r)));
    n.send('u:u1'); // e.g. the user was banned after our read but before its answer
    resolveLoad(row('s1', 'u1'));
    expect(await slow).toMatchObject({ sid: 's1' }); // this request raced the change: either answer is fair
    expect(cache.size).toBe(0); // but the next one must ask again
    const other = cache.lookup('h2', () => Promise.resolve(row('s2', 'u2')));
    await other;
    expect(cache.size).toBe(1); // unrelated changes do not stop others from being stored
  });

  it('goes to the database while notifications are down, and when the fence fails', async () => {
    const { n, cache, db, load, loads } = await setup();
    db.set('h1', row('s1', 'u1'));
    await cache.lookup('h1', load('h1'));
    n.healthy = false;
    await cache.lookup('h1', load('h1'));
    expect(loads()).toBe(2);
    n.healthy = true;
    n.fence = () => Promise.reject(new Error('down'));
    expect(await cache.lookup('h1', load('h1'))).toMatchObject({ sid: 's1' });
    expect(loads()).toBe(3);
  });

  it('caches nothing when it could not listen', async () => {
    const n = manualNotifications();
    n.listen = () => Promise.reject(new Error('no LISTEN here'));
    const errors: string[] = [];
    const cache = new SessionCache(n as unknown as Notifications, { onError: (e) => errors.push(e.message) });
    await cache.start();
    expect(cache.active).toBe(false);
    let loads = 0;
    for (let i = 0; i < 2; i++) await cache.lookup('h', () => (loads++, Promise.resolve(row('s', 'u'))));
    expect(loads).toBe(2);
    expect(errors).toEqual(['no LISTEN here']);
  });

  it('expires entries after maxAgeMs and keeps at most maxEntries (oldest out)', async () => {
    let now = 1_000;
    const { cache, db, load, loads } = await setup({ maxAgeMs: 100, maxEntries: 2, now: () => now });
    for (const h of ['a', 'b', 'c']) db.set(h, row(`s-${h}`, `u-${h}`));
    await cache.lookup('a', load('a'));
    now += 101;
    await cache.lookup('a', load('a'));
    expect(loads()).toBe(2);
    await cache.lookup('b', load('b'));
    await cache.lookup('c', load('c'));
    expect(cache.size).toBe(2);
    await cache.lookup('a', load('a')); // evicted first
    expect(loads()).toBe(5);
  });

  it('writes "last seen" once per interval for a session, however its requests interleave', async () => {
    let now = 0;
    const { cache } = await setup({ touchIntervalMs: 60_000, now: () => now });
    let writes = 0;
    let finish!: () => void;
    const first = cache.touchOnce('s1', () => (writes++, new Promise<void>((r) => (finish = r))));
    expect(await cache.touchOnce('s1', () => (writes++, Promise.resolve()))).toBe(false); // under way
    finish();
    expect(await first).toBe(true);
    now += 59_000;
    expect(await cache.touchOnce('s1', () => (writes++, Promise.resolve()))).toBe(false); // written a moment ago
    expect(await cache.touchOnce('s2', () => (writes++, Promise.resolve()))).toBe(true); // another session
    now += 2_000;
    expect(await cache.touchOnce('s1', () => (writes++, Promise.resolve()))).toBe(true);
    expect(writes).toBe(3);
    // A failed write is tried again by the next request.
    await expect(cache.touchOnce('s3', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.touchOnce('s3', () => (writes++, Promise.resolve()))).toBe(true);
  });
});
