import { z } from 'zod';
import { lat, lon, lonLat, position2, regionName } from './common.ts';

/** POST /api/route and POST /api/route/loop: routing and loop generation on a region's graph. */

/** The most waypoints one route may have (routing and saved routes). */
export const MAX_WAYPOINTS = 100;
/** Loop alternatives: at most this many per request, 3 by default. */
export const MAX_LOOP_ALTERNATIVES = 5;
export const DEFAULT_LOOP_ALTERNATIVES = 3;
/** Target distance of a generated loop (km). */
export const LOOP_DISTANCE_KM = { min: 1, max: 100 } as const;
/** Flat running pace (seconds per km) the time estimate accepts, and the default (6:00 /km). */
export const PACE_SEC_PER_KM = { min: 120, max: 1800, default: 360 } as const;

/** One leg's mode: routed on the foot network, or a straight line. */
export const legMode = z.enum(['snap', 'freehand']);
export type LegMode = z.infer<typeof legMode>;

/** The most points a route's fixed (imported) legs may pass through, all legs together. */
export const MAX_VIA_POINTS = 10_000;

/**
 * A waypoint: `mode` is the mode of the leg that ARRIVES at it (ignored on the first). `via`: the
 * points a freehand leg arriving here passes through (an imported track kept as it is; a "fixed"
 * leg); ignored on snapped legs.
 */
export const waypoint = z.object({
  lon,
  lat,
  mode: legMode.default('snap'),
  via: z.array(lonLat).min(1).max(MAX_VIA_POINTS).optional(),
});
export type Waypoint = z.infer<typeof waypoint>;

/** The route's fixed legs pass through at most MAX_VIA_POINTS points together. */
export const viaWithinLimit = (wps: readonly { via?: readonly unknown[] }[]) =>
  wps.reduce((n, w) => n + (w.via?.length ?? 0), 0) <= MAX_VIA_POINTS;

/** Flat running pace, seconds per km. */
export const pace = z.number().min(PACE_SEC_PER_KM.min).max(PACE_SEC_PER_KM.max);

/** Routing preferences: for loops (POST /api/route/loop) and for the planner's snapped legs (POST /api/route). */
export const loopPreferences = z.strictObject({
  preferPaths: z.boolean().default(false),
  avoidBusyRoads: z.boolean().default(false),
  preferGreen: z.boolean().default(false),
  /** favour ways this instance's public routes use (GET /api/routes/popularity) */
  preferPopular: z.boolean().default(false),
});
export type LoopPreferences = z.input<typeof loopPreferences>;
export const routePreferences = loopPreferences;
export type RoutePreferences = LoopPreferences;
/** Every preference off: ways weighed by running time alone. */
export const NO_PREFERENCES: z.output<typeof loopPreferences> = {
  preferPaths: false,
  avoidBusyRoads: false,
  preferGreen: false,
  preferPopular: false,
};

export const routeRequest = z.object({
  region: regionName,
  waypoints: z
    .array(waypoint)
    .min(2, 'at least two waypoints')
    .max(MAX_WAYPOINTS, `at most ${MAX_WAYPOINTS} waypoints`)
    .refine(viaWithinLimit, `at most ${MAX_VIA_POINTS} track points`),
  paceSecPerKm: pace.optional(),
  /** how snapped legs weigh the ways (none: the shortest running time) */
  preferences: routePreferences.optional(),
});
export type RouteRequest = z.input<typeof routeRequest>;

/** GET /api/routes/popularity?region=: how much this instance's public routes use each edge of the region's graph. */
export const popularityQuery = z.object({ region: regionName });
export const popularityResponse = z.object({
  region: z.string(),
  /** the graph's edge count: a heat for another build of the graph does not apply */
  edgeCount: z.number().int().min(0),
  /** public routes of the region that run along at least one edge */
  routes: z.number().int().min(0),
  /** edges with any heat (ascending) and their heat, 1–255 */
  edges: z.array(z.number().int().min(0)),
  heat: z.array(z.number().int().min(1).max(255)),
});
export type PopularityResponse = z.infer<typeof popularityResponse>;

export const loopRequest = z.object({
  region: regionName,
  start: z.object({ lon, lat }),
  distanceKm: z
    .number()
    .min(LOOP_DISTANCE_KM.min, `at least ${LOOP_DISTANCE_KM.min} km`)
    .max(LOOP_DISTANCE_KM.max, `at most ${LOOP_DISTANCE_KM.max} km`),
  heading: z.number().min(0).max(360).optional(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  alternatives: z.number().int().min(1).max(MAX_LOOP_ALTERNATIVES).default(DEFAULT_LOOP_ALTERNATIVES),
  preferences: loopPreferences.default(() => ({ ...NO_PREFERENCES })),
  paceSecPerKm: pace.optional(),
});
export type LoopRequest = z.input<typeof loopRequest>;

export const routeStats = z.object({
  distanceM: z.number(),
  ascentM: z.number(),
  descentM: z.number(),
  timeS: z.number(),
  /** metres through parks, woods, meadows and along water (not stored with saved routes) */
  greenM: z.number().optional(),
});
export type RouteStats = z.infer<typeof routeStats>;

/** [lon, lat, ele] of a planned route: an unknown elevation is null on the wire (JSON has no NaN), NaN once parsed. */
export const routePoint = z.tuple([
  z.number(),
  z.number(),
  z
    .number()
    .nullable()
    .transform((e) => e ?? Number.NaN),
]);

/** A planned route: what the map, stats and elevation profile draw. */
export const plannedRoute = z.object({
  /** [lon, lat, ele] points */
  coords: z.array(routePoint),
  /** cumulative distance (m) at each coordinate */
  cum: z.array(z.number()),
  /** index in coords where each leg starts */
  legStarts: z.array(z.number()),
  stats: routeStats,
  /** metres per way type / surface */
  wayTypes: z.record(z.string(), z.number()),
  surfaces: z.record(z.string(), z.number()),
  /** waypoints as routed (snapped onto the network where their legs snap) */
  snapped: z.array(position2).optional(),
  /** resampled elevation profile with smoothed grade (rise/run) */
  profile: z.array(z.object({ distance: z.number(), elevation: z.number(), grade: z.number() })).optional(),
  /** legs asked to snap that no way reached (a waypoint far from every path): drawn straight */
  unrouted: z.array(z.number().int().nonnegative()).optional(),
  /** runs of coordinates (indexes from..to) on one way type and surface */
  segments: z
    .array(z.object({ from: z.number().int().nonnegative(), to: z.number().int().nonnegative(), wayType: z.string(), surface: z.string() }))
    .optional(),
});
export type PlannedRoute = z.infer<typeof plannedRoute>;

export const routeResponse = z.object({ route: plannedRoute });
export type RouteResponse = z.infer<typeof routeResponse>;

export const loopAlternative = z.object({
  coords: z.array(routePoint),
  distanceM: z.number(),
  ascentM: z.number(),
  /** the direction this alternative heads off in (degrees) */
  heading: z.number().optional(),
  /** share of the loop's length run more than once (0–1) */
  retrace: z.number(),
  greenM: z.number().optional(),
  /** as few waypoints (start … start) as reproduce the loop when each leg is snapped */
  waypoints: z.array(position2),
});
export type LoopAlternative = z.infer<typeof loopAlternative>;

export const loopResponse = z.object({ alternatives: z.array(loopAlternative) });
export type LoopResponse = z.infer<typeof loopResponse>;
