import { haversineLL } from '../distance.ts';
import { elevationExtent } from '../elevation/extent.ts';
import { fillElevation, rawClimb, resample, routeClimb } from '../elevation/filter.ts';
import { gradeSeries, movingTime } from '../elevation/time.ts';
import type { LonLat, RunningGraph } from '../graph/graph.ts';
import { SURFACE_NAMES, WAY_CLASS_NAMES } from '../graph/profile.ts';
import { type PathStep, type RoutePreferences, Router } from './search.ts';
import { SnapIndex, type Snap } from './snap.ts';
import { MAX_VIA_POINTS, MAX_WAYPOINTS, PACE_SEC_PER_KM } from '../planner/limits.ts';

export type LegMode = 'snap' | 'freehand';

/** Anything that gives the ground elevation (m) at a point, NaN where it does not know: an ElevationGrid. */
export interface ElevationSampler {
  sample(lon: number, lat: number): number;
}
/** GeoJSON-style position: [lon, lat] or [lon, lat, elevation] */
export type Position = [number, number] | [number, number, number];

export interface RouteRequest {
  waypoints: LonLat[];
  /** mode of leg i (waypoint i → i+1); default 'snap' for every leg */
  legModes?: LegMode[];
  /**
   * Points a freehand leg i passes through between its waypoints (an imported track kept as it
   * is: a "fixed" leg); ignored on snapped legs.
   */
  legVias?: (readonly LonLat[] | undefined)[];
  preferences?: RoutePreferences;
  /** snap radius in metres (default 500): a waypoint farther from every way makes its legs freehand */
  maxSnapDistance?: number;
  /** flat pace for the time estimate, seconds per km (default 360 = 6:00/km) */
  paceSecPerKm?: number;
}

export interface RouteLeg {
  /** the mode asked for */
  mode: LegMode;
  /** false when a 'snap' leg could not be routed (no way nearby / not connected) and was drawn freehand */
  routed: boolean;
  distance: number;
  /** index range into `coordinates` */
  from: number;
  to: number;
}

export interface ProfilePoint {
  distance: number;
  elevation: number;
  /** smoothed grade (rise/run) of the stretch starting here */
  grade: number;
}

/**
 * The profile of a line with elevation at every point (`ele`, gaps filled) and cumulative distances
 * `dist`: a point every max(10 m, length / 500) with its elevation and the smoothed grade of the
 * stretch starting there — what the profile chart, the grade breakdown and the grade colouring read.
 */
export function elevationProfile(ele: ArrayLike<number>, dist: ArrayLike<number>): ProfilePoint[] {
  const distance = dist.length ? dist[dist.length - 1]! : 0;
  const step = Math.max(10, distance / 500);
  const { d, e } = resample(ele, dist, step);
  const gs = gradeSeries(ele, dist, step);
  return Array.from(d, (x, i) => ({
    distance: Math.round(x * 10) / 10, // (0.1 m, as the cumulative distances: a third of the answer was digits)
    elevation: Math.round(e[i]! * 10) / 10,
    grade: Math.round((gs.grades[Math.min(i, gs.grades.length - 1)] ?? 0) * 1000) / 1000,
  }));
}

export interface RouteResult {
  coordinates: Position[];
  /** cumulative metres at each coordinate */
  distances: number[];
  distance: number;
  /** waypoints as used (snapped onto the network where the adjacent legs snap) */
  waypoints: [number, number][];
  legs: RouteLeg[];
  /** hysteresis-filtered (see elevation/filter.ts); null when the elevation is unknown */
  ascent: number | null;
  descent: number | null;
  /** sum of every raw SRTM step, for comparison */
  rawAscent: number | null;
  /** resampled elevation profile (≤ ~500 points); empty when the elevation is unknown */
  profile: ProfilePoint[];
  /**
   * The route's real lowest and highest points (m, over every coordinate, not the resampled
   * profile): what the profile's axis labels name. null when the elevation is unknown.
   */
  lowest: number | null;
  highest: number | null;
  /** metres per way type / surface ('freehand' for straight legs) */
  wayTypes: Record<string, number>;
  surfaces: Record<string, number>;
  /** the coordinates' way type and surface, as runs of coordinate indexes (what the breakdowns' bands highlight) */
  segments: RouteSegment[];
  /** metres counted green (parks, woods, meadows, water banks: edge green share × length; 0 on freehand legs) */
  greenMetres: number;
  /** moving time in seconds at the requested flat pace, grade-adjusted (Tobler) */
  time: number;
}

/** Coordinates `from`..`to` (indexes, inclusive) run on one way type and surface. */
export interface RouteSegment {
  from: number;
  to: number;
  wayType: string;
  surface: string;
}

/** A [lon, lat] pair of finite degrees in range (inputs reach the planner from outside). */
const isLonLat = (p: unknown): p is LonLat =>
  Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;

