// Issue 15: "avoid busy roads" must be honoured, Shuffle must give new loops, and alternatives are
// ranked by retrace as well as distance.
import { describe, expect, it } from 'vitest';
import { kmNetwork, kmSquare } from '../test-support/network.ts';
import { busyShare, LoopGenerator } from './loop.ts';

describe('busy-road share', () => {
  const { g, planner, at } = kmNetwork(
    [
      [
        [0, 0],
        [1, 0],
      ],
      [
        [1, 0],
        [3, 0],
      ],
      [
        [3, 0],
        [4, 0],
      ],
    ],
    (i) => ['path', 'secondary', 'residential'][i]!,
  );
  it('is the share of a walk on tertiary, secondary, primary and trunk roads, by length', () => {
    const r = planner.router.route(at(0, 0), at(4, 0))!;
    expect(r.length).toBeCloseTo(4000, -1);
    expect(busyShare(g, r.steps)).toBeCloseTo(0.5, 2);
    // a partial step counts by its metres
    const half = planner.router.route(at(0.5, 0), at(2, 0))!;
    expect(busyShare(g, half.steps)).toBeCloseTo(1 / 1.5, 2);
    expect(busyShare(g, [])).toBe(0);
  });
});

describe('avoid busy roads in loops', () => {
  // two 5 km-ish squares meet at the start: one all along a tertiary road (no retrace), one on
  // paths, 4.6 km round, so a 5 km loop there needs a short out-and-back (some retrace)
  const { planner } = kmNetwork(
    [
      kmSquare(0, 0, 1.25, 1, 1),
      kmSquare(0, 0, 1.15, -1, -1),
      [
        [-1.15, -0.6],
        [-1.6, -0.6],
      ],
    ],
    (i) => (i === 0 ? 'tertiary' : 'path'),
  );
  const loops = new LoopGenerator(planner);
  const start: [number, number] = [1.5, 42.5];
  it('without the preference the busy square wins (no retrace); with it the quiet one does', () => {
    const plain = loops.generate({ start, distance: 5000, seed: 3, alternatives: 1 })[0]!;
    const quiet = loops.generate({ start, distance: 5000, seed: 3, alternatives: 1, preferences: { avoidBusyRoads: true } })[0]!;
    const share = (r: { wayTypes: Record<string, number>; distance: number }) => (r.wayTypes.tertiary ?? 0) / r.distance;
    expect(share(plain)).toBeGreaterThan(0.9);
    expect(share(quiet)).toBeLessThan(0.1); // at most a short padding spur along the road
    expect(Math.abs(quiet.distance - 5000)).toBeLessThan(250);
  });
});

describe('alternatives ranked by retrace as well as distance', () => {
  // three ways between S (the start) and T, each ~2.5 km, and a 2.5 km dead-end path west of S:
  // two of the ways make a 5.0 km loop; the third with either makes a 5.3 km loop (6 % long,
  // sharing half of the first); the dead end is a 5 km out-and-back (100 % retrace)
  const { planner } = kmNetwork([
    [
      [0, 0],
      [1.25, 0],
      [1.25, 1.25],
    ],
    [
      [0, 0],
      [0, 1.25],
      [1.25, 1.25],
    ],
    [
      [0, 0],
      [0.9, 0.3],
      [0.3, 0.9],
      [1.25, 1.25],
    ],
    [
      [0, 0],
      [-2.5, 0],
    ],
  ]);
  const loops = new LoopGenerator(planner);
  it('offers a real loop a little off the distance before an exact out-and-back', () => {
    const alts = loops.generate({ start: [1.5, 42.5], distance: 5000, seed: 1, alternatives: 3 });
    expect(alts[0]!.retrace).toBeLessThan(0.01);
    expect(Math.abs(alts[0]!.distance - 5000)).toBeLessThan(60);
    expect(alts.length).toBeGreaterThanOrEqual(2);
    expect(alts[1]!.retrace).toBeLessThan(0.1);
    for (const a of alts.slice(1)) expect(a.retrace < 0.1 || alts.slice(1).some((b) => b.retrace < 0.1)).toBe(true);
  });
});

describe('Shuffle', () => {
  it('with the loops shown before excluded, returns new ones where the network has them (Andorra la Vella)', async () => {
    const { andorraGraph } = await import('../test-support/andorra.ts');
    const { RoutePlanner } = await import('./planner.ts');
    const planner = new RoutePlanner((await andorraGraph()).graph);
    const loops = new LoopGenerator(planner);
    const start: [number, number] = [1.5215, 42.507];
    const first = loops.generate({ start, distance: 6000, seed: 1 });
    expect(first.length).toBe(3);
    const next = loops.generate({ start, distance: 6000, seed: 2, exclude: first.map((r) => r.coordinates) });
    expect(next.length).toBeGreaterThanOrEqual(2);
    // none of the new loops runs half its length on a loop shown before
    const edgesOf = (r: { coordinates: number[][] }) => {
      const m = new Map<number, number>();
      for (let i = 1; i < r.coordinates.length; i++) {
        const s = planner.index.snap(
          [(r.coordinates[i - 1]![0]! + r.coordinates[i]![0]!) / 2, (r.coordinates[i - 1]![1]! + r.coordinates[i]![1]!) / 2],
          3,
        );
        if (s) m.set(s.edge, 1);
      }
      return m;
    };
    for (const n of next) {
      const mine = edgesOf(n);
      for (const f of first) {
        const theirs = edgesOf(f);
        let shared = 0;
        for (const e of mine.keys()) if (theirs.has(e)) shared += planner.graph.edgeLength[e]!;
        expect(shared / n.distance).toBeLessThan(0.6);
      }
      expect(Math.abs(n.distance - 6000) / 6000).toBeLessThan(0.1);
    }
    // and the request is validated
    expect(() => loops.generate({ start, distance: 6000, exclude: Array.from({ length: 20 }, () => [[1.5, 42.5]]) })).toThrow(/at most/);
    expect(() => loops.generate({ start, distance: 6000, exclude: [[[Number.NaN, 42.5]]] })).toThrow(/lon, lat/);
  });
});
