// What the planner draws on the map, as GeoJSON (pure): waypoints, the route one feature per leg,
// km/mi markers, the profile's hover spot and the loop alternatives. planner-layers.tsx hands
// these to <GeoJsonSource>s; the layer ids (`wm-plan-…`) are what browser tests query.
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { GestureTarget } from '@/components/map/gestures';
import { GRADE_CLASSES, bandRanges, gradeRanges, haversineLL, sliceLine, type BandKind } from '@waymark/geo';
import type { AssembledRoute, LoopAlternative, LonLat, Waypoint } from './types';

/** Source ids; each layer is `<source>-<part>` (e.g. `wm-plan-route-line`). */
export const PLAN_SOURCES = {
  alts: 'wm-plan-alts',
  route: 'wm-plan-route',
  markers: 'wm-plan-markers',
  waypoints: 'wm-plan-waypoints',
  hover: 'wm-plan-hover',
  place: 'wm-plan-place',
  /** the route coloured by grade class (over the route line, when on) */
  grade: 'wm-plan-grade',
  /** the stretches of the breakdown band under the pointer (or tapped) */
  band: 'wm-plan-band',
} as const;
/** The layers gestures hit-test: waypoints (vertices) and the route line (legs). */
export const WAYPOINT_LAYER = `${PLAN_SOURCES.waypoints}-dot`;
export const ROUTE_LAYER = `${PLAN_SOURCES.route}-line`;

/** Colours of the loop alternatives, in order (the loop dialog's swatches use them too). */
export const ALT_COLORS = ['#2563eb', '#db2777', '#0d9488', '#9333ea', '#ca8a04'];

export const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * Waypoints where the router put them (snapped onto the network). `planned`: the waypoints `route`
 * was planned for (default: `waypoints`); while a newer edit is routed, each waypoint still in that
 * list (the same object: unchanged since) keeps its snapped place and a new or moved one is drawn
 * where it was put, so the handles already on the map do not jump for a frame.
 */
export function shownWaypoints(waypoints: Waypoint[], route: AssembledRoute | null, planned: Waypoint[] = waypoints): Waypoint[] {
  const snapped = route?.snapped;
  if (!snapped || snapped.length !== planned.length) return waypoints;
  if (planned === waypoints) return waypoints.map((w, i) => ({ ...w, lon: snapped[i]![0], lat: snapped[i]![1] }));
  const at = new Map(planned.map((w, i) => [w, snapped[i]!]));
  return waypoints.map((w) => {
    const s = at.get(w);
    return s ? { ...w, lon: s[0], lat: s[1] } : w;
  });
}

/** The waypoints while a drag is under way: the dragged one moved, or a new one inserted into the dragged leg. */
export function previewWaypoints(waypoints: Waypoint[], target: GestureTarget, at: LonLat): Waypoint[] {
  if (target.kind === 'vertex') return waypoints.map((w) => (w.id === target.id ? { ...w, lon: at[0], lat: at[1] } : w));
  const out = [...waypoints];
  out.splice(target.index + 1, 0, { id: '__preview', lon: at[0], lat: at[1], mode: 'snap' });
  return out;
}

export function waypointFeatures(list: Waypoint[]): FeatureCollection<Point> {
  const n = list.length;
  return {
    type: 'FeatureCollection',
    features: list.map((w, i) => ({
      type: 'Feature',
      properties: { id: w.id, index: i, first: i === 0, last: i === n - 1 && n > 1, end: i === 0 || i === n - 1 },
      geometry: { type: 'Point', coordinates: [w.lon, w.lat] },
    })),
  };
}

