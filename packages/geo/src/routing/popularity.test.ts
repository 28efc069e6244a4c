// Issue 15, "prefer popular": per-edge heat from public route lines, and loops that favour it.
import { describe, expect, it } from 'vitest';
import { KM_LAT, KM_LON, kmNetwork, kmSquare } from '../test-support/network.ts';
import { LoopGenerator } from './loop.ts';
import { edgeHeat, popularMetres, popularMultiplier } from './popularity.ts';

const ll = ([x, y]: [number, number]): [number, number] => [1.5 + x * KM_LON, 42.5 + y * KM_LAT];

describe('edge heat from route lines', () => {
  // a 3 km east–west path crossed by a 2 km north–south path at x = 1.5
  const { g, planner } = kmNetwork([
    [
      [0, 0],
      [1.5, 0],
      [3, 0],
    ],
    [
      [1.5, -1],
      [1.5, 0],
      [1.5, 1],
    ],
  ]);
  const edgeAt = (x: number, y: number) => planner.snap(ll([x, y]), 20)!.edge;

  it('counts a line on the edges it runs along, not on the ones it crosses, log-scaled to 255', () => {
    const along: [number, number][] = [ll([0.1, 0.002]), ll([2.9, -0.003])]; // the whole east–west path, a few metres off
    const west = [ll([0.2, 0]), ll([1.2, 0])];
    const { heat, lines } = edgeHeat(g, planner.index, [along, along, west, [ll([5, 5]), ll([6, 6])]]);
    expect(lines).toBe(3); // the fourth line is nowhere near the network
    const w = edgeAt(0.7, 0);
    const e = edgeAt(2.2, 0);
    const n = edgeAt(1.5, 0.5);
    const s = edgeAt(1.5, -0.5);
    expect(heat[w]).toBe(255); // three lines
    expect(heat[e]).toBe(Math.round((255 * Math.log1p(2)) / Math.log1p(3))); // two of three
    expect(heat[n]).toBe(0); // crossed, not run along
    expect(heat[s]).toBe(0);
    expect(popularMultiplier(255)).toBe(1);
    expect(popularMultiplier(0)).toBeGreaterThan(1);
  });

  it('skips malformed points and is empty without lines', () => {
    expect(edgeHeat(g, planner.index, []).heat.every((h) => h === 0)).toBe(true);
    const { lines } = edgeHeat(g, planner.index, [[[NaN, 1], ll([0.1, 0]), [1, Infinity], ll([1.4, 0])]]);
    expect(lines).toBe(1);
  });

  it('is refused by a router of another graph', () => {
    expect(() => planner.router.setHeat(new Uint8Array(g.edgeCount + 1))).toThrow(RangeError);
  });
});

describe('prefer popular in loops', () => {
  // two squares of paths meet at the start: the north-east one is a 5.0 km loop, the south-west
  // one 4.8 km; public routes run around the south-west one
  const { planner } = kmNetwork([kmSquare(0, 0, 1.25, 1, 1), kmSquare(0, 0, 1.2, -1, -1)]);
  const loops = new LoopGenerator(planner);
  const start = ll([0, 0]);
  /** share of the loop's points west of the start (the south-west square) */
  const west = (r: { coordinates: number[][] }) => r.coordinates.filter((c) => c[0]! < 1.5 - 0.1 * KM_LON).length / r.coordinates.length;
  const east = (r: { coordinates: number[][] }) => r.coordinates.filter((c) => c[0]! > 1.5 + 0.1 * KM_LON).length / r.coordinates.length;

  it('without heat or the preference the exact north-east square wins; with both the popular square does', () => {
    const plain = loops.generate({ start, distance: 5000, seed: 3, alternatives: 1 })[0]!;
    expect(east(plain)).toBeGreaterThan(0.3);
    expect(west(plain)).toBe(0);
    // the preference alone changes nothing while the instance has no public routes
    const noHeat = loops.generate({ start, distance: 5000, seed: 3, alternatives: 1, preferences: { preferPopular: true } })[0]!;
    expect(noHeat.coordinates).toEqual(plain.coordinates);
    const line = kmSquare(0, 0, 1.2, -1, -1).map(ll);
    const { heat } = edgeHeat(planner.graph, planner.index, [line, line]);
    planner.router.setHeat(heat);
    try {
      const popular = loops.generate({ start, distance: 5000, seed: 3, alternatives: 1, preferences: { preferPopular: true } })[0]!;
      expect(west(popular)).toBeGreaterThan(0.3);
      expect(east(popular)).toBe(0);
      expect(popular.retrace).toBeLessThan(0.05);
      // and the heat alone (preference off) changes nothing
      const off = loops.generate({ start, distance: 5000, seed: 3, alternatives: 1 })[0]!;
      expect(off.coordinates).toEqual(plain.coordinates);
    } finally {
      planner.router.setHeat(null);
    }
  });

  it('weighs metres by heat', () => {
    const heat = new Uint8Array([255, 0, 51]);
    expect(
      popularMetres(heat, [
        { edge: 0, start: 0, end: 100 },
        { edge: 1, start: 50, end: 0 },
        { edge: 2, start: 0, end: 50 },
      ]),
    ).toBeCloseTo(110, 5);
  });
});

describe('a sparse heat from the network', () => {
  it('becomes one value per edge, and is refused when it does not fit the graph or is malformed', async () => {
    const { denseHeat } = await import('./popularity.ts');
    expect([...denseHeat({ edgeCount: 4, edges: [1, 3], heat: [255, 7] }, 4)!]).toEqual([0, 255, 0, 7]);
    expect(denseHeat({ edgeCount: 5, edges: [1], heat: [9] }, 4)).toBeNull(); // another graph
    for (const bad of [
      { edgeCount: 4, edges: [4], heat: [9] },
      { edgeCount: 4, edges: [-1], heat: [9] },
      { edgeCount: 4, edges: [1.5], heat: [9] },
      { edgeCount: 4, edges: [1], heat: [0] },
      { edgeCount: 4, edges: [1], heat: [256] },
      { edgeCount: 4, edges: [1, 2], heat: [9] },
      { edgeCount: 4, edges: '1', heat: [9] },
      { edgeCount: 4, edges: ['1'], heat: [9] },
    ])
      expect(denseHeat(bad, 4), JSON.stringify(bad)).toBeNull();
  });
});
