// A closed way (one edge from its only junction back to it: a square, a pond, a roundabout mapped
// as one way) is entered and left at that junction, either way round. A path to or from a point
// on it must walk the nearer way round — the one its cost counts — in every router.
import { describe, expect, it } from 'vitest';
import { haversine } from '../distance.ts';
import { kmNetwork, kmSquare } from '../test-support/network.ts';
import { ContractionHierarchy } from './ch.ts';
import { LoopGenerator } from './loop.ts';
import { Router, type PathResult, type PathStep } from './search.ts';
import type { Snap } from './snap.ts';

// a 500 m stem west of the junction (0, 0) and a 4 km square north-east of it, one closed way
const { g, planner, at } = kmNetwork([
  [
    [-0.5, 0],
    [0, 0],
  ],
  kmSquare(0, 0, 1, 1, 1),
]);
const sq = [...Array(g.edgeCount).keys()].find((e) => g.edgeFrom[e] === g.edgeTo[e])!;
const L = g.edgeLength[sq]!;
/** the point a share `f` of the way round the square (from its edge's from-end) */
const on = (f: number) => planner.index.atOffset(sq, f * L);
const stem = () => at(-0.5, 0);

const routers: [string, (a: Snap, b: Snap) => PathResult | null][] = [
  ['A* (no landmarks)', (a, b) => new Router(g, 0, false).route(a, b)],
  ['A* (landmarks)', (a, b) => new Router(g, 16, false).route(a, b)],
  ['A* (preferences)', (a, b) => new Router(g).route(a, b, { preferences: { preferGreen: true } })],
  ['contraction hierarchy', (a, b) => ContractionHierarchy.build(g).route(a, b)],
  ['contraction hierarchy with a core', (a, b) => ContractionHierarchy.build(g, { coreSize: 2 }).route(a, b)],
];

/** the path's points, step by step (each step's first point repeats the previous step's last) */
const geometry = (steps: PathStep[]) =>
  steps.map((s) => {
    const piece = { lon: [] as number[], lat: [] as number[], ele: [] as number[], cls: '', surface: '' };
    planner.stepGeometry(s, piece);
    return piece.lon.map((lon, i): [number, number] => [lon, piece.lat[i]!]);
  });

/** the path is the walk its length and cost describe, from a to b */
function expectWalk(r: PathResult | null, a: Snap, b: Snap, metres: number) {
  expect(r).not.toBeNull();
  const { steps, length } = r!;
  expect(length).toBeCloseTo(metres, 0);
  expect(steps.reduce((m, s) => m + Math.abs(s.end - s.start), 0)).toBeCloseTo(length, 6);
  const pieces = geometry(steps);
  // the drawn line starts and ends at the snapped points, its steps join, and it is as long as said
  expect(haversine(pieces[0]![0]!, [a.lon, a.lat])).toBeLessThan(0.5);
  expect(haversine(pieces.at(-1)!.at(-1)!, [b.lon, b.lat])).toBeLessThan(0.5);
  for (let i = 1; i < pieces.length; i++) expect(haversine(pieces[i - 1]!.at(-1)!, pieces[i]![0]!)).toBeLessThan(0.5);
  let drawn = 0;
  for (const p of pieces) for (let i = 1; i < p.length; i++) drawn += haversine(p[i - 1]!, p[i]!);
  expect(Math.abs(drawn - metres)).toBeLessThan(0.005 * metres + 1);
}

describe('paths to and from a point on a closed way', () => {
  it('the square is one closed edge of about 4 km', () => {
    expect(L).toBeGreaterThan(3900);
    expect(L).toBeLessThan(4100);
  });

  for (const [name, route] of routers) {
    describe(name, () => {
      it('from the stem to a point past the middle of the way walks the nearer way round', () => {
        expectWalk(route(stem(), on(0.7)), stem(), on(0.7), 500 + 0.3 * L);
        expectWalk(route(stem(), on(0.3)), stem(), on(0.3), 500 + 0.3 * L);
      });

      it('from a point past the middle of the way to the stem, too', () => {
        expectWalk(route(on(0.7), stem()), on(0.7), stem(), 500 + 0.3 * L);
        expectWalk(route(on(0.3), stem()), on(0.3), stem(), 500 + 0.3 * L);
      });

      it('between two points on the way: through the junction when that is nearer, else along it', () => {
        expectWalk(route(on(0.1), on(0.8)), on(0.1), on(0.8), 0.3 * L);
        expectWalk(route(on(0.8), on(0.1)), on(0.8), on(0.1), 0.3 * L);
        expectWalk(route(on(0.75), on(0.9)), on(0.75), on(0.9), 0.15 * L);
        expectWalk(route(on(0.3), on(0.6)), on(0.3), on(0.6), 0.3 * L);
      });
    });
  }

  it('the searches agree on the cost', () => {
    for (const [a, b] of [
      [stem(), on(0.7)],
      [on(0.8), on(0.1)],
    ] as const) {
      const costs = routers.map(([, route]) => route(a, b)!.cost);
      expect(costs[1]!).toBeCloseTo(costs[0]!, 3);
      expect(costs[3]!).toBeCloseTo(costs[0]!, 3);
      expect(costs[4]!).toBeCloseTo(costs[0]!, 3);
    }
  });
});

describe('a loop round a closed way', () => {
  const loops = new LoopGenerator(planner);
  it('from the stem runs round the way once (only the stem is retraced)', () => {
    const start = [stem().lon, stem().lat] as [number, number];
    for (const seed of [1, 2, 3]) {
      const [best] = loops.generate({ start, distance: 1000 + L, seed, alternatives: 1 });
      expect(best!.distance).toBeCloseTo(1000 + L, -1);
      expect(best!.retrace).toBeCloseTo(500 / (1000 + L), 2);
      // it reaches the square's far corner (1 km east, 1 km north of the junction)
      const far = at(1, 1);
      expect(Math.min(...best!.coordinates.map((c) => haversine([c[0]!, c[1]!], [far.lon, far.lat])))).toBeLessThan(20);
    }
  });

  it('from a point on the way, runs round it', () => {
    const p = on(0.6);
    for (const seed of [1, 2]) {
      const [best] = loops.generate({ start: [p.lon, p.lat], distance: L, seed, alternatives: 1 });
      expect(best!.distance).toBeCloseTo(L, -1);
      expect(best!.retrace).toBeLessThan(0.01);
    }
  });
});
