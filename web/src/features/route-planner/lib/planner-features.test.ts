import { describe, expect, it } from 'vitest';
import {
  ALT_COLORS,
  alternativeFeatures,
  bandFeatures,
  gradeFeatures,
  gradeShares,
  hoverFeatures,
  markerFeatures,
  markerShownAt,
  markerZoomFilter,
  previewWaypoints,
  routeFeatures,
  shownWaypoints,
  waypointFeatures,
} from './planner-features';
import type { AssembledRoute, LoopAlternative, Waypoint } from './types';
import { newlyUnrouted } from './use-unrouted-notice';

const wps: Waypoint[] = [
  { id: 'a', lon: 1.5, lat: 42.5, mode: 'snap' },
  { id: 'b', lon: 1.51, lat: 42.5, mode: 'freehand' },
  { id: 'c', lon: 1.52, lat: 42.5, mode: 'snap' },
];
/** a straight line east, 4 km in 5 points, two legs: 0–2 and 2–4 */
const route: AssembledRoute = {
  coords: [0, 1, 2, 3, 4].map((i) => [1.5 + i * 0.01, 42.5, 1000 + i]),
  cum: [0, 1000, 2000, 3000, 4000],
  legStarts: [0, 2],
  stats: { distanceM: 4000, ascentM: 4, descentM: 0, timeS: 1440 },
  wayTypes: {},
  surfaces: {},
  snapped: [
    [1.5001, 42.5001],
    [1.5101, 42.5001],
    [1.5201, 42.5001],
  ],
};

