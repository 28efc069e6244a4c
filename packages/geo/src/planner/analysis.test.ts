import { beforeAll, describe, expect, it } from 'vitest';
import { routeClimb } from '../elevation/filter.ts';
import { movingTime } from '../elevation/time.ts';
import { exportTrack, importTrack, trackToFixedWaypoints, type TrackPoint } from '../io/formats.ts';
import { andorraGraph } from '../test-support/andorra.ts';
import { KM_LAT, KM_LON } from '../test-support/network.ts';
import { GRADE_CLASSES, bandRanges, gradeClassOf, gradeRanges, routeSplits, sliceLine } from './analysis.ts';
import { PlanningEngine, type PlannedRoute } from './engine.ts';

/** A synthetic route along a meridian: `ele(d)` at every 10 m. */
function syntheticRoute(lengthM: number, ele: (d: number) => number): PlannedRoute {
  const coords: [number, number, number][] = [];
  const cum: number[] = [];
  for (let d = 0; d <= lengthM + 1e-9; d += 10) {
    coords.push([1.5, 42.5 + (d / 1000) * KM_LAT, ele(d)]);
    cum.push(d);
  }
  return {
    coords,
    cum,
    legStarts: [0],
    stats: { distanceM: lengthM, ascentM: 0, descentM: 0, timeS: 0 },
    wayTypes: {},
    surfaces: {},
  };
}

describe('grade classes', () => {
  it('cover every grade once, in order, with the class boundaries at −10, −4, 4 and 10 %', () => {
    expect(GRADE_CLASSES.map((c) => c.id)).toEqual(['down-steep', 'down', 'flat', 'up', 'up-steep']);
    expect([-0.3, -0.1, -0.05, -0.04, 0, 0.039, 0.04, 0.099, 0.1, 0.5].map((g) => gradeClassOf(g).id)).toEqual([
      'down-steep',
      'down',
      'down',
      'flat',
      'flat',
      'flat',
      'up',
      'up',
      'up-steep',
      'up-steep',
    ]);
    expect(new Set(GRADE_CLASSES.map((c) => c.color)).size).toBe(5);
  });

  it('turn the smoothed profile into merged distance ranges per class', () => {
    const route = {
      stats: { distanceM: 300, ascentM: 0, descentM: 0, timeS: 0 },
      profile: [
        { distance: 0, elevation: 0, grade: 0.01 },
        { distance: 100, elevation: 1, grade: 0.02 },
        { distance: 200, elevation: 3, grade: 0.12 },
        { distance: 300, elevation: 15, grade: 0.12 },
      ],
    };
    expect(gradeRanges(route).map((g) => [g.cls.id, g.range])).toEqual([
      ['flat', [0, 200]],
      ['up-steep', [200, 300]],
    ]);
  });
});

describe('per-km splits', () => {
  it('one split per started km; the last one as long as what remains', () => {
    const r = syntheticRoute(3450, () => 100);
    const s = routeSplits(r, 1000, 360);
    expect(s.map((x) => x.index)).toEqual([1, 2, 3, 4]);
    expect(s.map((x) => Math.round(x.lengthM))).toEqual([1000, 1000, 1000, 450]);
    // flat: 6:00 per km, 450 m in 2:42
    expect(s.map((x) => Math.round(x.timeS))).toEqual([360, 360, 360, 162]);
    expect(s.every((x) => x.ascentM === 0 && x.descentM === 0 && x.grade === 0)).toBe(true);
  });

  it('puts the climb where it happens and adds up to the route’s filtered totals', () => {
    // flat 1 km, 80 m up over km 2, flat, 50 m down over the first half of km 4, flat
    const ele = (d: number) =>
      d < 1000 ? 500 : d < 2000 ? 500 + (d - 1000) * 0.08 : d < 3000 ? 580 : d < 3500 ? 580 - (d - 3000) * 0.1 : 530;
    const r = syntheticRoute(4200, ele);
    const s = routeSplits(r, 1000, 300);
    const climb = routeClimb(
      r.coords.map((c) => c[2]),
      r.cum,
    );
    const sum = (f: (x: (typeof s)[number]) => number) => s.reduce((a, x) => a + f(x), 0);
    expect(sum((x) => x.ascentM!)).toBeCloseTo(climb.ascent, 6);
    expect(sum((x) => x.descentM!)).toBeCloseTo(climb.descent, 6);
    expect(s[1]!.ascentM!).toBeGreaterThan(70);
    expect(s[0]!.ascentM! + s[2]!.ascentM!).toBeLessThan(10);
    expect(s[3]!.descentM!).toBeGreaterThan(45);
    expect(s[1]!.grade!).toBeCloseTo(0.08, 2);
    expect(s[3]!.grade!).toBeCloseTo(-0.05, 2);
    // time: Tobler, same as the route's total
    expect(sum((x) => x.timeS)).toBeCloseTo(
      movingTime(
        r.coords.map((c) => c[2]),
        r.cum,
        300,
      ),
      6,
    );
    expect(s[1]!.timeS).toBeGreaterThan(s[0]!.timeS * 1.2);
  });

  it('miles: every 1609.344 m', () => {
    const s = routeSplits(
      syntheticRoute(5000, () => 10),
      1609.344,
      360,
    );
    expect(s.length).toBe(4);
    expect(s[3]!.lengthM).toBeCloseTo(5000 - 3 * 1609.344, 6);
  });

  it('unknown elevation: flat time, no climb or grade', () => {
    const s = routeSplits(
      syntheticRoute(1500, () => Number.NaN),
      1000,
      360,
    );
    expect(s.map((x) => [Math.round(x.timeS), x.ascentM, x.grade])).toEqual([
      [360, null, null],
      [180, null, null],
    ]);
  });
});

