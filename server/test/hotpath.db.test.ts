// What the hot-path work changed in observable behaviour, outside the session cache: the route
// list's single query (totals, past-the-end pages, waypoint counts) and the health check's reuse.
import { encodeRouteGeometry } from '@waymark/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

describe(`hot path on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists a page with the total, waypoint counts and no geometry, also past the end and for an empty list', async () => {
    const u = await t.signIn();
    const other = await t.signIn();
    const pts = (n: number) => Array.from({ length: n }, (_, i) => ({ lon: 1.52 + i / 1000, lat: 42.5, mode: 'snap' }));
    const geometry = encodeRouteGeometry([
      [1.52, 42.5, 1000],
      [1.53, 42.51, 1010],
    ]);
    for (let i = 1; i <= 5; i++) {
      const res = await t.json(
        'POST',
        '/api/routes',
        {
          name: `Run ${i}`,
          region: 'andorra',
          waypoints: pts(i + 1),
          geometry,
          stats: { distanceM: i, ascentM: 0, descentM: 0, timeS: 1 },
        },
        u.headers,
      );
      expect(res.status).toBe(201);
    }
    type List = { items: { name: string; waypointCount: number; waypoints?: unknown; geometry?: unknown }[]; total: number; page: number };
    const get = async (q: string, who = u) => (await (await t.json('GET', `/api/routes${q}`, undefined, who.headers)).json()) as List;
    const page1 = await get('?sort=name&pageSize=2');
    expect(page1.total).toBe(5);
    expect(page1.items.map((i) => [i.name, i.waypointCount])).toEqual([
      ['Run 1', 2],
      ['Run 2', 3],
    ]);
    expect(page1.items[0]).not.toHaveProperty('waypoints');
    expect(page1.items[0]).not.toHaveProperty('geometry');
    const last = await get('?sort=name&pageSize=2&page=3');
    expect(last).toMatchObject({ total: 5, page: 3 });
    expect(last.items.map((i) => i.name)).toEqual(['Run 5']);
    const past = await get('?sort=name&pageSize=2&page=9');
    expect(past).toMatchObject({ total: 5, page: 9, items: [] });
    const searched = await get('?q=run 4');
    expect(searched).toMatchObject({ total: 1, items: [{ name: 'Run 4', waypointCount: 5 }] });
    expect(await get('', other)).toMatchObject({ total: 0, items: [] });
  });

  it('answers an API GET without a session or token at once, without the auth middleware; one with a session cookie through it', async () => {
    const outgoing = { headersSent: false, setHeader: () => undefined };
    const get = (headers: Record<string, string>) =>
      t.app.fetch(new Request('http://localhost/api/regions', { headers }), { outgoing } as never);
    // no cookie, or a browser's csrf cookie alone: synchronous (the router without the auth middleware)
    expect(get({})).not.toBeInstanceOf(Promise);
    expect(get({ cookie: 'waymark_csrf=abc; theme=dark' })).not.toBeInstanceOf(Promise);
    // a session cookie (even a bogus one) or a token: the full chain, where the auth middleware looks it up
    const withSession = get({ cookie: 'theme=dark; waymark_session=not-a-session' });
    expect(withSession).toBeInstanceOf(Promise);
    expect((await withSession).status).toBe(200);
    expect(get({ authorization: 'Bearer nothing' })).toBeInstanceOf(Promise);
  });

  it('reuses a successful health check for up to a second and says when it was made', async () => {
    const body = async () =>
      (await (await t.app.request('/api/health')).json()) as { database: { reachable: boolean; checkedAt: string; latencyMs: number } };
    const first = await body();
    expect(first.database.reachable).toBe(true);
    expect(first.database.latencyMs).toBeGreaterThanOrEqual(0);
    // Within the second the reused check answers without a promise, so the app sends it at once
    // (@hono/node-server's synchronous path: app.ts); on Node's response the pipeline sets its headers.
    const outgoing = { headersSent: false, setHeader: () => undefined };
    const sync = t.app.fetch(new Request('http://localhost/api/health'), { outgoing } as never);
    expect(sync).not.toBeInstanceOf(Promise);
    expect(((await (sync as Response).json()) as { database: { checkedAt: string } }).database.checkedAt).toBe(first.database.checkedAt);
    const burst = await Promise.all(Array.from({ length: 10 }, body));
    const times = new Set(burst.map((b) => b.database.checkedAt));
    expect(times.size).toBeLessThanOrEqual(2); // the first check, or one made after it expired
    await new Promise((r) => setTimeout(r, 1100));
    const later = await body();
    expect(Date.parse(later.database.checkedAt)).toBeGreaterThan(Date.parse(first.database.checkedAt) + 1000);
  });
});
