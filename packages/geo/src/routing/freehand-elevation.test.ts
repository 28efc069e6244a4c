// Issue 15: climb on freehand, off-network and imported legs. A 2.7 km straight leg from Lac
// d'Engolasters towards 1.60 E 42.51 N used to report ~9 m of ascent and a flat profile at
// ~1,640 m (every point took the elevation of the nearest way, and off the network none was near),
// while the SRTM tile along that line rises from ~1,620 m to 2,258 m.
import { beforeAll, describe, expect, it } from 'vitest';
import { haversineLL } from '../distance.ts';
import { routeClimb } from '../elevation/filter.ts';
import { trackToWaypoints } from '../io/formats.ts';
import { andorraDem, andorraGraph } from '../test-support/andorra.ts';
import { RoutePlanner } from './planner.ts';

const LAKE: [number, number] = [1.56842, 42.51964];
const EAST: [number, number] = [1.6, 42.51];

/** The raw SRTM line: the tile sampled every 5 m along the straight line, then the same climb filter. */
function srtmLine(a: [number, number], b: [number, number]) {
  const dem = andorraDem();
  const len = haversineLL(a[0], a[1], b[0], b[1]);
  const n = Math.ceil(len / 5);
  const ele: number[] = [];
  const dist: number[] = [];
  for (let i = 0; i <= n; i++) {
    ele.push(dem.elevation(a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n));
    dist.push((len * i) / n);
  }
  return { ele, dist, climb: routeClimb(ele, dist) };
}

describe('DEM elevation for points off the network', () => {
  let planner: RoutePlanner;
  beforeAll(async () => {
    planner = new RoutePlanner((await andorraGraph()).graph);
  });

  it("a freehand leg's ascent is within 5 % of the SRTM line's filtered ascent, and its profile rises with the terrain", () => {
    const ref = srtmLine(LAKE, EAST);
    expect(ref.climb.ascent).toBeGreaterThan(500); // the line climbs the ridge east of the lake
    const r = planner.route({ waypoints: [LAKE, EAST], legModes: ['freehand'] });
    expect(r.distance).toBeGreaterThan(2700);
    expect(Math.abs(r.ascent! - ref.climb.ascent) / ref.climb.ascent).toBeLessThan(0.05);
    expect(Math.abs(r.descent! - ref.climb.descent) / Math.max(1, ref.climb.descent)).toBeLessThan(0.05);
    // densified: a point at least every 25 m, each on the DEM
    for (let i = 1; i < r.distances.length; i++) expect(r.distances[i]! - r.distances[i - 1]!).toBeLessThanOrEqual(25.1);
    expect(r.coordinates[0]![2]).toBeCloseTo(ref.ele[0]!, 0);
    expect(r.coordinates.at(-1)![2]).toBeCloseTo(ref.ele.at(-1)!, 0);
    expect(r.highest! - r.lowest!).toBeGreaterThan(600);
  });

  it('a snap leg that cannot reach the network (no way within the snap radius) is drawn straight with DEM elevations', () => {
    // 1.60 E 42.51 N is on the open ridge: with a 100 m snap radius it has no way nearby
    const r = planner.route({ waypoints: [LAKE, EAST], legModes: ['snap'], maxSnapDistance: 100 });
    expect(r.legs[0]!.routed).toBe(false);
    expect(r.ascent!).toBeGreaterThan(srtmLine(r.waypoints[0]!, EAST).climb.ascent * 0.95);
  });

  it('an imported off-trail track keeps the terrain between its points', () => {
    // a GPX-like track of 6 points across the slope, imported as freehand legs
    const pts: [number, number][] = Array.from({ length: 6 }, (_, i) => [
      LAKE[0] + ((EAST[0] - LAKE[0]) * i) / 5,
      LAKE[1] + ((EAST[1] - LAKE[1]) * i) / 5,
    ]);
    const wps = trackToWaypoints([pts.map((p) => [p[0], p[1]] as [number, number])], 100);
    const r = planner.route({ waypoints: wps, legModes: wps.slice(1).map(() => 'freehand') });
    const ref = srtmLine(LAKE, EAST);
    expect(Math.abs(r.ascent! - ref.climb.ascent) / ref.climb.ascent).toBeLessThan(0.05);
  });

  it('falls back to the nearest way without a DEM (a graph built without one)', () => {
    const bare = new RoutePlanner(planner.graph, { elevation: null });
    const r = bare.route({ waypoints: [LAKE, EAST], legModes: ['freehand'] });
    expect(r.ascent!).toBeLessThan(100); // the old behaviour: flat where no way is near
  });
});