describe('sliceLine', () => {
  it('cuts the line at two distances, interpolating the ends', () => {
    const r = syntheticRoute(100, () => 0);
    const l = sliceLine(r, 15, 42);
    expect(l.length).toBe(5); // 15, 20, 30, 40, 42
    expect(l[0]![1]).toBeCloseTo(42.5 + 0.015 * KM_LAT, 9);
    expect(l.at(-1)![1]).toBeCloseTo(42.5 + 0.042 * KM_LAT, 9);
    expect(sliceLine(r, 50, 50)).toEqual([]);
  });
});

describe('on Andorra: band ranges from the planned route', () => {
  let engine: PlanningEngine;
  beforeAll(async () => {
    engine = PlanningEngine.fromBytes('andorra', (await andorraGraph()).bytes);
  });

  it('segments cover the route; each band’s ranges sum to its breakdown share', () => {
    const r = engine.plan(
      [
        { lon: 1.5211, lat: 42.5063, mode: 'snap' },
        { lon: 1.5335, lat: 42.5095, mode: 'snap' },
        { lon: 1.54, lat: 42.512, mode: 'freehand' },
      ],
      360,
    )!;
    expect(r.segments!.length).toBeGreaterThan(1);
    expect(r.segments![0]!.from).toBe(0);
    expect(r.segments!.at(-1)!.to).toBe(r.coords.length - 1);
    for (let i = 1; i < r.segments!.length; i++) expect(r.segments![i]!.from).toBe(r.segments![i - 1]!.to);
    for (const [kind, parts] of [
      ['wayType', r.wayTypes],
      ['surface', r.surfaces],
    ] as const) {
      for (const [key, metres] of Object.entries(parts)) {
        const ranges = bandRanges(r, kind, key);
        const len = ranges.reduce((a, [x, y]) => a + y - x, 0);
        expect(Math.abs(len - metres), `${kind} ${key}`).toBeLessThan(1);
      }
    }
    expect(bandRanges(r, 'wayType', 'freehand').length).toBe(1);
    // grade bands partition the route
    const graded = GRADE_CLASSES.flatMap((c) => bandRanges(r, 'grade', c.id)).reduce((a, [x, y]) => a + y - x, 0);
    expect(graded).toBeCloseTo(r.stats.distanceM, 0);
    // splits add up to the route's time and climb
    const s = routeSplits(r, 1000, 360);
    expect(s.length).toBe(Math.ceil(r.stats.distanceM / 1000));
    expect(s.reduce((a, x) => a + x.timeS, 0)).toBeCloseTo(r.stats.timeS, -1);
    expect(Math.abs(s.reduce((a, x) => a + x.ascentM!, 0) - r.stats.ascentM)).toBeLessThan(2);
  });

  it('a fixed leg runs through its track points, not straight', () => {
    const a = { lon: 1.55, lat: 42.52 };
    const b = { lon: 1.56, lat: 42.52 };
    const via: [number, number][] = [[1.555, 42.525]];
    const straight = engine.plan([
      { ...a, mode: 'freehand' },
      { ...b, mode: 'freehand' },
    ])!;
    const fixed = engine.plan([
      { ...a, mode: 'freehand' },
      { ...b, mode: 'freehand', via },
    ])!;
    expect(fixed.legStarts).toEqual([0]);
    expect(fixed.stats.distanceM).toBeGreaterThan(straight.stats.distanceM * 1.2);
    expect(fixed.coords.some((c) => Math.abs(c[0] - 1.555) < 1e-9 && Math.abs(c[1] - 42.525) < 1e-9)).toBe(true);
    // via is ignored on a snapped leg
    const snapped = engine.plan([
      { ...a, mode: 'snap' },
      { ...b, mode: 'snap', via },
    ])!;
    expect(snapped.coords.some((c) => Math.abs(c[0] - 1.555) < 1e-9 && Math.abs(c[1] - 42.525) < 1e-9)).toBe(false);
  });
});

