// The list cache's own rules, driven by hand: what it serves, what a change drops, and the races
// it must not lose. The database side (the triggers of migration 0800, every list endpoint, two
// server processes) is tested in server/test/list-cache.db.test.ts on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { LISTS_CHANNEL, ListCache, listKey, type ListCacheOptions } from './list-cache.ts';
import type { Notifications } from './notify.ts';

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

function setup(opts: ListCacheOptions = {}) {
  const n = manualNotifications();
  const cache = new ListCache(n as unknown as Notifications, opts);
  let loads = 0;
  let version = 1;
  const load = () => {
    loads += 1;
    return Promise.resolve(`{"v":${version}}`);
  };
  return {
    n,
    cache,
    load,
    loads: () => loads,
    bump: () => {
      version += 1;
    },
  };
}

describe('ListCache', () => {
  it('listens on the lists channel and serves a page from memory after a fence', async () => {
    const { n, cache, load, loads } = setup();
    expect(await cache.get('k', ['tasks'], load)).toBe('{"v":1}');
    expect(n.channel).toBe(LISTS_CHANNEL);
    expect(n.fences).toBe(0); // a miss reads the database itself
    expect(await cache.get('k', ['tasks'], load)).toBe('{"v":1}');
    expect(loads()).toBe(1);
    expect(n.fences).toBe(1);
  });

  it('drops a page when a table it was read from changes, and keeps the others', async () => {
    const { n, cache, load, loads, bump } = setup();
    await cache.get('tasks', ['tasks', 'projects'], load);
    await cache.get('routes', ['routes'], load);
    bump();
    n.send('projects');
    expect(await cache.get('tasks', ['tasks', 'projects'], load)).toBe('{"v":2}');
    expect(await cache.get('routes', ['routes'], load)).toBe('{"v":1}');
    expect(loads()).toBe(3);
  });

  it('serves the database’s answer when a change arrives during the fence', async () => {
    const { n, cache, load, bump } = setup();
    await cache.get('k', ['tasks'], load);
    n.autoFence = false;
    const pending = cache.get('k', ['tasks'], load);
    await Promise.resolve();
    bump();
    n.send('tasks'); // committed before the request: delivered ahead of the fence's answer
    n.releaseFences();
    n.autoFence = true;
    expect(await pending).toBe('{"v":2}');
  });

  it('does not keep a page that a change overtook while it was read', async () => {
    const { n, cache, loads } = setup();
    let release!: (s: string) => void;
    const slow = () => new Promise<string>((r) => (release = r));
    const pending = cache.get('k', ['tasks'], slow);
    await new Promise((r) => setTimeout(r, 0));
    n.send('tasks');
    release('{"old":true}');
    expect(await pending).toBe('{"old":true}');
    expect(cache.size).toBe(0);
    let fresh = 0;
    expect(
      await cache.get('k', ['tasks'], () => {
        fresh += 1;
        return Promise.resolve('{"new":true}');
      }),
    ).toBe('{"new":true}');
    expect(fresh).toBe(1);
    expect(loads()).toBe(0);
  });

  it('drops everything on a reset or `*`, and reads the database while notifications are down', async () => {
    const { n, cache, load, loads } = setup();
    await cache.get('a', ['tasks'], load);
    n.reset();
    expect(cache.size).toBe(0);
    await cache.get('a', ['tasks'], load);
    n.send('*');
    expect(cache.size).toBe(0);
    n.healthy = false;
    await cache.get('a', ['tasks'], load);
    await cache.get('a', ['tasks'], load);
    expect(cache.size).toBe(0);
    expect(loads()).toBe(4);
  });

  it('reads the database when a fence fails', async () => {
    const { n, cache, load, loads } = setup();
    await cache.get('a', ['tasks'], load);
    n.fence = () => Promise.reject(new Error('down'));
    await cache.get('a', ['tasks'], load);
    expect(loads()).toBe(2);
  });

  it('expires pages after maxAgeMs and keeps at most maxBytes of text, oldest out first', async () => {
    let now = 0;
    const { cache, load, loads } = setup({ maxAgeMs: 1000, maxBytes: 40, now: () => now });
    await cache.get('a', ['tasks'], load);
    now = 999;
    await cache.get('a', ['tasks'], load);
    expect(loads()).toBe(1);
    now = 1000;
    await cache.get('a', ['tasks'], load);
    expect(loads()).toBe(2);
    // each body is 7 characters: 40 hold five
    for (const k of ['b', 'c', 'd', 'e', 'f']) await cache.get(k, ['tasks'], load);
    expect(cache.size).toBe(5);
    await cache.get('a', ['tasks'], load); // 'a' went first
    expect(loads()).toBe(8);
  });

  it('stays empty when it cannot listen, and tries again later', async () => {
    const { n, cache, load } = setup();
    const errors: string[] = [];
    let now = 0;
    const failing = new ListCache({ ...n, listen: () => Promise.reject(new Error('no')) } as unknown as Notifications, {
      onError: (e) => errors.push(e.message),
      now: () => now,
    });
    await failing.get('a', ['tasks'], load);
    await failing.get('a', ['tasks'], load);
    expect(errors).toEqual(['no']); // not again within 5 s
    now = 5000;
    await failing.get('a', ['tasks'], load);
    expect(failing.size).toBe(0);
    expect(errors).toEqual(['no', 'no']);
    await cache.get('a', ['tasks'], load);
    expect(cache.size).toBe(1);
  });

  it('reads every list from the database when given no memory (LIST_CACHE_MB=0)', async () => {
    const { cache, load, loads } = setup({ maxBytes: 0 });
    await cache.get('a', ['tasks'], load);
    await cache.get('a', ['tasks'], load);
    expect(cache.active).toBe(false);
    expect(cache.size).toBe(0);
    expect(loads()).toBe(2);
  });

  it('keys by kind, user and query, whatever the order of the query’s keys', () => {
    expect(listKey('tasks', 'u1', { page: 1, sort: 'due' })).toBe(listKey('tasks', 'u1', { sort: 'due', page: 1, q: undefined }));
    expect(listKey('tasks', 'u1', { page: 1 })).not.toBe(listKey('tasks', 'u2', { page: 1 }));
    expect(listKey('tasks', 'u1', { page: 1 })).not.toBe(listKey('projects', 'u1', { page: 1 }));
    expect(listKey('tasks', 'u1', { status: ['a', 'b'] })).not.toBe(listKey('tasks', 'u1', { status: ['a,b'] }));
  });
});
