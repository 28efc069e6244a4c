import type { PlannedLoop, PlannedRoute, PlannedStats } from '@waymark/geo';
import type { Units } from '@/lib/units';

export type { Units };

export type LegMode = 'snap' | 'freehand';
export type LonLat = [lon: number, lat: number];

/**
 * A waypoint; `mode` is the mode of the leg that arrives at it (ignored on the first). `via`: the
 * points a freehand leg arriving here passes through — a "fixed" leg, an imported track kept as
 * it is (never on a snapped leg).
 */
export interface Waypoint {
  id: string;
  lon: number;
  lat: number;
  mode: LegMode;
  via?: LonLat[];
}

/**
 * The whole route as planned (by @waymark/geo's PlanningEngine, in the worker or on the server):
 * what the map, stats and profile draw. Unknown elevations are NaN.
 */
export type AssembledRoute = PlannedRoute;
export type RouteStats = PlannedStats;
/** One generated loop: coords, distance, climb, retrace share and its editable waypoints. */
export type LoopAlternative = PlannedLoop;
