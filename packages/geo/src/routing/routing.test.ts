import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { haversine } from '../distance.ts';
import type { RunningGraph } from '../graph/graph.ts';
import { andorraGraph } from '../test-support/andorra.ts';
import { RoutePlanner, RouteError } from './planner.ts';
import { Router } from './search.ts';
import type { Snap } from './snap.ts';
import { referenceCost } from '../test-support/reference.ts';

let graph: RunningGraph;
let planner: RoutePlanner;
beforeAll(async () => {
  ({ graph } = await andorraGraph());
  planner = new RoutePlanner(graph);
});

// Andorra la Vella (Plaça del Poble area) and Escaldes-Engordany centre
const ALV: [number, number] = [1.5215, 42.507];
const ESC: [number, number] = [1.5344, 42.5093];
const ORDINO: [number, number] = [1.533, 42.556];
/** the to-node of a snapped point's edge */
const toEdgeEnd = (a: Snap): [number, number] => graph.nodeCoord(graph.edgeTo[a.edge]!);

describe('snapping', () => {
  it('snaps a click onto the nearest edge, mid-edge, not to the nearest node', () => {
    const s = planner.snap(ALV)!;
    expect(s).not.toBeNull();
    expect(s.distance).toBeLessThan(60);
    expect(haversine(ALV, [s.lon, s.lat])).toBeCloseTo(s.distance, 0);
    // a point halfway along a long edge snaps between its nodes
    let e = 0;
    for (let i = 0; i < graph.edgeCount; i++) if (graph.edgeLength[i]! > graph.edgeLength[e]! && graph.edgeComponent(i) === 0) e = i;
    const mid = planner.index.at(e, 0, 0.5);
    const back = planner.snap([mid.lon, mid.lat])!;
    expect(back.edge).toBe(e);
    expect(back.offset).toBeGreaterThan(0);
    expect(back.offset).toBeLessThan(graph.edgeLength[e]!);
    expect(back.distance).toBeLessThan(0.5);
  });
  it('finds the true nearest segment (brute force check on random points)', () => {
    const [minLon, minLat, maxLon, maxLat] = graph.bbox;
    const idx = planner.index;
    const edgeEnds = new Set<number>();
    for (let e = 0; e < graph.edgeCount; e++) edgeEnds.add(idx.ptStart[e + 1]! - 1);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (u, v) => {
        const p: [number, number] = [minLon + u * (maxLon - minLon), minLat + v * (maxLat - minLat)];
        const s = idx.snap(p, 3000);
        // brute force over all segments in the projection
        const x = (p[0] - graph.lon0) * graph.kx;
        const y = (p[1] - graph.lat0) * graph.ky;
        let best = Infinity;
        for (let q = 0; q < idx.ptX.length - 1; q++) {
          // skip the pair that spans two edges
          if (edgeEnds.has(q)) continue;
          const ax = idx.ptX[q]!;
          const ay = idx.ptY[q]!;
          const dx = idx.ptX[q + 1]! - ax;
          const dy = idx.ptY[q + 1]! - ay;
          const l2 = dx * dx + dy * dy;
          const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
          best = Math.min(best, Math.hypot(ax + t * dx - x, ay + t * dy - y));
        }
        if (best > 3000) expect(s).toBeNull();
        else expect(s!.distance).toBeCloseTo(best, 6);
      }),
      { numRuns: 25, seed: 42 },
    );
  });
  it('returns null far from any way', () => {
    expect(planner.snap([0.5, 41.5])).toBeNull();
  });
});