describe('planner map features', () => {
  it('draws waypoints where the router snapped them, while the route matches the list', () => {
    expect(shownWaypoints(wps, route).map((w) => [w.lon, w.lat])).toEqual(route.snapped);
    expect(shownWaypoints(wps.slice(0, 2), route)).toEqual(wps.slice(0, 2)); // a waypoint was deleted: the route is stale
    expect(shownWaypoints(wps, null)).toBe(wps);
  });

  it('keeps the snapped place of the waypoints a route was planned for while a newer edit is routed', () => {
    const added: Waypoint = { id: 'new', lon: 1.6, lat: 42.6, mode: 'snap' };
    const now = [...wps, added];
    const shown = shownWaypoints(now, route, wps);
    expect(shown.slice(0, wps.length).map((w) => [w.lon, w.lat])).toEqual(route.snapped);
    expect(shown.at(-1)).toBe(added); // not routed yet: where it was put
    const moved = now.map((w, i) => (i === 0 ? { ...w, lon: 1.7 } : w));
    expect(shownWaypoints(moved, route, wps)[0]).toBe(moved[0]); // moved since: not the old snap
  });

  it('marks the first, last and end waypoints', () => {
    const f = waypointFeatures(wps).features.map((x) => x.properties);
    expect(f).toEqual([
      { id: 'a', index: 0, first: true, last: false, end: true },
      { id: 'b', index: 1, first: false, last: false, end: false },
      { id: 'c', index: 2, first: false, last: true, end: true },
    ]);
    expect(waypointFeatures(wps.slice(0, 1)).features[0]!.properties).toMatchObject({ first: true, last: false });
  });

  it('previews a dragged waypoint in place, and a line drag as a new waypoint in that leg', () => {
    expect(previewWaypoints(wps, { kind: 'vertex', id: 'b' }, [9, 9])[1]).toMatchObject({ id: 'b', lon: 9, lat: 9 });
    const ins = previewWaypoints(wps, { kind: 'line', index: 1 }, [8, 8]);
    expect(ins.map((w) => w.id)).toEqual(['a', 'b', '__preview', 'c']);
    expect(wps).toHaveLength(3);
  });

  it('draws the route one line per leg, with the mode of the waypoint the leg arrives at', () => {
    const f = routeFeatures(route, wps).features;
    expect(f.map((x) => x.properties)).toEqual([
      { leg: 0, mode: 'freehand' },
      { leg: 1, mode: 'snap' },
    ]);
    expect(f.map((x) => (x.geometry as { coordinates: unknown[] }).coordinates.length)).toEqual([3, 3]);
    expect(routeFeatures(null, wps).features).toEqual([]);
  });

  it('draws a leg that asked to snap but reached no path as a straight (freehand) line, marked unrouted', () => {
    const f = routeFeatures({ ...route, unrouted: [1] }, wps).features;
    expect(f.map((x) => x.properties)).toEqual([
      { leg: 0, mode: 'freehand' },
      { leg: 1, mode: 'freehand', unrouted: true },
    ]);
  });

  it('tells which legs became unrouted since the last route', () => {
    expect(newlyUnrouted([], [2])).toEqual([2]);
    expect(newlyUnrouted([2], [2])).toEqual([]);
    expect(newlyUnrouted([2], [1, 2, 3])).toEqual([1, 3]);
    expect(newlyUnrouted([1], undefined)).toEqual([]);
  });

  it('puts a marker every km (or mi), and on long routes thins them to about 60', () => {
    const m = markerFeatures(route, 1000).features;
    expect(m.map((x) => x.properties!.label)).toEqual(['1', '2', '3']);
    expect(m[1]!.geometry.coordinates[0]).toBeCloseTo(1.52, 9);
    const long: AssembledRoute = { ...route, stats: { ...route.stats, distanceM: 150_000 }, cum: route.cum.map((d) => d * 37.5) };
    const labels = markerFeatures(long, 1000).features.map((x) => Number(x.properties!.label));
    expect(labels.length).toBeLessThanOrEqual(60);
    expect(labels.slice(0, 3)).toEqual([3, 6, 9]);
  });

  it('thins the markers at overview zooms: every 5th at z10, every one from z12, the filter built from the same table', () => {
    const shown = (zoom: number) => Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => markerShownAt(n, zoom));
    expect(shown(12)).toHaveLength(40);
    expect(shown(15.5)).toHaveLength(40);
    expect(shown(11)).toEqual(Array.from({ length: 20 }, (_, i) => 2 * (i + 1)));
    expect(shown(10)).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
    expect(shown(9.9)).toEqual([10, 20, 30, 40]);
    expect(shown(8)).toEqual([20, 40]);
    expect(shown(5)).toEqual([]);
    // the numbers the filter reads are on the features
    expect(markerFeatures(route, 1000).features.map((x) => x.properties!.n)).toEqual([1, 2, 3]);
    expect(markerZoomFilter()).toEqual(['==', ['%', ['get', 'n'], ['step', ['zoom'], 50, 8, 20, 9, 10, 10, 5, 11, 2, 12, 1]], 0]);
  });

  it('lifts a km marker that lies next to a waypoint handle (and only that one)', () => {
    // waypoint c sits at km 2 (1.52°), 8 m off the line
    const m = markerFeatures(route, 1000, shownWaypoints(wps, route)).features;
    expect(m.map((x) => x.properties!.near)).toEqual([true, true, false]);
    const far = markerFeatures(route, 1000, [{ id: 'x', lon: 1.55, lat: 42.6, mode: 'snap' }]).features;
    expect(far.every((x) => x.properties!.near === false)).toBe(true);
  });

  it('highlights a band’s stretches and colours the line by grade class', () => {
    const r: AssembledRoute = {
      ...route,
      segments: [
        { from: 0, to: 1, wayType: 'path', surface: 'ground' },
        { from: 1, to: 3, wayType: 'track', surface: 'gravel' },
        { from: 3, to: 4, wayType: 'path', surface: 'ground' },
      ],
      profile: [
        { distance: 0, elevation: 1000, grade: 0 },
        { distance: 2000, elevation: 1000, grade: 0.08 },
        { distance: 3000, elevation: 1080, grade: -0.12 },
        { distance: 4000, elevation: 960, grade: -0.12 },
      ],
    };
    const paths = bandFeatures(r, 'wayType', 'path').features;
    expect(paths.length).toBe(2);
    expect(paths[0]!.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [1.5, 42.5],
        [1.51, 42.5],
      ],
    });
    expect(bandFeatures(r, 'surface', 'gravel').features.length).toBe(1);
    expect(bandFeatures(r, 'surface', 'asphalt').features).toEqual([]);
    expect(bandFeatures(r, 'grade', 'up').features.length).toBe(1);
    const g = gradeFeatures(r).features.map((f) => f.properties!.grade);
    expect(g).toEqual(['flat', 'up', 'down-steep']);
    expect(gradeShares(r)).toEqual({ 'down-steep': 1000, down: 0, flat: 2000, up: 1000, 'up-steep': 0 });
  });

  it('colours the loop alternatives in order, the chosen one selected, and marks their common start', () => {
    const alt = (x: number): LoopAlternative => ({
      coords: [
        [x, 42.5, 1],
        [x + 0.01, 42.5, 2],
        [x, 42.5, 1],
      ],
      distanceM: 5000,
      ascentM: 10,
      retrace: 0,
      waypoints: [],
    });
    const f = alternativeFeatures([alt(1.5), alt(1.5)], 1).features;
    expect(f.map((x) => x.properties)).toEqual([
      { color: ALT_COLORS[0], selected: false, index: 0 },
      { color: ALT_COLORS[1], selected: true, index: 1 },
      {},
    ]);
    expect(f[2]!.geometry).toEqual({ type: 'Point', coordinates: [1.5, 42.5] });
    expect(alternativeFeatures([], null).features).toEqual([]);
    expect(hoverFeatures(null).features).toEqual([]);
    expect(hoverFeatures(null)).toBe(hoverFeatures(null)); // no hover spot: the same data, no map update
    expect(hoverFeatures([1, 2]).features).toHaveLength(1);
  });
});
