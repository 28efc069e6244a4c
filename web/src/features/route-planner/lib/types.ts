// The wire types (route answer, loop alternative, leg mode) come from @waymark/contracts; the rest is the planner's own.
import type { LegMode, PlannedRoute } from '@waymark/contracts/routing';

export type { LegMode, LoopAlternative, RouteStats } from '@waymark/contracts/routing';
export type Units = 'km' | 'mi';
export type LonLat = [lon: number, lat: number];

/** A waypoint; `mode` is the mode of the leg that arrives at it (ignored on the first). */
export interface Waypoint {
  id: string;
  lon: number;
  lat: number;
  mode: LegMode;
}

/** One computed leg between waypoint i and i+1. */
export interface LegResult {
  /** [lon, lat, ele] points, first = start waypoint (snapped), last = end waypoint (snapped). */
  coords: [number, number, number][];
  distanceM: number;
  mode: LegMode;
  /** metres per way type / surface on this leg */
  wayTypes: Record<string, number>;
  surfaces: Record<string, number>;
  /** true when the snap router found no path and the leg fell back to a straight line */
  fallback?: boolean;
}

/** The whole route, assembled from legs: what the map, stats and profile draw (the same as the server's POST /api/route answer). */
export type AssembledRoute = PlannedRoute;