describe('shortest paths', () => {
  const randomSnaps = (count: number, seed: number) => {
    const [minLon, minLat, maxLon, maxLat] = graph.bbox;
    let s = seed;
    const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const out: Snap[] = [];
    while (out.length < count) {
      const p = planner.snap([minLon + rnd() * (maxLon - minLon), minLat + rnd() * (maxLat - minLat)], 500, 0);
      if (p) out.push(p);
    }
    return out;
  };

  it('is optimal: the contraction hierarchy, ALT, plain A* and a brute-force Dijkstra agree on the cost', () => {
    const snaps = randomSnaps(40, 7);
    const plain = new Router(graph, 0, false);
    const alt = new Router(graph, 16, false);
    for (let i = 0; i < snaps.length; i += 2) {
      const a = snaps[i]!;
      const b = snaps[i + 1]!;
      const ref = referenceCost(graph, a, b);
      expect(planner.router.route(a, b)!.cost).toBeCloseTo(ref, 3);
      expect(alt.route(a, b)!.cost).toBeCloseTo(ref, 3);
      expect(plain.route(a, b)!.cost).toBeCloseTo(ref, 3);
    }
  });

  it('routes are never shorter than the straight line and their steps chain up', () => {
    const snaps = randomSnaps(60, 11);
    for (let i = 0; i < snaps.length; i += 2) {
      const a = snaps[i]!;
      const b = snaps[i + 1]!;
      const r = planner.router.route(a, b)!;
      expect(r.length).toBeGreaterThanOrEqual(haversine([a.lon, a.lat], [b.lon, b.lat]) * 0.995);
      const steps = r.steps;
      // zero-length partial steps are dropped, so an end exactly at a node may start/end on a neighbour
      const atNode = (s: Snap) => s.offset < 1e-6 || s.offset > graph.edgeLength[s.edge]! - 1e-6;
      if (steps[0]!.edge === a.edge) expect(steps[0]!.start).toBeCloseTo(a.offset, 6);
      else expect(atNode(a)).toBe(true);
      if (steps.at(-1)!.edge === b.edge) expect(steps.at(-1)!.end).toBeCloseTo(b.offset, 6);
      else expect(atNode(b)).toBe(true);
      for (let j = 1; j < steps.length; j++) {
        const p = steps[j - 1]!;
        const q = steps[j]!;
        const endNode = p.end === 0 ? graph.edgeFrom[p.edge] : graph.edgeTo[p.edge];
        const startNode = q.start === 0 ? graph.edgeFrom[q.edge] : graph.edgeTo[q.edge];
        expect(endNode).toBe(startNode);
      }
    }
  });

  it('starts and ends mid-edge: two points on one edge route along it', () => {
    let e = 0;
    for (let i = 0; i < graph.edgeCount; i++) if (graph.edgeLength[i]! > graph.edgeLength[e]! && graph.edgeComponent(i) === 0) e = i;
    const a = planner.index.at(e, 0, 0.3);
    const segs = planner.index.ptStart[e + 1]! - planner.index.ptStart[e]! - 1;
    const b = planner.index.at(e, segs - 1, 0.7);
    const r = planner.router.route(a, b)!;
    expect(r.steps).toHaveLength(1);
    expect(r.length).toBeCloseTo(Math.abs(b.offset - a.offset), 3);
  });

  it('returns null between disconnected networks, and the planner draws that leg freehand', () => {
    const main = planner.snap(ALV)!;
    let other = -1;
    for (let e = 0; e < graph.edgeCount && other < 0; e++) if (graph.edgeComponent(e) === 1) other = e;
    const far = planner.index.at(other, 0, 0.5);
    expect(planner.router.route(main, far)).toBeNull();
    const r = planner.route({ waypoints: [ALV, [far.lon, far.lat]] });
    expect(r.legs[0]).toMatchObject({ mode: 'snap', routed: false });
  });
  it('routes inside the second network too (Sant Julià de Lòria, cut off by foot=no main roads)', () => {
    let other = -1;
    for (let e = 0; e < graph.edgeCount && other < 0; e++) if (graph.edgeComponent(e) === 1 && graph.edgeLength[e]! > 300) other = e;
    const a = planner.index.at(other, 0, 0);
    const r = planner.route({ waypoints: [[a.lon, a.lat], toEdgeEnd(a)] });
    expect(r.legs[0]!.routed).toBe(true);
    expect(r.distance).toBeGreaterThan(100);
  });

  it('prefers paths: avoidBusyRoads never raises the busy-road share', () => {
    const busy = (w: Record<string, number>) => (w.primary ?? 0) + (w.secondary ?? 0) + (w.tertiary ?? 0) + (w.trunk ?? 0);
    const plain = planner.route({ waypoints: [ESC, ORDINO] });
    const avoid = planner.route({ waypoints: [ESC, ORDINO], preferences: { avoidBusyRoads: true } });
    expect(busy(avoid.wayTypes)).toBeLessThanOrEqual(busy(plain.wayTypes));
  });
});

