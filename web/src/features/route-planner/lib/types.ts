import type { PlannedLoop, PlannedRoute, PlannedStats } from '@waymark/geo';
import type { Units } from '@/lib/units';

export type { Units };

export type LegMode = 'snap' | 'freehand';
export type LonLat = [lon: number, lat: number];

/** A waypoint; `mode` is the mode of the leg that arrives at it (ignored on the first). */
export interface Waypoint {
  id: string;
  lon: number;
  lat: number;
  mode: LegMode;
}

/**
 * The whole route as planned (by @waymark/geo's PlanningEngine, in the worker or on the server):
 * what the map, stats and profile draw. Unknown elevations are NaN.
 */
export type AssembledRoute = PlannedRoute;
export type RouteStats = PlannedStats;
/** One generated loop: coords, distance, climb, retrace share and its editable waypoints. */
export type LoopAlternative = PlannedLoop;
