import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunningGraph } from '../graph/graph.ts';
import { andorraGraph } from '../test-support/andorra.ts';
import { KM_LAT, KM_LON, kmNetwork } from '../test-support/network.ts';
import { referenceCost } from '../test-support/reference.ts';
import { ContractionHierarchy, withHierarchyOrder } from './ch.ts';
import { mulberry32 } from './loop.ts';
import { RoutePlanner } from './planner.ts';
import { Router, type PathResult } from './search.ts';
import type { Snap } from './snap.ts';

/** The steps chain up from `a` to `b`, and the result's length and cost are what they walk. */
function expectWalk(g: RunningGraph, r: PathResult, a: Snap, b: Snap) {
  const atNode = (s: Snap) => s.offset < 1e-6 || s.offset > g.edgeLength[s.edge]! - 1e-6;
  const steps = r.steps;
  if (steps.length === 0) {
    expect(r.length).toBeCloseTo(0, 6);
    return;
  }
  if (steps[0]!.edge === a.edge) expect(steps[0]!.start).toBeCloseTo(a.offset, 6);
  else expect(atNode(a)).toBe(true);
  if (steps.at(-1)!.edge === b.edge) expect(steps.at(-1)!.end).toBeCloseTo(b.offset, 6);
  else expect(atNode(b)).toBe(true);
  let length = 0;
  let cost = 0;
  for (let j = 0; j < steps.length; j++) {
    const s = steps[j]!;
    const len = g.edgeLength[s.edge]!;
    length += Math.abs(s.end - s.start);
    cost += (Math.abs(s.end - s.start) * g.edgeCost[s.edge]!) / len;
    if (j === 0) continue;
    const p = steps[j - 1]!;
    const endNode = p.end === 0 ? g.edgeFrom[p.edge] : g.edgeTo[p.edge];
    const startNode = s.start === 0 ? g.edgeFrom[s.edge] : g.edgeTo[s.edge];
    expect(endNode).toBe(startNode);
  }
  expect(r.length).toBeCloseTo(length, 6);
  expect(r.cost).toBeCloseTo(cost, 3);
}