export class RouteError extends Error {
  override name = 'RouteError';
}

export { MAX_WAYPOINTS };

/**
 * Memory the ALT landmarks of a graph may take (float32 base costs: 4 bytes per node and
 * landmark), what `landmarkCount` sizes them by. For scale: 16 float64 landmarks took 37 MiB at
 * the 300k-node cap there was until 2026-11-28 (no landmarks above it).
 */
export const LANDMARK_BUDGET_BYTES = 48 * 1024 * 1024;

/**
 * ALT landmarks for a graph of `nodeCount` nodes (queries with preferences and the loop
 * generator): as many as fit in LANDMARK_BUDGET_BYTES, at most 16 (up to 786k nodes), at least 8
 * (from 1.57M nodes on, beyond the budget). Each one is a full Dijkstra on the first query with
 * preferences. At 1M nodes (12 landmarks, 47 MiB): 12 landmarks answered the growth table's
 * avoidBusyRoads pairs with 22 % fewer settled nodes than 8, 16 with 12 % fewer than 12 (see
 * docs/routing.md).
 */
export function landmarkCount(nodeCount: number): number {
  return Math.max(8, Math.min(16, Math.floor(LANDMARK_BUDGET_BYTES / (4 * Math.max(1, nodeCount)))));
}

interface Piece {
  lon: number[];
  lat: number[];
  ele: number[];
  cls: string;
  surface: string;
  /** share of the piece inside green areas (0–1; absent = 0) */
  green?: number;
}

/**
 * Everything a client needs to plan running routes on one region graph: snapping, shortest
 * paths, route results, loops. One instance per graph; not re-entrant (reuses search buffers).
 */
export class RoutePlanner {
  readonly index: SnapIndex;
  readonly router: Router;

  /** ground elevation off the network (freehand legs): the graph's embedded DEM grid unless another sampler is given */
  readonly dem: ElevationSampler | null;

  constructor(
    readonly graph: RunningGraph,
    options: { landmarks?: number; contraction?: boolean; elevation?: ElevationSampler | null } = {},
  ) {
    this.index = new SnapIndex(graph);
    this.router = new Router(graph, options.landmarks ?? landmarkCount(graph.nodeCount), options.contraction ?? true);
    this.dem = options.elevation !== undefined ? options.elevation : graph.elevation;
  }

  /**
   * Snap onto the nearest way, optionally only within one connected component (0 = the main,
   * longest network). Route legs whose ends land in different components are drawn freehand.
   */
  snap(p: LonLat, maxDistance = 500, component?: number): Snap | null {
    const g = this.graph;
    return component === undefined
      ? this.index.snap(p, maxDistance)
      : this.index.snap(p, maxDistance, (e) => g.nodeComponent[g.edgeFrom[e]!] === component);
  }

  /** Geometry of a path step: points from `start` to `end` metres along the edge. */
  stepGeometry(s: PathStep, into: Piece) {
    const idx = this.index;
    const e = s.edge;
    const p0 = idx.ptStart[e]!;
    const np = idx.ptStart[e + 1]! - p0;
    const along = idx.ptAlong;
    const g = this.graph;
    const point = (off: number) => {
      // segment containing off
      let i = 0;
      while (i < np - 2 && along[p0 + i + 1]! < off) i++;
      const a = along[p0 + i]!;
      const b = along[p0 + i + 1]!;
      const t = b > a ? Math.min(1, Math.max(0, (off - a) / (b - a))) : 0;
      return idx.at(e, i, t);
    };
    const push = (lon: number, lat: number, ele: number) => {
      into.lon.push(lon);
      into.lat.push(lat);
      into.ele.push(ele);
    };
    const a = point(s.start);
    push(a.lon, a.lat, a.ele);
    const xy = (i: number) => [idx.ptX[p0 + i]! / g.kx + g.lon0, idx.ptY[p0 + i]! / g.ky + g.lat0] as const;
    if (s.end >= s.start) {
      for (let i = 0; i < np; i++) {
        const d = along[p0 + i]!;
        if (d > s.start && d < s.end) push(...xy(i), idx.pointEle(e, i));
      }
    } else {
      for (let i = np - 1; i >= 0; i--) {
        const d = along[p0 + i]!;
        if (d < s.start && d > s.end) push(...xy(i), idx.pointEle(e, i));
      }
    }
    const b = point(s.end);
    push(b.lon, b.lat, b.ele);
  }

