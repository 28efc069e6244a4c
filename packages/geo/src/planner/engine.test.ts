import { beforeAll, describe, expect, it } from 'vitest';
import { buildRunningGraph } from '../graph/build.ts';
import { RunningGraph } from '../graph/graph.ts';
import { RouteError, RoutePlanner } from '../routing/planner.ts';
import { andorraGraph } from '../test-support/andorra.ts';
import { KM_LAT, KM_LON } from '../test-support/network.ts';
import { OutsideRegionError, PlanningEngine, elevationOf } from './engine.ts';
import { LOOP_ALTERNATIVES, MAX_WAYPOINTS, REGION_MARGIN_M } from './limits.ts';

// Two points on streets of Andorra la Vella – Escaldes.
const A = { lon: 1.5211, lat: 42.5063, mode: 'snap' as const };
const B = { lon: 1.5335, lat: 42.5095, mode: 'snap' as const };

/** A 2 km × 1 km grid of paths near 1.5° E, 42.5° N whose elevation is unknown everywhere. */
function noElevationGraph(): RunningGraph {
  const coords = new Map<number, [number, number]>();
  const ways: { id: number; refs: number[]; tags: Record<string, string> }[] = [];
  const id = (x: number, y: number) => y * 10 + x + 1;
  for (let y = 0; y <= 2; y++) for (let x = 0; x <= 4; x++) coords.set(id(x, y), [1.5 + x * 0.5 * KM_LON, 42.5 + y * 0.5 * KM_LAT]);
  for (let y = 0; y <= 2; y++) ways.push({ id: ways.length + 1, refs: [0, 1, 2, 3, 4].map((x) => id(x, y)), tags: { highway: 'path' } });
  for (let x = 0; x <= 4; x++) ways.push({ id: ways.length + 1, refs: [0, 1, 2].map((y) => id(x, y)), tags: { highway: 'footway' } });
  const bytes = buildRunningGraph({ nodeCoord: (n) => coords.get(n), ways, elevation: () => Number.NaN }, { minComponentLength: 0 });
  return RunningGraph.fromBytes(bytes);
}

describe('PlanningEngine on a network without elevation', () => {
  const engine = new PlanningEngine('flatland', noElevationGraph());
  const from = { lon: 1.5, lat: 42.5, mode: 'snap' as const };
  const to = { lon: 1.5 + 2 * KM_LON, lat: 42.5 + KM_LAT, mode: 'snap' as const };

  it('marks every unknown elevation NaN (never 0, which would read as sea level)', () => {
    const r = engine.plan([from, to])!;
    expect(r.coords.length).toBeGreaterThan(2);
    expect(r.coords.every((c) => c.length === 3 && Number.isNaN(c[2]))).toBe(true);
    expect(r.stats.distanceM).toBeGreaterThan(2900);
    expect([r.stats.ascentM, r.stats.descentM]).toEqual([0, 0]);
    expect(r.profile).toEqual([]);
    // flat pace on unknown ground: 6:00 /km over the distance
    expect(r.stats.timeS).toBeCloseTo((r.stats.distanceM / 1000) * 360, 6);
  });

  it('names the legs asked to snap that no path reached (a waypoint 1.5 km from every path), and only those', () => {
    const far = { lon: 1.5 + KM_LON, lat: 42.5 + 2.5 * KM_LAT, mode: 'snap' as const };
    const r = engine.plan([from, to, far])!;
    expect(r.unrouted).toEqual([1]);
    // the same leg drawn freehand on purpose is not "unrouted"
    expect(engine.plan([from, to, { ...far, mode: 'freehand' }])!.unrouted).toBeUndefined();
    expect(engine.plan([from, to])!.unrouted).toBeUndefined();
  });

  it('sends unknown elevations as JSON null, not as a made-up number', () => {
    const json = JSON.parse(JSON.stringify(engine.plan([from, to]))) as { coords: unknown[][] };
    expect(json.coords[0]).toEqual([expect.any(Number), expect.any(Number), null]);
  });

  it('reads a position’s elevation as NaN when it is missing or not a number', () => {
    expect(elevationOf([1, 2])).toBeNaN();
    expect(elevationOf([1, 2, Number.NaN])).toBeNaN();
    expect(elevationOf([1, 2, 0])).toBe(0);
    expect(elevationOf([1, 2, 1234.5])).toBe(1234.5);
  });
});