describe('contraction hierarchy on Andorra', () => {
  let g: RunningGraph;
  let bytes: Uint8Array;
  let planner: RoutePlanner;
  let ch: ContractionHierarchy;
  let alt: Router;
  beforeAll(async () => {
    ({ graph: g, bytes } = await andorraGraph());
    planner = new RoutePlanner(g);
    ch = planner.router.hierarchy();
    alt = new Router(g, 16, false);
  });

  const randomSnaps = (count: number, seed: number) => {
    const [minLon, minLat, maxLon, maxLat] = g.bbox;
    const rnd = mulberry32(seed);
    const out: Snap[] = [];
    while (out.length < count) {
      const p = planner.snap([minLon + rnd() * (maxLon - minLon), minLat + rnd() * (maxLat - minLat)], 500, 0);
      if (p) out.push(p);
    }
    return out;
  };

  it('contracts every node once and adds fewer shortcuts than there are edges', () => {
    expect(new Set(ch.rank).size).toBe(g.nodeCount);
    expect(Math.max(...ch.rank)).toBe(g.nodeCount - 1);
    expect(ch.shortcuts).toBeGreaterThan(0);
    expect(ch.shortcuts).toBeLessThan(g.edgeCount);
  });

  it('finds the optimal cost between mid-edge points (brute-force Dijkstra and ALT agree), with a walk that chains up', () => {
    const snaps = randomSnaps(120, 3);
    for (let i = 0; i < snaps.length; i += 2) {
      const a = snaps[i]!;
      const b = snaps[i + 1]!;
      const r = ch.route(a, b)!;
      expect(r.cost).toBeCloseTo(referenceCost(g, a, b), 3);
      expect(r.cost).toBeCloseTo(alt.route(a, b)!.cost, 6);
      expectWalk(g, r, a, b);
    }
  });

  it('agrees with ALT on 1,000 more pairs, node to node and mid-edge, and settles far fewer nodes', () => {
    const snaps = randomSnaps(1000, 99);
    let chSettled = 0;
    let altSettled = 0;
    for (let i = 0; i < snaps.length; i += 2) {
      const a = snaps[i]!;
      const b = snaps[i + 1]!;
      const na = planner.index.atNode(g.edgeFrom[a.edge]!);
      const nb = planner.index.atNode(g.edgeTo[b.edge]!);
      for (const [x, y] of [
        [a, b],
        [na, nb],
      ] as const) {
        const r = ch.route(x, y)!;
        const q = alt.route(x, y)!;
        expect(Math.abs(r.cost - q.cost)).toBeLessThanOrEqual(1e-6 * Math.max(1, q.cost));
        chSettled += r.settled;
        altSettled += q.settled;
      }
    }
    expect(chSettled * 3).toBeLessThan(altSettled);
  });

  it('answers through an uncontracted core and its cost table with the same costs and walks, searching fewer nodes', () => {
    const cored = ContractionHierarchy.build(g, { coreSize: 300 });
    expect(cored.coreSize).toBe(300);
    expect(new Set(cored.rank).size).toBe(g.nodeCount);
    const snaps = randomSnaps(200, 11);
    let settledCore = 0;
    let settledPlain = 0;
    for (let i = 0; i < snaps.length; i += 2) {
      const a = snaps[i]!;
      const b = snaps[i + 1]!;
      const r = cored.route(a, b)!;
      const q = alt.route(a, b)!;
      expect(Math.abs(r.cost - q.cost)).toBeLessThanOrEqual(1e-6 * Math.max(1, q.cost));
      expectWalk(g, r, a, b);
      settledCore += r.settled;
      settledPlain += ch.route(a, b)!.settled;
    }
    expect(settledCore * 2).toBeLessThan(settledPlain);
  });

  it('is built again from the order a region pack stores: the same ranks, shortcuts and answers', () => {
    const ordered = RunningGraph.fromBytes(withHierarchyOrder(bytes));
    const full = ContractionHierarchy.build(g, { coreSize: 300 });
    expect(ordered.chRank).toEqual(Uint32Array.from(ch.rank));
    // the router takes the stored order by default
    const fromPack = new RoutePlanner(ordered).router.hierarchy();
    expect(fromPack.rank).toEqual(ch.rank);
    expect(fromPack.shortcuts).toBe(ch.shortcuts);
    // with a core too: the order's last nodes are the core
    const fromRank = ContractionHierarchy.build(g, { rank: full.rank, coreSize: 300 });
    expect(fromRank.rank).toEqual(full.rank);
    expect(fromRank.shortcuts).toBe(full.shortcuts);
    const snaps = randomSnaps(200, 23);
    for (let i = 0; i < snaps.length; i += 2) {
      const a = snaps[i]!;
      const b = snaps[i + 1]!;
      const q = alt.route(a, b)!;
      for (const [h, same] of [
        [fromPack, ch],
        [fromRank, full],
      ] as const) {
        const r = h.route(a, b)!;
        expect(Math.abs(r.cost - q.cost)).toBeLessThanOrEqual(1e-6 * Math.max(1, q.cost));
        // the same hierarchy: the same path, step for step
        expect(r.steps).toEqual(same.route(a, b)!.steps);
        expect(r.settled).toBe(same.route(a, b)!.settled);
      }
    }
    expect(() => ContractionHierarchy.build(g, { rank: ch.rank.subarray(1) })).toThrow(RangeError);
    const dup = Int32Array.from(ch.rank);
    dup[0] = dup[1]!;
    expect(() => ContractionHierarchy.build(g, { rank: dup })).toThrow(/not a permutation/);
  });

  it('is what the router uses for plain queries, and steps aside for preferences', () => {
    const [a, b] = randomSnaps(2, 5) as [Snap, Snap];
    expect(planner.router.route(a, b)!.settled).toBe(ch.route(a, b)!.settled);
    const pref = planner.router.route(a, b, { preferences: { avoidBusyRoads: true } })!;
    expect(pref.settled).toBe(alt.route(a, b, { preferences: { avoidBusyRoads: true } })!.settled);
  });
});

