export type LegMode = 'snap' | 'freehand';
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

export interface RouteStats {
  distanceM: number;
  ascentM: number;
  descentM: number;
  timeS: number;
  /** metres through parks, woods, meadows and along water (not stored with saved routes) */
  greenM?: number;
}

/** The whole route, assembled from legs: what the map, stats and profile draw. */
export interface AssembledRoute {
  coords: [number, number, number][];
  /** cumulative distance (m) at each coordinate */
  cum: number[];
  /** index in coords where each leg starts (legStarts.length === legs) */
  legStarts: number[];
  stats: RouteStats;
  wayTypes: Record<string, number>;
  surfaces: Record<string, number>;
  /** waypoints as routed (snapped onto the network where their legs snap) */
  snapped?: LonLat[];
  /** resampled elevation profile with smoothed grade (rise/run) */
  profile?: { distance: number; elevation: number; grade: number }[];
}

export interface LoopAlternative {
  coords: [number, number, number][];
  distanceM: number;
  ascentM: number;
  /** share of the loop's length run more than once (0–1) */
  retrace: number;
  /** as few waypoints (start … start) as reproduce the loop when each leg is snapped */
  waypoints: LonLat[];
}