describe('PlanningEngine on Andorra', () => {
  let engine: PlanningEngine;
  let planner: RoutePlanner;
  beforeAll(async () => {
    const { bytes, graph } = await andorraGraph();
    engine = PlanningEngine.fromBytes('andorra', bytes);
    planner = new RoutePlanner(graph);
  });

  it('plans what RoutePlanner plans, in the planner’s shape', () => {
    const r = engine.plan([A, B, { ...A, mode: 'freehand' }], 330)!;
    const direct = planner.route({
      waypoints: [
        [A.lon, A.lat],
        [B.lon, B.lat],
        [A.lon, A.lat],
      ],
      legModes: ['snap', 'freehand'],
      paceSecPerKm: 330,
    });
    expect(r.coords.map((c) => [c[0], c[1]])).toEqual(direct.coordinates.map((c) => [c[0], c[1]]));
    expect(r.coords.map((c) => c[2])).toEqual(direct.coordinates.map((c) => c[2]));
    expect(r.coords.every((c) => Number.isFinite(c[2]) && c[2] > 900)).toBe(true); // SRTM: the valley floor is above 1,000 m
    expect(r.cum).toEqual(direct.distances);
    expect(r.legStarts).toEqual(direct.legs.map((l) => l.from));
    expect(r.stats).toEqual({
      distanceM: direct.distance,
      ascentM: direct.ascent,
      descentM: direct.descent,
      timeS: direct.time,
      greenM: direct.greenMetres,
    });
    expect(r.snapped).toEqual(direct.waypoints);
    expect(r.profile!.length).toBeGreaterThan(10);
  });

  it('weighs snapped legs by the preferences it is given (busy roads avoided), and only then', () => {
    const busy = (r: { wayTypes: Record<string, number>; stats: { distanceM: number } }) =>
      ['tertiary', 'secondary', 'primary', 'trunk'].reduce((a, k) => a + (r.wayTypes[k] ?? 0), 0) / r.stats.distanceM;
    const wps = [A, B];
    const plain = engine.plan(wps, 330)!;
    // all preferences off is the plain (contraction hierarchy) route
    const off = engine.plan(wps, 330, { preferPaths: false, avoidBusyRoads: false, preferGreen: false, preferPopular: false })!;
    expect(off.coords).toEqual(plain.coords);
    const calm = engine.plan(wps, 330, { avoidBusyRoads: true })!;
    expect(busy(plain)).toBeGreaterThan(0.5); // 72 % on the CG-1/CG-2 through town
    expect(busy(calm)).toBeLessThan(busy(plain) / 3); // 12 %: back streets
    // the detour takes longer: the plain route is the quickest
    expect(calm.stats.timeS).toBeGreaterThan(plain.stats.timeS);
  });

  it('answers null for fewer than two waypoints and refuses more than MAX_WAYPOINTS', () => {
    expect(engine.plan([])).toBeNull();
    expect(engine.plan([A])).toBeNull();
    const many = Array.from({ length: MAX_WAYPOINTS + 1 }, (_, i) => ({ ...A, lon: A.lon + i * 1e-5 }));
    expect(() => engine.plan(many)).toThrow(RouteError);
    expect(engine.plan(many.slice(0, MAX_WAYPOINTS))!.legStarts).toHaveLength(MAX_WAYPOINTS - 1);
  });

  it('refuses a point beyond the region margin, naming the point and the region', () => {
    const [w, , e] = engine.bbox;
    const kmLon = 1 / (111.32 * Math.cos((42.5 * Math.PI) / 180));
    const inMargin = { lon: e + ((REGION_MARGIN_M - 500) / 1000) * kmLon, lat: A.lat, mode: 'freehand' as const };
    const beyond = { lon: w - ((REGION_MARGIN_M + 500) / 1000) * kmLon, lat: A.lat, mode: 'snap' as const };
    expect(engine.plan([A, inMargin])!.stats.distanceM).toBeGreaterThan(0);
    let err: unknown;
    try {
      engine.plan([A, B, beyond]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OutsideRegionError);
    expect((err as OutsideRegionError).index).toBe(2);
    expect((err as Error).message).toMatch(/^Point 3 \(42\.50630, 1\.\d{5}\) is outside the andorra region$/);
    expect(() => engine.loops({ start: [2.35, 48.85], distanceKm: 5 })).toThrow(OutsideRegionError);
  });

  it('generates LOOP_ALTERNATIVES loops by default, each starting and ending at the start', () => {
    const loops = engine.loops({ start: [A.lon, A.lat], distanceKm: 5, seed: 7 });
    expect(loops.length).toBeGreaterThan(0);
    expect(loops.length).toBeLessThanOrEqual(LOOP_ALTERNATIVES);
    for (const l of loops) {
      expect(l.distanceM).toBeGreaterThan(4000);
      expect(l.distanceM).toBeLessThan(6000);
      expect(l.waypoints[0]).toEqual(l.waypoints.at(-1));
      expect(l.coords.every((c) => Number.isFinite(c[2]))).toBe(true);
      expect(typeof l.heading).toBe('number');
    }
    expect(engine.loops({ start: [A.lon, A.lat], distanceKm: 5, seed: 7, alternatives: 1 })).toHaveLength(1);
    // same seed, same loops
    expect(engine.loops({ start: [A.lon, A.lat], distanceKm: 5, seed: 7 })).toEqual(loops);
  });
});
