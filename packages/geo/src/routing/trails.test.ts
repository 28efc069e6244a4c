import { beforeAll, describe, expect, it } from 'vitest';
import { buildRunningGraph } from '../graph/build.ts';
import { RunningGraph } from '../graph/graph.ts';
import { andorraGraph, loopStart } from '../test-support/andorra.ts';
import { LoopGenerator, retraced } from './loop.ts';
import { RoutePlanner } from './planner.ts';
import type { PathStep } from './search.ts';
import { searchTrailLoops } from './trails.ts';

// ~1 km in degrees at 42.5° N
const KM_LAT = 1 / 111.2;
const KM_LON = 1 / (111.2 * Math.cos((42.5 * Math.PI) / 180));

/** A network from rectangles given as [west, south] corners in km with a side of `side` km; each side is its own way. */
function rings(corners: [number, number][], side = 1, extra: [number, number][][] = []) {
  const coords = new Map<number, [number, number]>();
  const ids = new Map<string, number>();
  const node = (x: number, y: number) => {
    const key = `${x.toFixed(3)},${y.toFixed(3)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(key, id);
      coords.set(id, [1.5 + x * KM_LON, 42.5 + y * KM_LAT]);
    }
    return id;
  };
  const ways: { id: number; refs: number[]; tags: Record<string, string> }[] = [];
  for (const [x, y] of corners) {
    const c: [number, number][] = [
      [x, y],
      [x + side, y],
      [x + side, y + side],
      [x, y + side],
    ];
    for (let i = 0; i < 4; i++) {
      const [ax, ay] = c[i]!;
      const [bx, by] = c[(i + 1) % 4]!;
      // a midpoint shape node keeps the sides straight but not trivially short
      ways.push({ id: ways.length + 1, refs: [node(ax, ay), node((ax + bx) / 2, (ay + by) / 2), node(bx, by)], tags: { highway: 'path' } });
    }
  }
  for (const line of extra) ways.push({ id: ways.length + 1, refs: line.map(([x, y]) => node(x, y)), tags: { highway: 'path' } });
  const g = RunningGraph.fromBytes(
    buildRunningGraph({ nodeCoord: (id) => coords.get(id), ways, elevation: () => 500 }, { minComponentLength: 0 }),
  );
  const planner = new RoutePlanner(g);
  const at = (x: number, y: number) => planner.snap([1.5 + x * KM_LON, 42.5 + y * KM_LAT], 50)!;
  return { g, planner, loops: new LoopGenerator(planner), at };
}

/** Steps form one walk: each starts where the previous ended (same node or same point mid-edge). */
function expectClosedWalk(g: RunningGraph, steps: PathStep[], start: { edge: number; offset: number }) {
  const place = (s: PathStep, end: boolean) => {
    const off = end ? s.end : s.start;
    if (off < 0.01) return `n${g.edgeFrom[s.edge]}`;
    if (off > g.edgeLength[s.edge]! - 0.01) return `n${g.edgeTo[s.edge]}`;
    return `e${s.edge}@${off.toFixed(2)}`;
  };
  for (let i = 1; i < steps.length; i++) expect(place(steps[i]!, false)).toBe(place(steps[i - 1]!, true));
  const startPlace = place({ edge: start.edge, start: start.offset, end: start.offset }, false);
  expect(place(steps[0]!, false)).toBe(startPlace);
  expect(place(steps.at(-1)!, true)).toBe(startPlace);
}

describe('closed-trail search on synthetic networks', () => {
  it('finds the ring itself when it has the right length, with no retrace', () => {
    const { g, loops, at } = rings([[0, 0]]);
    const s = at(0.5, 0);
    const r = searchTrailLoops(g, s, { distance: 4000, tolerance: 0.05, maxRetrace: 0.1, budget: 10_000 });
    expect(r.complete).toBe(true);
    expect(r.loops.length).toBeGreaterThan(0);
    for (const l of r.loops) {
      expectClosedWalk(g, l.steps, s);
      expect(Math.abs(l.length - 4000)).toBeLessThan(80);
      expect(retraced(l.steps)).toBeLessThan(1);
    }
    expect(loops.lowRetracePossible(s, 4000)).toBe(true);
  });

  it('adds a stem to reach a ring from a short dead end (a lollipop)', () => {
    // ring of 4 km, start 150 m out on a spur: 4.3 km with 150 m retraced (3.5 %)
    const { g, at } = rings([[0, 0]], 1, [
      [
        [1, 0.5],
        [1.15, 0.5],
      ],
    ]);
    const s = at(1.15, 0.5);
    const r = searchTrailLoops(g, s, { distance: 4300, tolerance: 0.05, maxRetrace: 0.1, budget: 10_000 });
    expect(r.loops.length).toBeGreaterThan(0);
    const l = r.loops[0]!;
    expectClosedWalk(g, l.steps, s);
    expect(retraced(l.steps)).toBeCloseTo(150, -1);
  });

  it('follows closed trails through a node twice (a figure of eight), not only simple cycles', () => {
    // two 4 km rings touching at one corner: 8 km without retracing anything
    const { g, loops, at } = rings([
      [0, 0],
      [1, 1],
    ]);
    const s = at(0.5, 0);
    const r = searchTrailLoops(g, s, { distance: 8000, tolerance: 0.05, maxRetrace: 0.1, budget: 50_000 });
    expect(r.loops.length).toBeGreaterThan(0);
    expectClosedWalk(g, r.loops[0]!.steps, s);
    expect(Math.abs(r.loops[0]!.length - 8000)).toBeLessThan(150);
    expect(retraced(r.loops[0]!.steps)).toBeLessThan(1);
    // and the generator uses it
    const [best] = loops.generate({ start: [s.lon, s.lat], distance: 8000, seed: 1 });
    expect(best!.retrace).toBeLessThanOrEqual(0.1);
    expect(Math.abs(best!.distance - 8000)).toBeLessThanOrEqual(400);
  });

  it('proves a low-retrace loop impossible when every cycle is too long', () => {
    // one 8 km ring: a 5 km loop must turn back somewhere (≥ ~40 % retrace)
    const { loops, at } = rings([[0, 0]], 2);
    const s = at(1, 0);
    expect(loops.lowRetracePossible(s, 5000)).toBe(false);
    const [best] = loops.generate({ start: [s.lon, s.lat], distance: 5000, seed: 2 });
    expect(best!.retrace).toBeGreaterThan(0.1);
    // while 8 km fits the ring exactly
    expect(loops.lowRetracePossible(s, 8000)).toBe(true);
  });

  it('counts several small rings together in the bound (a loop may have several lobes)', () => {
    // three separate 2 km rings joined by short paths: no single ring holds 5 km, but
    // ring + ring + ring with the two 100 m connectors run twice is 6.4 km with 0.2 km retraced
    const { loops, at } = rings(
      [
        [0, 0],
        [0.6, 0],
        [1.2, 0],
      ],
      0.5,
      [
        [
          [0.5, 0.25],
          [0.6, 0.25],
        ],
        [
          [1.1, 0.25],
          [1.2, 0.25],
        ],
      ],
    );
    // the bound must not rule this out
    expect(loops.lowRetracePossible(at(0.25, 0), 6400)).not.toBe(false);
  });
});

describe('closed-trail search on Andorra', () => {
  let loops: LoopGenerator;
  let planner: RoutePlanner;
  beforeAll(async () => {
    planner = new RoutePlanner((await andorraGraph()).graph);
    loops = new LoopGenerator(planner);
  });

  it('returns closed walks of the right length that retrace ≤ 10 %, deterministic per seed', () => {
    let found = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const D = 10_000;
      const s = loops.startSnap(loopStart(planner, seed), D)!;
      const q = { distance: D, tolerance: 0.05, maxRetrace: 0.1, budget: 100_000, max: 5 };
      const r = searchTrailLoops(planner.graph, s, q);
      for (const l of r.loops) {
        found++;
        expectClosedWalk(planner.graph, l.steps, s);
        expect(Math.abs(l.length - D)).toBeLessThanOrEqual(D * 0.05 + 1e-6);
        let sum = 0;
        for (const st of l.steps) sum += Math.abs(st.end - st.start);
        expect(sum).toBeCloseTo(l.length, 3);
        expect(retraced(l.steps)).toBeLessThanOrEqual(0.1 * l.length + 1e-6);
      }
      expect(searchTrailLoops(planner.graph, s, q)).toEqual(r);
    }
    expect(found).toBeGreaterThan(0);
  });
});
