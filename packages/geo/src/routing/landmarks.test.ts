import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningGraph } from '../graph/graph.ts';
import { andorraGraph } from '../test-support/andorra.ts';
import { kmNetwork } from '../test-support/network.ts';
import { referenceCost } from '../test-support/reference.ts';
import { mulberry32 } from './loop.ts';
import { LANDMARK_BUDGET_BYTES, landmarkCount, RoutePlanner } from './planner.ts';
import { Router, type RoutePreferences } from './search.ts';
import type { Snap } from './snap.ts';

const PREFS: RoutePreferences[] = [
  { avoidBusyRoads: true },
  { preferPaths: true },
  { preferGreen: true },
  { avoidBusyRoads: true, preferPaths: true, preferGreen: true },
];

/** cost difference allowed between two exact searches (float64 sums in another order) */
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/**
 * A jittered grid of `w` × `h` junctions 200 m apart (km coordinates from x0), a share `missing`
 * of its segments left out (so some pieces come apart: components with and without landmarks),
 * each segment a way of its own: every 4th row tertiary (what avoidBusyRoads avoids), the rest
 * residential or path at random.
 */
function jitteredGrid(rnd: () => number, w: number, h: number, x0 = 0, missing = 0.15) {
  const pt = Array.from({ length: w * h }, (_, i): [number, number] => [
    x0 + 0.2 * (i % w) + 0.06 * (rnd() - 0.5),
    0.2 * Math.floor(i / w) + 0.06 * (rnd() - 0.5),
  ]);
  const ways: [number, number][][] = [];
  const cls: string[] = [];
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      if (c + 1 < w && rnd() >= missing) {
        ways.push([pt[i]!, pt[i + 1]!]);
        cls.push(r % 4 === 0 ? 'tertiary' : rnd() < 0.5 ? 'residential' : 'path');
      }
      if (r + 1 < h && rnd() >= missing) {
        ways.push([pt[i]!, pt[i + w]!]);
        cls.push(rnd() < 0.5 ? 'residential' : 'path');
      }
    }
  return { ways, cls, pt };
}

/** Node snaps of two random nodes; mid-edge snaps of two random edges. */
function randomPair(g: RunningGraph, planner: RoutePlanner, rnd: () => number, mid: boolean): [Snap, Snap] {
  if (!mid) return [planner.index.atNode(Math.floor(rnd() * g.nodeCount)), planner.index.atNode(Math.floor(rnd() * g.nodeCount))];
  return [planner.index.at(Math.floor(rnd() * g.edgeCount), 0, rnd()), planner.index.at(Math.floor(rnd() * g.edgeCount), 0, rnd())];
}

describe('float32 landmarks', () => {
  it('answers preference queries exactly on random grid networks (brute-force Dijkstra under the same costs)', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rnd = mulberry32(seed);
      const { ways, cls } = jitteredGrid(rnd, 9 + (seed % 4), 8 + (seed % 3), 0, seed % 2 ? 0.12 : 0.3);
      const { g, planner } = kmNetwork(ways, (i) => cls[i]!);
      const router = new Router(g, 4 + (seed % 3) * 6);
      const lm = router.landmarkTable();
      expect(lm.d).toBeInstanceOf(Float32Array);
      expect(lm.d.length).toBe(g.nodeCount * lm.k);
      for (let q = 0; q < 30; q++) {
        const [a, b] = randomPair(g, planner, rnd, q % 2 === 0);
        const p = PREFS[q % PREFS.length]!;
        const r = router.route(a, b, { preferences: p });
        const ref = referenceCost(g, a, b, router.edgeMult(p));
        if (!Number.isFinite(ref)) {
          expect(r).toBeNull();
          continue;
        }
        expect(same(r!.cost, ref)).toBe(true);
      }
    }
  });

  it('gives a lower bound that never exceeds the cost, though the raw float32 difference would, when the landmarks are far away', () => {
    // Two grids joined by one bridge whose cost (3·10⁹) dwarfs the rest: the landmarks on one side
    // are ~3·10⁹ from every node on the other, where float32 steps are 256, so the raw difference
    // of two stored distances misses the true one by up to 256 — more than a 200 m street costs.
    const rnd = mulberry32(77);
    const left = jitteredGrid(rnd, 8, 8, 0, 0);
    const right = jitteredGrid(rnd, 8, 8, 3, 0.1);
    const ways = [...left.ways, ...right.ways, [left.pt[7]!, right.pt[0]!]];
    const cls = [...left.cls, ...right.cls, 'path'];
    const { g, planner } = kmNetwork(ways, (i) => cls[i]!);
    const bridge = planner.snap([1.5 + 2.2 / (111.2 * Math.cos((42.5 * Math.PI) / 180)), 42.5], 100)!.edge;
    g.edgeCost[bridge] = 3e9;
    expect(new Set(Array.from(g.nodeComponent)).size).toBe(1);

    const router = new Router(g, 16, false);
    const exact = new Router(g, 0, false); // plain A*: the straight-line bound only
    const { k, d, slack } = router.landmarkTable();
    expect(k).toBe(16);
    expect(slack).toBeGreaterThan(300); // 2⁻²² × ~3·10⁹
    let rawOver = 0;
    let worst = 0;
    for (let t = 0; t < g.nodeCount; t += 3) {
      for (let v = 0; v < g.nodeCount; v++) {
        if (v === t) continue;
        const cost = exact.route(planner.index.atNode(v), planner.index.atNode(t))!.cost;
        const bound = router.landmarkBound(v, t);
        expect(bound).toBeLessThanOrEqual(cost);
        let raw = 0;
        for (let j = 0; j < k; j++) raw = Math.max(raw, Math.abs(d[t * k + j]! - d[v * k + j]!));
        if (raw > cost) rawOver++;
        worst = Math.max(worst, raw - cost);
      }
    }
    // the network does exercise the rounding: without the slack the bound would overestimate
    expect(rawOver).toBeGreaterThan(0);
    expect(worst).toBeGreaterThan(10);

    // and the searches stay exact: preferences, mid-edge ends, across the bridge and on each side
    // (these fail both without the slack and without re-expanding a node reached more cheaply
    // after it was settled: the rounding leaves the bound consistent only up to ~2⁻²³ × 3·10⁹)
    const check = new Router(g, 16);
    for (let q = 0; q < 200; q++) {
      const [a, b] = randomPair(g, planner, rnd, q % 2 === 1);
      const p = PREFS[q % PREFS.length]!;
      const r = check.route(a, b, { preferences: p })!;
      expect(same(r.cost, referenceCost(g, a, b, check.edgeMult(p)))).toBe(true);
    }
  });
});

