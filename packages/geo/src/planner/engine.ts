// The route planner's engine over one region graph, shared by the server (POST /api/route,
// /api/route/loop) and the browser's routing Web Worker: the region check, planning a route from
// waypoints and generating loops, with results in the planner's own shape (what the map, the
// stats and the profile draw, and what the server sends as JSON).
import { RunningGraph, type LonLat } from '../graph/graph.ts';
import { LoopGenerator, type LoopResult } from '../routing/loop.ts';
import { RoutePlanner, type LegMode, type Position, type ProfilePoint, type RouteResult, type RouteSegment } from '../routing/planner.ts';
import type { RoutePreferences } from '../routing/search.ts';
import { edgeHeat } from '../routing/popularity.ts';
import { LOOP_ALTERNATIVES, PACE_SEC_PER_KM, REGION_MARGIN_M } from './limits.ts';

/** A [lon, lat, elevation] point; the elevation is NaN where it is unknown (see `elevationOf`). */
export type PlannedPoint = [lon: number, lat: number, ele: number];

export interface PlannedStats {
  distanceM: number;
  /** noise-filtered climb; 0 when the elevation is unknown */
  ascentM: number;
  descentM: number;
  /** moving time at the asked flat pace, grade-adjusted (Tobler) */
  timeS: number;
  /** metres through parks, woods, meadows and along water */
  greenM?: number;
}

/** A planned route: what the planner draws, shows and stores. */
export interface PlannedRoute {
  coords: PlannedPoint[];
  /** cumulative distance (m) at each coordinate */
  cum: number[];
  /** index in `coords` where each leg starts */
  legStarts: number[];
  stats: PlannedStats;
  wayTypes: Record<string, number>;
  surfaces: Record<string, number>;
  /** the waypoints as routed (moved onto the network where their legs snap) */
  snapped?: [number, number][];
  /** resampled elevation profile with smoothed grade (empty when the elevation is unknown) */
  profile?: ProfilePoint[];
  /** legs asked to snap that no way reached (a waypoint far from every path): drawn straight */
  unrouted?: number[];
  /** runs of coordinates (indexes from..to, inclusive) on one way type and surface */
  segments?: RouteSegment[];
}

/** One generated loop. */
export interface PlannedLoop {
  coords: PlannedPoint[];
  distanceM: number;
  ascentM: number;
  /** the direction the loop heads off in (degrees) */
  heading?: number;
  /** share of the loop's length run more than once (0–1) */
  retrace: number;
  greenM?: number;
  /** as few waypoints (start … start) as reproduce the loop when each leg is snapped */
  waypoints: [number, number][];
}

export interface PlanWaypoint {
  lon: number;
  lat: number;
  /** mode of the leg arriving at this waypoint (ignored on the first) */
  mode: LegMode;
  /** points a freehand leg arriving here passes through (a fixed, imported track) */
  via?: readonly LonLat[];
}

export interface LoopOptions {
  start: LonLat;
  distanceKm: number;
  heading?: number;
  seed?: number;
  /** default LOOP_ALTERNATIVES */
  alternatives?: number;
  preferences?: RoutePreferences;
  paceSecPerKm?: number;
}

/** A waypoint (or loop start) lies outside the region: the server answers 422 `outside_region`. */
export class OutsideRegionError extends Error {
  override name = 'OutsideRegionError';
  constructor(
    readonly region: string,
    /** index of the first point outside */
    readonly index: number,
    readonly point: LonLat,
  ) {
    super(`Point ${index + 1} (${point[1].toFixed(5)}, ${point[0].toFixed(5)}) is outside the ${region} region`);
  }
}

/**
 * Elevation of a route position: NaN when unknown. The planner treats NaN as "no elevation" all
 * the way through (climb, profile, time, GPX/KML export and the stored geometry skip it), where a
 * 0 would be read as sea level — a 2,000 m drop on an Andorran trail. In JSON, NaN becomes `null`.
 */
export const elevationOf = (p: Position): number => (p.length > 2 && Number.isFinite(p[2]) ? p[2]! : Number.NaN);

const point = (p: Position): PlannedPoint => [p[0], p[1], elevationOf(p)];

/** A @waymark/geo route result in the planner's shape. */
export function plannedRoute(r: RouteResult): PlannedRoute {
  return {
    coords: r.coordinates.map(point),
    cum: r.distances,
    legStarts: r.legs.map((l) => l.from),
    stats: { distanceM: r.distance, ascentM: r.ascent ?? 0, descentM: r.descent ?? 0, timeS: r.time, greenM: r.greenMetres },
    wayTypes: r.wayTypes,
    surfaces: r.surfaces,
    snapped: r.waypoints,
    profile: r.profile,
    segments: r.segments,
    ...unroutedLegs(r),
  };
}