/** A small network from ways in km; every third way a residential street (cost factor > 1). */
const network = (ways: [number, number][][]) => kmNetwork(ways, (i) => (i % 3 === 0 ? 'residential' : 'path'));

describe('contraction hierarchy on awkward networks', () => {
  it('leaves a long edge and comes back in when that is cheaper than staying on it', () => {
    // a 3 km horseshoe between A (0,0) and B (0.2,0), and a 200 m straight way between them
    const arc: [number, number][] = [];
    for (let i = 0; i <= 20; i++) {
      const t = Math.PI * (i / 20);
      arc.push([0.1 - 0.1 * Math.cos(t), 0.9 * Math.sin(t)]);
    }
    const { g, planner } = network([
      arc,
      [
        [0, 0],
        [0.2, 0],
      ],
    ]);
    const horseshoe = planner.snap([1.5 + 0.001 * KM_LON, 42.5 + 0.05 * KM_LAT], 100)!;
    const other = planner.snap([1.5 + 0.199 * KM_LON, 42.5 + 0.05 * KM_LAT], 100)!;
    expect(horseshoe.edge).toBe(other.edge);
    const r = planner.router.hierarchy().route(horseshoe, other)!;
    expect(r.cost).toBeCloseTo(referenceCost(g, horseshoe, other), 3);
    expect(r.length).toBeLessThan(500);
    expect(r.steps.length).toBe(3);
    expectWalk(g, r, horseshoe, other);
  });

  it('matches a brute-force Dijkstra on random networks with parallel ways, loops back to a junction and several components', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const rnd = mulberry32(seed);
        const pts: [number, number][] = Array.from({ length: 14 }, () => [3 * rnd(), 3 * rnd()]);
        const ways: [number, number][][] = [];
        for (let i = 0; i < 22; i++) {
          const a = pts[Math.floor(rnd() * pts.length)]!;
          const b = pts[Math.floor(rnd() * pts.length)]!;
          if (a === b) {
            // a loop from a junction back to itself
            ways.push([a, [a[0] + 0.2, a[1]], [a[0] + 0.2, a[1] + 0.2], a]);
            continue;
          }
          // parallel ways: the same ends, bent differently
          const bend = (rnd() - 0.5) * 0.8;
          ways.push([a, [(a[0] + b[0]) / 2 + bend, (a[1] + b[1]) / 2 - bend], b]);
        }
        const { g, planner } = network(ways);
        // every third network keeps an uncontracted core (its cost table answers the top); another
        // third is contracted in a random order, as a stored order that no longer fits would be
        // (any order gives exact answers)
        const shuffled = () => {
          const rank = Int32Array.from({ length: g.nodeCount }, (_, v) => v);
          for (let i = rank.length - 1; i > 0; i--) {
            const j = Math.floor(rnd() * (i + 1));
            [rank[i], rank[j]] = [rank[j]!, rank[i]!];
          }
          return rank;
        };
        const ch =
          seed % 3 === 0
            ? ContractionHierarchy.build(g, { coreSize: 1 + (seed % g.nodeCount) })
            : seed % 3 === 1
              ? ContractionHierarchy.build(g, { rank: shuffled(), coreSize: seed % 2 ? 0 : 1 + (seed % g.nodeCount) })
              : planner.router.hierarchy();
        for (let k = 0; k < 12; k++) {
          const ea = Math.floor(rnd() * g.edgeCount);
          const eb = Math.floor(rnd() * g.edgeCount);
          const a = planner.index.at(ea, 0, rnd());
          const b = planner.index.at(eb, 0, rnd());
          const r = ch.route(a, b);
          const ref = referenceCost(g, a, b);
          if (!Number.isFinite(ref)) {
            expect(r).toBeNull();
            continue;
          }
          expect(r).not.toBeNull();
          expect(r!.cost).toBeCloseTo(ref, 3);
          expectWalk(g, r!, a, b);
        }
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});
