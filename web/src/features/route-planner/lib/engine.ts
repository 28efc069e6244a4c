import { LoopGenerator, RoutePlanner, RunningGraph, type RouteResult } from '@waymark/geo';
import type { LoopRequest } from '../worker/protocol';
import type { AssembledRoute, LegMode, LoopAlternative } from './types';

export class OutsideRegionError extends Error {}

/** How far outside the graph's bbox a waypoint may be (m) before it is refused. */
export const REGION_MARGIN_M = 2000;

/** Convert @waymark/geo's route result into what the planner draws and stores. */
export function toAssembled(r: RouteResult): AssembledRoute {
  return {
    coords: r.coordinates.map((c) => [c[0], c[1], c[2] ?? Number.NaN]),
    cum: r.distances,
    legStarts: r.legs.map((l) => l.from),
    stats: { distanceM: r.distance, ascentM: r.ascent ?? 0, descentM: r.descent ?? 0, timeS: r.time, greenM: r.greenMetres },
    wayTypes: r.wayTypes,
    surfaces: r.surfaces,
    snapped: r.waypoints,
    profile: r.profile,
  };
}

/**
 * The planner's engine over one region graph: wraps @waymark/geo's RoutePlanner (snapping,
 * A* routing, climb filtering, grade-adjusted time, loops). Runs in the routing Web Worker.
 */
export class PlanEngine {
  readonly graph: RunningGraph;
  readonly planner: RoutePlanner;

  constructor(
    readonly region: string,
    bytes: Uint8Array,
  ) {
    this.graph = RunningGraph.fromBytes(bytes);
    this.planner = new RoutePlanner(this.graph);
  }

  get bbox(): [number, number, number, number] {
    const b = this.graph.bbox;
    return [b[0], b[1], b[2], b[3]];
  }

  get nodeCount() {
    return this.graph.nodeCount;
  }

  private check(p: readonly [number, number]) {
    if (!this.graph.contains(p, REGION_MARGIN_M))
      throw new OutsideRegionError(`The point ${p[1].toFixed(5)}, ${p[0].toFixed(5)} is outside the ${this.region} region`);
  }

  plan(waypoints: { lon: number; lat: number; mode: LegMode }[], paceSecPerKm: number): AssembledRoute | null {
    if (waypoints.length < 2) return null;
    const pts = waypoints.map((w) => [w.lon, w.lat] as [number, number]);
    pts.forEach((p) => this.check(p));
    const r = this.planner.route({ waypoints: pts, legModes: waypoints.slice(1).map((w) => w.mode), paceSecPerKm });
    return toAssembled(r);
  }

  private loopGen: LoopGenerator | null = null;

  loops(req: LoopRequest): LoopAlternative[] {
    this.check(req.start);
    this.loopGen ??= new LoopGenerator(this.planner);
    const results = this.loopGen.generate({
      start: req.start,
      distance: req.distanceKm * 1000,
      heading: req.heading,
      seed: req.seed,
      preferences: req.preferences,
      alternatives: req.alternatives ?? 3,
      paceSecPerKm: req.paceSecPerKm,
    });
    return results.map((r) => ({
      coords: r.coordinates.map((c) => [c[0], c[1], c[2] ?? Number.NaN] as [number, number, number]),
      distanceM: r.distance,
      ascentM: r.ascent ?? 0,
      retrace: r.retrace,
      waypoints: r.waypoints,
    }));
  }
}