function unroutedLegs(r: RouteResult): { unrouted?: number[] } {
  const unrouted = r.legs.flatMap((l, i) => (l.mode === 'snap' && !l.routed ? [i] : []));
  return unrouted.length ? { unrouted } : {};
}

/** A @waymark/geo loop result in the planner's shape. */
export function plannedLoop(r: LoopResult): PlannedLoop {
  return {
    coords: r.coordinates.map(point),
    distanceM: r.distance,
    ascentM: r.ascent ?? 0,
    heading: r.heading,
    retrace: r.retrace,
    greenM: r.greenMetres,
    waypoints: r.waypoints,
  };
}

/**
 * Plans routes and loops on one region's graph. One instance per region, shared by every request
 * of a process (the server) or a worker; not re-entrant (the search reuses its buffers), which is
 * safe as long as each call runs to completion on one thread.
 */
export class PlanningEngine {
  readonly planner: RoutePlanner;
  private loopGen: LoopGenerator | null = null;

  constructor(
    readonly region: string,
    readonly graph: RunningGraph,
  ) {
    this.planner = new RoutePlanner(graph);
  }

  /** From a region pack's graph.bin (throws GraphFormatError on a file this build cannot read). */
  static fromBytes(region: string, bytes: Uint8Array): PlanningEngine {
    return new PlanningEngine(region, RunningGraph.fromBytes(bytes));
  }

  get bbox(): [number, number, number, number] {
    const b = this.graph.bbox;
    return [b[0], b[1], b[2], b[3]];
  }

  get nodeCount(): number {
    return this.graph.nodeCount;
  }

  /** Build the contraction hierarchy plain route queries use (~0.1 s on Andorra) now, not on the first query. */
  warm(): void {
    this.planner.router.hierarchy();
  }

  /** True when `p` lies in the region: its graph's bounding box plus REGION_MARGIN_M. */
  contains(p: LonLat): boolean {
    return this.graph.contains(p, REGION_MARGIN_M);
  }

  /** Throws OutsideRegionError for the first point outside the region. */
  assertInRegion(points: readonly LonLat[]): void {
    points.forEach((p, i) => {
      if (!this.contains(p)) throw new OutsideRegionError(this.region, i, p);
    });
  }

  /**
   * The route through `waypoints` (null with fewer than two). Throws OutsideRegionError, or
   * RouteError for a request the planner refuses (e.g. more than MAX_WAYPOINTS).
   */
  /**
   * A route through `waypoints`. `preferences` weigh the ways of snapped legs (the contraction
   * hierarchy serves legs without any; with them, A* over the weighted costs — see routing/search.ts).
   */
  plan(
    waypoints: readonly PlanWaypoint[],
    paceSecPerKm: number = PACE_SEC_PER_KM.default,
    preferences?: RoutePreferences,
  ): PlannedRoute | null {
    if (waypoints.length < 2) return null;
    const pts = waypoints.map((w): LonLat => [w.lon, w.lat]);
    this.assertInRegion(pts);
    const legVias = waypoints.slice(1).map((w) => w.via);
    return plannedRoute(
      this.planner.route({
        waypoints: pts,
        legModes: waypoints.slice(1).map((w) => w.mode),
        ...(legVias.some((v) => v?.length) ? { legVias } : {}),
        paceSecPerKm,
        preferences,
      }),
    );
  }

  /** The per-edge heat of route lines ([lon, lat, …] points) on this graph (routing/popularity.ts). */
  heatOf(lines: readonly (readonly (readonly number[])[])[]): { heat: Uint8Array; lines: number } {
    return edgeHeat(this.graph, this.planner.index, lines);
  }

  /** Set (or clear) the heat the `preferPopular` preference favours; refused for another graph's edge count. */
  setHeat(heat: Uint8Array | null): void {
    this.planner.router.setHeat(heat);
  }

  /** Loops of about `distanceKm` from `start` (fewer than asked when no more lie near the distance). */
  loops(req: LoopOptions): PlannedLoop[] {
    this.assertInRegion([req.start]);
    this.loopGen ??= new LoopGenerator(this.planner);
    return this.loopGen
      .generate({
        start: req.start,
        distance: req.distanceKm * 1000,
        heading: req.heading,
        seed: req.seed,
        preferences: req.preferences,
        alternatives: req.alternatives ?? LOOP_ALTERNATIVES,
        paceSecPerKm: req.paceSecPerKm,
      })
      .map(plannedLoop);
  }
}