  /** Shortest running path between two snaps as lon/lat/ele arrays plus per-step class info. */
  pathPieces(
    from: Snap,
    to: Snap,
    preferences?: RoutePreferences,
    edgePenalty?: Float32Array,
  ): { pieces: Piece[]; length: number; steps: PathStep[] } | null {
    const res = this.router.route(from, to, { preferences, edgePenalty });
    if (!res) return null;
    const pieces: Piece[] = [];
    for (const s of res.steps) {
      const piece: Piece = {
        lon: [],
        lat: [],
        ele: [],
        cls: WAY_CLASS_NAMES[this.graph.edgeClass[s.edge]!] ?? 'road',
        surface: SURFACE_NAMES[this.graph.edgeSurface[s.edge]!] ?? 'unknown',
        green: this.graph.edgeGreen[s.edge]! / 255,
      };
      this.stepGeometry(s, piece);
      pieces.push(piece);
    }
    return { pieces, length: res.length, steps: res.steps };
  }

  /**
   * Straight line from a to b (through `via` in order, when given: a fixed leg), densified every
   * ≤ 25 m (SRTM posts are ~90 m apart), each point's elevation sampled from the DEM — or, for a
   * graph without one, from the nearest way within 100 m.
   */
  freehandPiece(a: LonLat, b: LonLat, via: readonly LonLat[] = []): Piece {
    const piece: Piece = { lon: [], lat: [], ele: [], cls: 'freehand', surface: 'unknown', green: 0 };
    const pts = [a, ...via, b];
    for (let k = 0; k + 1 < pts.length; k++) {
      const p = pts[k]!;
      const q = pts[k + 1]!;
      const len = haversineLL(p[0], p[1], q[0], q[1]);
      const n = Math.max(1, Math.ceil(len / 25));
      for (let i = k === 0 ? 0 : 1; i <= n; i++) {
        const lon = p[0] + ((q[0] - p[0]) * i) / n;
        const lat = p[1] + ((q[1] - p[1]) * i) / n;
        piece.lon.push(lon);
        piece.lat.push(lat);
        piece.ele.push(this.nearbyElevation(lon, lat));
      }
    }
    return piece;
  }

  /**
   * Ground elevation at a point off the network: the DEM where it covers the point, else the
   * elevation of the nearest way within 100 m (NaN when neither; filled by interpolation later).
   */
  nearbyElevation(lon: number, lat: number): number {
    const v = this.dem ? this.dem.sample(lon, lat) : NaN;
    if (Number.isFinite(v)) return v;
    const s = this.index.snap([lon, lat], 100);
    return s ? s.ele : NaN;
  }