describe('float32 landmarks on Andorra', () => {
  let g: RunningGraph;
  let planner: RoutePlanner;
  beforeAll(async () => {
    ({ graph: g } = await andorraGraph());
    planner = new RoutePlanner(g);
  });

  it('stores each landmark distance as the float32 nearest the exact cost', () => {
    const { k, d } = planner.router.landmarkTable();
    expect(k).toBe(16);
    expect(d.byteLength).toBe(g.nodeCount * 16 * 4);
    const rnd = mulberry32(5);
    for (let j = 0; j < k; j += 3) {
      let lm = -1;
      for (let v = 0; v < g.nodeCount && lm < 0; v++) if (d[v * k + j] === 0) lm = v;
      expect(lm).toBeGreaterThanOrEqual(0);
      for (let q = 0; q < 12; q++) {
        const v = Math.floor(rnd() * g.nodeCount);
        const ref = referenceCost(g, planner.index.atNode(lm), planner.index.atNode(v));
        if (!Number.isFinite(ref)) expect(d[v * k + j]).toBe(Infinity);
        else expect(Math.abs(d[v * k + j]! - ref)).toBeLessThanOrEqual(ref * 2 ** -24 + 1e-9);
      }
    }
  });

  it('answers preference queries with the same costs as plain A*, mid-edge and node to node', () => {
    const plain = new Router(g, 0, false);
    const rnd = mulberry32(11);
    const snap = (): Snap => {
      const [x0, y0, x1, y1] = g.bbox;
      for (;;) {
        const s = planner.snap([x0 + rnd() * (x1 - x0), y0 + rnd() * (y1 - y0)], 500, 0);
        if (s) return s;
      }
    };
    let settled = 0;
    let plainSettled = 0;
    for (let q = 0; q < 400; q++) {
      const [a, b] = q % 4 === 3 ? randomPair(g, planner, rnd, false) : [snap(), snap()];
      const p = PREFS[q % PREFS.length]!;
      const r = planner.router.route(a, b, { preferences: p });
      const ref = plain.route(a, b, { preferences: p });
      if (!ref) {
        expect(r).toBeNull();
        continue;
      }
      expect(same(r!.cost, ref.cost)).toBe(true);
      settled += r!.settled;
      plainSettled += ref.settled;
    }
    // preferences raise costs well above the base costs the landmarks know (Andorra is mostly
    // roads, which preferPaths makes 1.4–1.6× dearer), so the gain is smaller than without (~5×)
    expect(settled).toBeLessThan(plainSettled * 0.7);
  });
});

describe('landmark count by graph size', () => {
  it('takes as many as fit in the budget, 8 to 16', () => {
    expect(landmarkCount(2169)).toBe(16);
    expect(landmarkCount(300_000)).toBe(16);
    expect(landmarkCount(786_000)).toBe(16);
    expect(landmarkCount(1_021_114)).toBe(12);
    expect(landmarkCount(2_000_000)).toBe(8);
    expect(landmarkCount(5_000_000)).toBe(8);
    for (const n of [10_000, 500_000, 900_000, 1_200_000, 1_500_000])
      expect(n * landmarkCount(n) * 4).toBeLessThanOrEqual(LANDMARK_BUDGET_BYTES);
  });
});
