// Issue 15, "prefer popular": GET /api/routes/popularity (the per-edge heat of a region's graph
// from this instance's public routes) and loops with `preferPopular` — real Andorra graph, real
// database. Only public routes count: private and unlisted ones never leak into the heat.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRouteGeometry, RunningGraph, SnapIndex, edgeHeat } from '@waymark/geo';
import { andorraPacks } from './support/andorra-packs.ts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

let packs = '';
let cleanupPacks = () => {};

// Andorra la Vella – Escaldes: two public routes along the same streets, one private elsewhere
const A = { lon: 1.5211, lat: 42.5063 };
const B = { lon: 1.5335, lat: 42.5095 };
const C = { lon: 1.5402, lat: 42.5045 };
const D = { lon: 1.533, lat: 42.501 };

interface Popularity {
  region: string;
  edgeCount: number;
  routes: number;
  edges: number[];
  heat: number[];
}

describe(`popular ways on ${TEST_DB}`, () => {
  let t: TestApp;
  let alice: SignedInTestUser;
  let bob: SignedInTestUser;
  let graph: RunningGraph;
  beforeAll(async () => {
    ({ dir: packs, cleanup: cleanupPacks } = await andorraPacks());
    graph = RunningGraph.fromBytes(new Uint8Array(fs.readFileSync(path.join(packs, 'andorra', 'graph.bin'))));
    t = await createTestApp({ REGIONS_DIR: packs });
    alice = await t.signIn({ name: 'Alice' });
    bob = await t.signIn({ name: 'Bob' });
  });
  afterAll(async () => {
    await t?.close();
    cleanupPacks();
  });

  const popularity = async (who?: SignedInTestUser) => {
    const res = await t.json('GET', '/api/routes/popularity?region=andorra', undefined, who?.headers);
    expect(res.status).toBe(200);
    return (await res.json()) as Popularity;
  };
  /** a saved route along the network from `pts`, routed by the server */
  const save = async (who: SignedInTestUser, visibility: string, pts: { lon: number; lat: number }[]) => {
    const routed = (await (await t.json('POST', '/api/route', { region: 'andorra', waypoints: pts })).json()) as {
      route: { coords: [number, number, number | null][] };
    };
    const res = await t.json(
      'POST',
      '/api/routes',
      {
        name: `${visibility} run`,
        description: '',
        visibility,
        region: 'andorra',
        waypoints: pts.map((p) => ({ ...p, mode: 'snap' })),
        geometry: encodeRouteGeometry(routed.route.coords.map(([lon, lat, ele]) => [lon, lat, ele ?? 0])),
        stats: { distanceM: 1000, ascentM: 0, descentM: 0, timeS: 300 },
      },
      who.headers,
    );
    expect(res.status).toBe(201);
    return { id: ((await res.json()) as { id: string }).id, coords: routed.route.coords };
  };

  it('is empty without public routes, for everyone, and validates the region', async () => {
    const p = await popularity();
    expect(p).toEqual({ region: 'andorra', edgeCount: graph.edgeCount, routes: 0, edges: [], heat: [] });
    expect(await popularity(bob)).toEqual(p);
    for (const q of ['', '?region=', '?region=Andorra!', '?region=a%2F..%2Fb', `?region=${'x'.repeat(80)}`]) {
      const res = await t.json('GET', `/api/routes/popularity${q}`);
      expect(res.status, q).toBe(400);
    }
    const unknown = await t.json('GET', '/api/routes/popularity?region=narnia');
    expect(unknown.status).toBe(404);
  });

  it('counts public routes only, on the edges they run along, and follows every change at once', async () => {
    const priv = await save(bob, 'private', [C, D]);
    const unlisted = await save(bob, 'unlisted', [C, D]);
    expect((await popularity()).routes).toBe(0);

    const one = await save(alice, 'public', [A, B]);
    let p = await popularity();
    expect(p.routes).toBe(1);
    expect(p.edges.length).toBeGreaterThan(2);
    expect(p.heat.every((h) => h === 255)).toBe(true);
    // the edges are the ones under the route's line
    const own = edgeHeat(graph, new SnapIndex(graph), [one.coords.map(([lon, lat]) => [lon, lat])]).heat;
    expect(p.edges).toEqual([...own.keys()].filter((e) => own[e]! > 0));

    await save(alice, 'public', [A, B, C]);
    p = await popularity();
    expect(p.routes).toBe(2);
    // shared edges (A→B) are the hottest; the edges only the second route uses are cooler
    expect(Math.max(...p.heat)).toBe(255);
    expect(Math.min(...p.heat)).toBeLessThan(255);
    for (const e of own.keys()) if (own[e]) expect(p.heat[p.edges.indexOf(e)]).toBe(255);

    // a route made private leaves the heat in the very next answer; one made public joins it
    expect((await t.json('PATCH', `/api/routes/${one.id}`, { visibility: 'private' }, alice.headers)).status).toBe(200);
    expect((await popularity()).routes).toBe(1);
    expect((await t.json('PATCH', `/api/routes/${priv.id}`, { visibility: 'public' }, bob.headers)).status).toBe(200);
    expect((await popularity()).routes).toBe(2);
    expect((await t.json('DELETE', `/api/routes/${priv.id}`, undefined, bob.headers)).status).toBe(204);
    expect((await popularity()).routes).toBe(1);
    // another user's forged change of a route is refused and changes nothing
    expect((await t.json('PATCH', `/api/routes/${unlisted.id}`, { visibility: 'public' }, alice.headers)).status).toBe(403);
    expect((await popularity()).routes).toBe(1);
  });

  it('loops with preferPopular run more on popular edges than without, and the flag is validated', async () => {
    await save(alice, 'public', [A, B, C, D, A]);
    const p = await popularity();
    const hot = new Set(p.edges);
    const index = new SnapIndex(graph);
    /** share of a loop's edges (by count) that carry heat */
    const share = (coords: number[][]) => {
      const used = edgeHeat(graph, index, [coords]).heat;
      const edges = [...used.keys()].filter((e) => used[e]! > 0);
      return edges.filter((e) => hot.has(e)).length / edges.length;
    };
    const req = { region: 'andorra', start: A, distanceKm: 5, seed: 4, alternatives: 1 };
    const plain = (await (await t.json('POST', '/api/route/loop', req)).json()) as { alternatives: { coords: number[][] }[] };
    const res = await t.json('POST', '/api/route/loop', { ...req, preferences: { preferPopular: true } });
    expect(res.status).toBe(200);
    const pop = (await res.json()) as { alternatives: { coords: number[][]; distanceM: number }[] };
    expect(Math.abs(pop.alternatives[0]!.distanceM - 5000)).toBeLessThan(500);
    expect(share(pop.alternatives[0]!.coords)).toBeGreaterThan(share(plain.alternatives[0]!.coords));
    for (const bad of [{ preferPopular: 'yes' }, { preferPopular: 1 }, { popular: true }]) {
      const r = await t.json('POST', '/api/route/loop', { ...req, preferences: bad });
      expect(r.status).toBe(400);
    }
  });
});