describe('imported tracks as fixed tracks', () => {
  it('a 21-point straight track becomes 2 handles, its points kept on the leg', () => {
    const line: TrackPoint[] = Array.from({ length: 21 }, (_, i) => [1.5 + i * 0.1 * KM_LON, 42.5 + i * 0.05 * KM_LAT]);
    const w = trackToFixedWaypoints([line]);
    expect(w.length).toBe(2);
    expect(w[1]!.mode).toBe('freehand');
    expect(w[1]!.via!.length).toBe(19);
  });

  it('a 4-waypoint loop exported by the planner (≈ 80 track points) comes back with ≤ 12 handles at its corners', () => {
    // a rounded square loop ~1 km a side with wiggles, like a routed line
    const corners = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const line: TrackPoint[] = [];
    for (let s = 0; s < 4; s++) {
      for (let i = 0; i < 20; i++) {
        const t = i / 20;
        const x = corners[s]![0]! + (corners[s + 1]![0]! - corners[s]![0]!) * t;
        const y = corners[s]![1]! + (corners[s + 1]![1]! - corners[s]![1]!) * t;
        const wiggle = Math.sin(i) * 0.004; // ±4 m
        line.push([1.5 + (x + wiggle) * KM_LON, 42.5 + (y + wiggle) * KM_LAT]);
      }
    }
    line.push(line[0]!);
    expect(line.length).toBe(81);
    const w = trackToFixedWaypoints([line]);
    expect(w.length).toBeGreaterThanOrEqual(4);
    expect(w.length).toBeLessThanOrEqual(12);
    // every track point is kept: handles + via
    expect(w.length + w.reduce((a, x) => a + (x.via?.length ?? 0), 0)).toBe(81);
    // the corners are handles
    for (const [cx, cy] of corners.slice(1, 4))
      expect(w.some((p) => Math.hypot((p.lon - 1.5) / KM_LON - cx!, (p.lat - 42.5) / KM_LAT - cy!) < 0.06)).toBe(true);
  });

  it('thins a huge track to the via limit', () => {
    const line: TrackPoint[] = Array.from({ length: 30_000 }, (_, i) => [
      1.5 + i * 1e-6 + Math.sin(i / 50) * 1e-5,
      42.5 + Math.cos(i / 70) * 1e-4,
    ]);
    const w = trackToFixedWaypoints([line], 12, 10_000);
    expect(w.reduce((a, x) => a + (x.via?.length ?? 0), 0)).toBeLessThanOrEqual(10_000);
    expect(w.length).toBeLessThanOrEqual(12);
  });
});

describe('GPX of our own route', () => {
  it('carries the waypoints; a re-import restores exactly those (modes and fixed legs too)', () => {
    const line: TrackPoint[] = [
      [1.5, 42.5, 1000],
      [1.501, 42.5, 1001],
      [1.502, 42.501, 1002],
      [1.503, 42.501, 1003],
      [1.504, 42.502, 1004],
      [1.505, 42.5, 1005],
      [1.5, 42.5, 1000],
    ];
    const waypoints = [
      { lon: 1.5, lat: 42.5, mode: 'snap' as const },
      { lon: 1.502, lat: 42.501, mode: 'snap' as const },
      { lon: 1.504, lat: 42.502, mode: 'freehand' as const, via: [[1.503, 42.501]] as [number, number][] },
      { lon: 1.505, lat: 42.5, mode: 'freehand' as const },
      { lon: 1.5, lat: 42.5, mode: 'snap' as const },
    ];
    const gpx = exportTrack('gpx', { name: 'Loop', lines: [line], waypoints });
    expect(gpx).toContain('<type>waymark-waypoints</type>');
    const t = importTrack(gpx);
    expect(t.lines.length).toBe(1);
    expect(t.lines[0]!.length).toBe(7);
    expect(t.waypoints).toEqual(waypoints);
  });

  it('another tool’s GPX route (no waymark type) is still read as a line, with no waypoints', () => {
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><rte><rtept lat="42.5" lon="1.5"/><rtept lat="42.51" lon="1.51"/></rte></gpx>`;
    const t = importTrack(gpx);
    expect(t.lines.length).toBe(1);
    expect(t.waypoints).toBeUndefined();
  });
});