describe('route results', () => {
  it('Andorra la Vella → Escaldes: a plausible town route (hand-checked: ~1.1 km apart, ~1.3 km on streets)', () => {
    const r = planner.route({ waypoints: [ALV, ESC] });
    const straight = haversine(ALV, ESC);
    expect(straight).toBeGreaterThan(1050);
    expect(straight).toBeLessThan(1120);
    expect(r.distance).toBeGreaterThan(straight);
    expect(r.distance).toBeLessThan(1.6 * straight);
    expect(r.legs).toEqual([expect.objectContaining({ mode: 'snap', routed: true })]);
    expect(r.surfaces.paved).toBeGreaterThan(r.distance * 0.8);
    // valley floor ~1020–1060 m
    for (const c of r.coordinates) {
      expect(c[2]).toBeGreaterThan(950);
      expect(c[2]).toBeLessThan(1150);
    }
    // the geometry length is the reported distance
    let sum = 0;
    for (let i = 1; i < r.coordinates.length; i++)
      sum += haversine(r.coordinates[i - 1] as [number, number], r.coordinates[i] as [number, number]);
    expect(sum).toBeCloseTo(r.distance, 3);
    const wt = Object.values(r.wayTypes).reduce((a, b) => a + b, 0);
    expect(wt).toBeCloseTo(r.distance, -1);
  });

  it('Escaldes → Ordino climbs ~300 m net (Ordino is ~1300 m, Escaldes ~1050 m)', () => {
    const r = planner.route({ waypoints: [ESC, ORDINO] });
    const first = r.coordinates[0]![2]!;
    const last = r.coordinates.at(-1)![2]!;
    expect(last - first).toBeGreaterThan(200);
    expect(last - first).toBeLessThan(400);
    expect(r.ascent! - r.descent!).toBeCloseTo(last - first, -1);
    expect(r.ascent!).toBeLessThanOrEqual(r.rawAscent!);
    expect(r.profile.length).toBeGreaterThan(100);
    expect(r.profile.at(-1)!.distance).toBeCloseTo(r.distance, 1); // (profile distances are kept to 0.1 m)
    // to 0.1 m, like elevations and cumulative distances: a third of a route's answer was their digits
    for (const p of r.profile) expect(Math.abs(p.distance * 10 - Math.round(p.distance * 10))).toBeLessThan(1e-6);
    // uphill overall → slower than flat 6:00/km
    expect(r.time).toBeGreaterThan((r.distance / 1000) * 360);
  });

  it('reverse route has the same length and swapped ascent/descent', () => {
    const a = planner.route({ waypoints: [ALV, ESC] });
    const b = planner.route({ waypoints: [ESC, ALV] });
    expect(b.distance).toBeCloseTo(a.distance, 0);
    expect(b.ascent!).toBeCloseTo(a.descent!, 0);
  });

  it('multi-waypoint routes mix snap and freehand legs', () => {
    const r = planner.route({ waypoints: [ALV, ESC, ORDINO], legModes: ['snap', 'freehand'] });
    expect(r.legs.map((l) => [l.mode, l.routed])).toEqual([
      ['snap', true],
      ['freehand', true],
    ]);
    const free = r.legs[1]!;
    expect(free.distance).toBeCloseTo(haversine(r.waypoints[1]!, r.waypoints[2]!), 0);
    expect(r.wayTypes.freehand).toBeCloseTo(free.distance, 0);
    // the freehand leg still has elevations (sampled from ways nearby, gaps interpolated)
    for (let i = free.from; i <= free.to; i++) expect(Number.isFinite(r.coordinates[i]![2])).toBe(true);
    expect(r.coordinates[r.legs[0]!.to]).toEqual(r.coordinates[free.from]);
  });

  it('falls back to a freehand leg (routed: false) when a waypoint has no way nearby', () => {
    const r = planner.route({ waypoints: [ALV, [1.45, 42.45]], maxSnapDistance: 50 });
    expect(r.legs[0]!.routed).toBe(false);
  });

  it('freehand ends stay where they were put; waypoints of snapped legs move onto the network', () => {
    const field: [number, number] = [1.5205, 42.5045]; // between streets, a few tens of metres off any way
    const r = planner.route({ waypoints: [field, ALV, field], legModes: ['freehand', 'freehand'] });
    expect(r.waypoints[0]).toEqual(field);
    expect(r.waypoints[2]).toEqual(field);
    expect(r.coordinates[0]!.slice(0, 2)).toEqual(field);
    const s = planner.route({ waypoints: [field, ALV, field], legModes: ['snap', 'freehand'] });
    expect(s.waypoints[0]).not.toEqual(field); // on the network
    expect(s.waypoints[2]).toEqual(field);
  });

  it('waypoints all at one spot give a one-point route of zero length, snapped or freehand', () => {
    for (const mode of ['snap', 'freehand'] as const) {
      const r = planner.route({ waypoints: [ALV, ALV, ALV], legModes: [mode, mode] });
      expect(r.coordinates).toHaveLength(1);
      expect(r.distances).toEqual([0]);
      expect(r.distance).toBe(0);
      expect(r.legs.map((l) => [l.from, l.to])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect(r.coordinates[0]!.slice(0, 2)).toEqual(r.waypoints[0]);
      expect(r.coordinates[0]![2]).toBeGreaterThan(900);
    }
  });

  it('property: any waypoints and leg modes give a consistent result or a RouteError', () => {
    const [minLon, minLat, maxLon, maxLat] = graph.bbox;
    const pt = fc.tuple(
      fc.double({ min: minLon - 0.05, max: maxLon + 0.05, noNaN: true }),
      fc.double({ min: minLat - 0.05, max: maxLat + 0.05, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(pt, fc.constantFrom('snap', 'freehand')), { minLength: 2, maxLength: 6 }), (wps) => {
        const r = planner.route({ waypoints: wps.map((w) => w[0]), legModes: wps.slice(1).map((w) => w[1] as 'snap' | 'freehand') });
        expect(r.legs).toHaveLength(wps.length - 1);
        expect(r.distances.at(-1)!).toBeCloseTo(r.distance, 0);
        expect(r.coordinates.length).toBe(r.distances.length);
        expect(Number.isFinite(r.time)).toBe(true);
        const legSum = r.legs.reduce((a, l) => a + l.distance, 0);
        expect(legSum).toBeCloseTo(r.distance, 0);
        JSON.stringify(r); // serialisable (no NaN surprises for the API)
        for (const c of r.coordinates) for (const v of c) expect(Number.isFinite(v)).toBe(true);
      }),
      { numRuns: 30, seed: 3 },
    );
  });

  it('rejects bad requests with RouteError', () => {
    expect(() => planner.route({ waypoints: [ALV] })).toThrow(RouteError);
    expect(() => planner.route({ waypoints: Array.from({ length: 101 }, () => ALV) })).toThrow(/at most 100/);
    expect(() => planner.route({ waypoints: [ALV, [NaN, 1]] })).toThrow(/lon, lat/);
    expect(() => planner.route({ waypoints: [ALV, ESC], legModes: ['fly' as 'snap'] })).toThrow(/mode/);
    expect(() => planner.route({ waypoints: [ALV, ESC], paceSecPerKm: -1 })).toThrow(/pace/);
  });
});
