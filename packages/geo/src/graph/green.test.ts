import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRunningGraph, GRAPH_FORMAT_VERSION } from './build.ts';
import { GraphFormatError, RunningGraph } from './graph.ts';
import { GreenIndex, isGreenArea, type GreenPolygon } from './green.ts';

/** closed square ring as a flat lon/lat array (counter-clockwise) */
const square = (x0: number, y0: number, x1: number, y1: number) => [x0, y0, x1, y0, x1, y1, x0, y1, x0, y0];

/** reference even-odd test straight over all rings (no index) */
function naiveInside(rings: GreenPolygon, x: number, y: number): boolean {
  let inside = false;
  for (const r of rings) {
    const n = Math.floor(r.length / 2);
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = r[2 * i]!;
      const yi = r[2 * i + 1]!;
      const xj = r[2 * j]!;
      const yj = r[2 * j + 1]!;
      if (yi > y !== yj > y && x < xi + ((xj - xi) * (y - yi)) / (yj - yi)) inside = !inside;
    }
  }
  return inside;
}

describe('isGreenArea', () => {
  it('accepts parks, woods, meadows and rejects built-up or administrative areas', () => {
    for (const t of [
      { leisure: 'park' },
      { leisure: 'garden' },
      { leisure: 'nature_reserve' },
      { landuse: 'forest' },
      { landuse: 'meadow' },
      { landuse: 'grass' },
      { landuse: 'recreation_ground' },
      { landuse: 'village_green' },
      { landuse: 'orchard' },
      { natural: 'wood' },
      { natural: 'scrub' },
      { natural: 'heath' },
      { natural: 'grassland' },
      { natural: 'wetland' },
      { type: 'multipolygon', natural: 'wood', name: 'Bosc' },
    ])
      expect(isGreenArea(t), JSON.stringify(t)).toBe(true);
    for (const t of [
      {},
      { landuse: 'residential' },
      { landuse: 'farmland' },
      { leisure: 'pitch' },
      { leisure: 'golf_course' },
      { natural: 'water' },
      { natural: 'bare_rock' },
      { boundary: 'national_park' },
      { building: 'yes' },
    ])
      expect(isGreenArea(t), JSON.stringify(t)).toBe(false);
  });
});

describe('GreenIndex point-in-polygon', () => {
  // outer 0..10, hole 3..7, island 4..6 inside the hole; second polygon far away
  const park: GreenPolygon = [square(0, 0, 10, 10), square(3, 3, 7, 7), square(4, 4, 6, 6)];
  const idx = new GreenIndex([park, [square(20, 20, 21, 21)]]);
  it('is inside the outer ring, outside in the hole, inside again on an island in the hole', () => {
    expect(idx.contains(1, 1)).toBe(true);
    expect(idx.contains(9, 5)).toBe(true);
    expect(idx.contains(3.5, 5)).toBe(false); // in the hole
    expect(idx.contains(5, 6.5)).toBe(false); // in the hole, above the island
    expect(idx.contains(5, 5)).toBe(true); // island
    expect(idx.contains(-1, 5)).toBe(false);
    expect(idx.contains(11, 5)).toBe(false);
    expect(idx.contains(5, 10.5)).toBe(false);
    expect(idx.contains(20.5, 20.5)).toBe(true);
    expect(idx.contains(15, 15)).toBe(false);
  });
  it('closes open rings and ignores degenerate ones', () => {
    const open = new GreenIndex([[[0, 0, 2, 0, 2, 2, 0, 2]], [[5, 5, 6, 6]], []]);
    expect(open.size).toBe(1);
    expect(open.contains(1, 1)).toBe(true);
    expect(open.contains(3, 1)).toBe(false);
    expect(new GreenIndex([]).contains(0, 0)).toBe(false);
  });
  it('agrees with a plain even-odd ray cast on random star polygons with holes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.3, max: 1, noNaN: true }), { minLength: 3, maxLength: 300 }),
        fc.array(fc.tuple(fc.double({ min: -1.2, max: 1.2, noNaN: true }), fc.double({ min: -1.2, max: 1.2, noNaN: true })), {
          minLength: 20,
          maxLength: 20,
        }),
        (radii, pts) => {
          const ring: number[] = [];
          radii.forEach((r, i) => {
            const a = (2 * Math.PI * i) / radii.length;
            ring.push(1.5 + r * Math.cos(a), 42.5 + r * Math.sin(a));
          });
          const hole = square(1.45, 42.45, 1.55, 42.55);
          const poly: GreenPolygon = [ring, hole];
          const gi = new GreenIndex([poly]);
          for (const [dx, dy] of pts) expect(gi.contains(1.5 + dx, 42.5 + dy)).toBe(naiveInside(poly, 1.5 + dx, 42.5 + dy));
        },
      ),
      { numRuns: 200 },
    );
  });
  it('counts points within 30 m of rivers, streams and shorelines as green', () => {
    // a stream along 42.5 from 1.50 to 1.51; 1 m of latitude ≈ 1 / 111 195 °
    const gi = new GreenIndex([], [[1.5, 42.5, 1.51, 42.5]]);
    const m = 1 / 111_195;
    expect(gi.empty).toBe(false);
    expect(gi.contains(1.505, 42.5 + 20 * m)).toBe(true);
    expect(gi.contains(1.505, 42.5 - 29 * m)).toBe(true);
    expect(gi.contains(1.505, 42.5 + 31 * m)).toBe(false);
    expect(gi.contains(1.505, 42.5 + 500 * m)).toBe(false);
    // beyond the end: distance to the end point counts
    const kx = Math.cos(42.5 * (Math.PI / 180)) * 111_195;
    expect(gi.contains(1.51 + 25 / kx, 42.5)).toBe(true);
    expect(gi.contains(1.51 + 20 / kx, 42.5 + 20 * m)).toBe(true); // 28 m diagonally
    expect(gi.contains(1.51 + 25 / kx, 42.5 + 25 * m)).toBe(false); // 35 m diagonally
    // a path running 20 m from the stream over half its length
    expect(gi.shareAlong([1.5, 1.51, 1.52], [42.5 + 20 * m, 42.5 + 20 * m, 42.5 + 20 * m])).toBeCloseTo(0.5 + 22 / kx / 0.02, 1);
  });
  it('measures the share of a line inside green areas (≤ 20 m samples)', () => {
    // a ~1.6 km east-west line, the middle half of it inside a park
    const gi = new GreenIndex([[square(1.505, 42.49, 1.515, 42.51)]]);
    const share = gi.shareAlong([1.5, 1.51, 1.52], [42.5, 42.5, 42.5]);
    expect(share).toBeGreaterThan(0.49);
    expect(share).toBeLessThan(0.51);
    expect(gi.shareAlong([1.4, 1.41], [42.5, 42.5])).toBe(0);
    expect(gi.shareAlong([1.506, 1.514], [42.5, 42.5])).toBe(1);
  });
});