  /** Plan a multi-waypoint route. Throws RouteError on invalid input. */
  route(req: RouteRequest): RouteResult {
    const wps = req.waypoints;
    if (!Array.isArray(wps) || wps.length < 2) throw new RouteError('a route needs at least 2 waypoints');
    if (wps.length > MAX_WAYPOINTS) throw new RouteError(`at most ${MAX_WAYPOINTS} waypoints`);
    let viaCount = 0;
    for (const via of req.legVias ?? []) {
      for (const p of via ?? []) {
        if (!isLonLat(p)) throw new RouteError('every point a leg passes through must be [lon, lat] in degrees');
        viaCount++;
      }
    }
    if (viaCount > MAX_VIA_POINTS) throw new RouteError(`at most ${MAX_VIA_POINTS} track points`);
    for (const p of wps) {
      if (!isLonLat(p)) throw new RouteError('every waypoint must be [lon, lat] in degrees');
    }
    const modes = req.legModes ?? [];
    if (modes.length > wps.length - 1) throw new RouteError('more leg modes than legs');
    const legMode = (i: number): LegMode => modes[i] ?? 'snap';
    for (let i = 0; i < wps.length - 1; i++)
      if (legMode(i) !== 'snap' && legMode(i) !== 'freehand') throw new RouteError(`leg ${i}: mode must be "snap" or "freehand"`);
    const maxSnap = req.maxSnapDistance ?? 500;
    // a waypoint moves onto the network only when a leg it belongs to is snapped (the first and
    // last waypoints have one leg each: a freehand start or end stays where it was put)
    const snapped = (i: number) => (i > 0 && legMode(i - 1) === 'snap') || (i < wps.length - 1 && legMode(i) === 'snap');
    const snaps: (Snap | null)[] = wps.map((p, i) => (snapped(i) ? this.snap(p, maxSnap) : null));
    const used: [number, number][] = wps.map((p, i) => {
      const s = snaps[i];
      return s ? [s.lon, s.lat] : [p[0], p[1]];
    });
    const pieces: Piece[] = [];
    const legs: RouteLeg[] = [];
    const legPieceRanges: [number, number, LegMode, boolean][] = [];
    for (let i = 0; i < wps.length - 1; i++) {
      const mode = legMode(i);
      const first = pieces.length;
      let routed = false;
      if (mode === 'snap') {
        const a = snaps[i];
        const b = snaps[i + 1];
        const path = a && b ? this.pathPieces(a, b, req.preferences) : null;
        if (path) {
          pieces.push(...path.pieces);
          routed = true;
        }
      }
      if (!routed) pieces.push(this.freehandPiece(used[i]!, used[i + 1]!, mode === 'freehand' ? (req.legVias?.[i] ?? []) : []));
      legPieceRanges.push([first, pieces.length, mode, mode === 'snap' ? routed : true]);
    }
    // concatenate, dropping duplicate joints
    const lon: number[] = [];
    const lat: number[] = [];
    const ele: number[] = [];
    const dist: number[] = [];
    const wayTypes: Record<string, number> = {};
    const surfaces: Record<string, number> = {};
    const segments: RouteSegment[] = [];
    let total = 0;
    let green = 0;
    for (const [first, last, mode, routed] of legPieceRanges) {
      const legStart = Math.max(0, lon.length - 1);
      const legStartDist = total;
      for (let k = first; k < last; k++) {
        const pc = pieces[k]!;
        const pcFrom = Math.max(0, lon.length - 1);
        let pcLen = 0;
        for (let j = 0; j < pc.lon.length; j++) {
          if (lon.length) {
            const d = haversineLL(lon[lon.length - 1]!, lat[lat.length - 1]!, pc.lon[j]!, pc.lat[j]!);
            if (d < 0.01) continue;
            total += d;
            pcLen += d;
          }
          lon.push(pc.lon[j]!);
          lat.push(pc.lat[j]!);
          ele.push(pc.ele[j]!);
          dist.push(total);
        }
        wayTypes[pc.cls] = (wayTypes[pc.cls] ?? 0) + pcLen;
        surfaces[pc.surface] = (surfaces[pc.surface] ?? 0) + pcLen;
        green += pcLen * (pc.green ?? 0);
        const pcTo = lon.length - 1;
        if (pcTo > pcFrom) {
          const prev = segments[segments.length - 1];
          if (prev && prev.to === pcFrom && prev.wayType === pc.cls && prev.surface === pc.surface) prev.to = pcTo;
          else segments.push({ from: pcFrom, to: pcTo, wayType: pc.cls, surface: pc.surface });
        }
      }
      legs.push({ mode, routed, distance: total - legStartDist, from: legStart, to: Math.max(0, lon.length - 1) });
    }
    // every waypoint at one spot (a snapped leg there has no steps): the route is that point
    if (!lon.length) {
      const [x, y] = used[0]!;
      lon.push(x);
      lat.push(y);
      ele.push(snaps[0]?.ele ?? this.nearbyElevation(x, y));
      dist.push(0);
    }
    return this.finish(lon, lat, ele, dist, used, legs, wayTypes, surfaces, req.paceSecPerKm ?? PACE_SEC_PER_KM.default, green, segments);
  }

  /** Shared tail of route results: elevation fill, climb, profile, time. */
  finish(
    lon: number[],
    lat: number[],
    ele: number[],
    dist: number[],
    waypoints: [number, number][],
    legs: RouteLeg[],
    wayTypes: Record<string, number>,
    surfaces: Record<string, number>,
    pace: number,
    greenMetres = 0,
    segments: RouteSegment[] = [],
  ): RouteResult {
    if (!(pace > 0)) throw new RouteError('pace must be a positive number of seconds per km');
    const filled = fillElevation(ele, dist);
    const coordinates: Position[] = lon.map((x, i) => (filled ? [x, lat[i]!, Math.round(filled[i]! * 10) / 10] : [x, lat[i]!]));
    const distance = dist.length ? dist[dist.length - 1]! : 0;
    let profile: ProfilePoint[] = [];
    let climb = null;
    let raw = null;
    if (filled) {
      climb = routeClimb(filled, dist);
      raw = rawClimb(filled);
      profile = elevationProfile(filled, dist);
    }
    // extremes of the coordinates as returned (rounded like them)
    const extent = filled ? elevationExtent(coordinates.map((c) => c[2] ?? NaN)) : null;
    const round = (r: Record<string, number>) =>
      Object.fromEntries(
        Object.entries(r)
          .filter(([, v]) => v > 0.05)
          .map(([k, v]) => [k, Math.round(v * 10) / 10]),
      );
    return {
      coordinates,
      distances: dist.map((d) => Math.round(d * 10) / 10),
      distance,
      waypoints,
      legs,
      ascent: climb ? climb.ascent : null,
      descent: climb ? climb.descent : null,
      rawAscent: raw ? raw.ascent : null,
      profile,
      lowest: extent ? extent.lowest : null,
      highest: extent ? extent.highest : null,
      wayTypes: round(wayTypes),
      surfaces: round(surfaces),
      greenMetres: Math.round(greenMetres * 10) / 10,
      segments,
      time: movingTime(filled, dist, pace),
    };
  }
}