/** One line per leg, with its index (`leg`) and the mode of the waypoint it arrives at. */
export function routeFeatures(route: AssembledRoute | null, waypoints: Waypoint[]): FeatureCollection {
  if (!route) return EMPTY;
  const features: Feature[] = [];
  for (let l = 0; l < route.legStarts.length; l++) {
    const a = route.legStarts[l]!;
    const b = l + 1 < route.legStarts.length ? route.legStarts[l + 1]! : route.coords.length - 1;
    const coords = route.coords.slice(a, b + 1).map((c) => [c[0], c[1]]);
    if (coords.length < 2) continue;
    features.push({
      type: 'Feature',
      // a leg that asked to snap but found no path is drawn as what it is: a straight (dashed) line
      properties: route.unrouted?.includes(l)
        ? { leg: l, mode: 'freehand', unrouted: true }
        : { leg: l, mode: waypoints[l + 1]?.mode ?? 'snap' },
      geometry: { type: 'LineString', coordinates: coords },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** A km marker closer than this to a waypoint handle is lifted above it (`near`). */
export const KM_NEAR_WAYPOINT_M = 120;

/**
 * A marker every `step` metres (1 km or 1 mi) labelled 1, 2, 3…; long routes keep at most ~60
 * (every 2nd, 5th, …). `near`: within KM_NEAR_WAYPOINT_M of one of `waypoints` (drawn lifted).
 */
export function markerFeatures(route: AssembledRoute | null, step: number, waypoints: readonly Waypoint[] = []): FeatureCollection<Point> {
  const features: Feature<Point>[] = [];
  if (route) {
    const total = route.stats.distanceM;
    const every = Math.max(1, Math.ceil(total / step / 60));
    let j = 0;
    for (let n = every; n * step < total; n += every) {
      const d = n * step;
      while (j < route.cum.length - 2 && route.cum[j + 1]! < d) j++;
      const d0 = route.cum[j]!;
      const d1 = route.cum[j + 1]!;
      const t = d1 > d0 ? (d - d0) / (d1 - d0) : 0;
      const a = route.coords[j]!;
      const b = route.coords[j + 1]!;
      const at: LonLat = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      const near = waypoints.some((w) => haversineLL(w.lon, w.lat, at[0], at[1]) < KM_NEAR_WAYPOINT_M);
      features.push({ type: 'Feature', properties: { n, label: String(n), near }, geometry: { type: 'Point', coordinates: at } });
    }
  }
  return { type: 'FeatureCollection', features };
}

/**
 * Which km/mi markers are drawn at each zoom: `[from zoom, every n-th]`, low to high, every one from
 * z12; below the first entry every 50th. A marker is ~19 px wide and 1 km is ~9 px at z10 (mid
 * latitudes), so without thinning an overview of the route showed a string of markers and no line;
 * with it they stay ~35–45 px apart.
 */
export const MARKER_THINNING: readonly (readonly [zoom: number, every: number])[] = [
  [8, 20],
  [9, 10],
  [10, 5],
  [11, 2],
  [12, 1],
];
const MARKER_EVERY_BELOW = 50;

/** Whether marker `n` is drawn at `zoom` (what `markerZoomFilter` asks MapLibre, in JavaScript). */
export function markerShownAt(n: number, zoom: number): boolean {
  let every = MARKER_EVERY_BELOW;
  for (const [z, e] of MARKER_THINNING) if (zoom >= z) every = e;
  return n % every === 0;
}

/** A MapLibre filter expression: the marker's number `n` is a multiple of what MARKER_THINNING asks at the tile's zoom. */
export function markerZoomFilter(): ['==', unknown, number] {
  return ['==', ['%', ['get', 'n'], ['step', ['zoom'], MARKER_EVERY_BELOW, ...MARKER_THINNING.flat()]], 0];
}

const NO_HOVER: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };

/** The profile's hover spot (the same empty collection each time there is none: no map update). */
export function hoverFeatures(at: LonLat | null): FeatureCollection<Point> {
  if (!at) return NO_HOVER;
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: at } }],
  };
}

/** Every alternative in its colour (the selected one bold), and where they all start and end. */
export function alternativeFeatures(alts: LoopAlternative[], selected: number | null): FeatureCollection {
  const start = alts[0]?.coords[0];
  return {
    type: 'FeatureCollection',
    features: [
      ...alts.map<Feature>((a, i) => ({
        type: 'Feature',
        properties: { color: ALT_COLORS[i % ALT_COLORS.length], selected: i === selected, index: i },
        geometry: { type: 'LineString', coordinates: a.coords.map((c) => [c[0], c[1]]) },
      })),
      ...(start
        ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: [start[0], start[1]] } }]
        : []),
    ],
  };
}

/** The route cut into grade-class stretches, each with its class colour (the "Colour by grade" line). */
export function gradeFeatures(route: AssembledRoute | null): FeatureCollection {
  if (!route) return EMPTY;
  return {
    type: 'FeatureCollection',
    features: gradeRanges(route).map<Feature>(({ cls, range }) => ({
      type: 'Feature',
      properties: { grade: cls.id, color: cls.color },
      geometry: { type: 'LineString', coordinates: sliceLine(route, range[0], range[1]) },
    })),
  };
}

/** The stretches of one breakdown band (a surface, a way type or a grade class), highlighted on the map. */
export function bandFeatures(route: AssembledRoute, kind: BandKind, key: string): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: bandRanges(route, kind, key)
      .map((r) => sliceLine(route, r[0], r[1]))
      .filter((l) => l.length >= 2)
      .map<Feature>((coordinates) => ({ type: 'Feature', properties: { kind, key }, geometry: { type: 'LineString', coordinates } })),
  };
}

/** The grade classes as the legend lists them, with each one's share of the route (m). */
export function gradeShares(route: AssembledRoute): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(GRADE_CLASSES.map((c) => [c.id, 0]));
  for (const g of gradeRanges(route)) out[g.cls.id] = (out[g.cls.id] ?? 0) + g.range[1] - g.range[0];
  return out;
}