describe('graph.bin v2 edgeGreen', () => {
  // two parallel footways joined at both ends: the north one runs through a park with a pond (hole)
  const coords: Record<number, [number, number]> = {
    1: [1.5, 42.5],
    2: [1.51, 42.5],
    3: [1.5, 42.51],
    4: [1.51, 42.51],
    5: [1.505, 42.51],
  };
  const ways = [
    { id: 1, refs: [1, 2], tags: { highway: 'footway' } },
    { id: 2, refs: [1, 3], tags: { highway: 'footway' } },
    { id: 3, refs: [3, 5, 4], tags: { highway: 'footway' } },
    { id: 4, refs: [4, 2], tags: { highway: 'footway' } },
  ];
  // park covers the north way's whole length; the pond (hole) covers its middle ~20 %
  const park: GreenPolygon = [square(1.499, 42.505, 1.511, 42.52), square(1.504, 42.509, 1.506, 42.511)];
  const build = (green?: GreenPolygon[]) =>
    RunningGraph.fromBytes(
      buildRunningGraph(
        { nodeCoord: (id) => coords[id], ways, elevation: () => 100, ...(green ? { green } : {}) },
        { minComponentLength: 0 },
      ),
    );
  const edgeAt = (g: RunningGraph, lat: number) =>
    [...Array(g.edgeCount).keys()].find((e) => {
      const geo = g.edgeGeometry(e);
      return geo.lat.every((y) => Math.abs(y - lat) < 1e-9);
    })!;
  it('stores the green share per edge, holes excluded', () => {
    const g = build([park]);
    expect(g.edgeCount).toBe(4);
    const north = edgeAt(g, 42.51);
    const south = edgeAt(g, 42.5);
    expect(g.edgeGreen[south]).toBe(0);
    // 0.010° long, the pond takes 0.002° of it → 80 % green
    expect(g.edgeGreen[north]! / 255).toBeGreaterThan(0.77);
    expect(g.edgeGreen[north]! / 255).toBeLessThan(0.83);
    // the east/west connectors: half of each lies north of 42.505
    for (let e = 0; e < g.edgeCount; e++) if (e !== north && e !== south) expect(g.edgeGreen[e]! / 255).toBeCloseTo(0.5, 1);
  });
  it('is all zero without green input', () => {
    const g = build();
    expect(Array.from(g.edgeGreen)).toEqual([0, 0, 0, 0]);
  });
  it('rejects version-1 and version-2 files with a clear GraphFormatError', () => {
    expect(GRAPH_FORMAT_VERSION).toBe(4);
    for (const old of [1, 2]) {
      const bytes = buildRunningGraph({ nodeCoord: (id) => coords[id], ways, elevation: () => 100 }, { minComponentLength: 0 });
      new DataView(bytes.buffer).setUint32(4, old, true);
      expect(() => RunningGraph.fromBytes(bytes)).toThrow(GraphFormatError);
      expect(() => RunningGraph.fromBytes(bytes)).toThrow(new RegExp(`unsupported format version ${old} .*rebuild the region pack`));
    }
  });
});
