import { z } from 'zod';
import { idParam, regionName, timestamp } from './common.ts';
import { MAX_VIA_POINTS, MAX_WAYPOINTS, viaWithinLimit, waypoint } from './routing.ts';

/** Saved routes: /api/routes (list, create), /api/routes/public, /api/routes/:id (get, update, delete), /api/routes/:id/duplicate. */

export const MAX_GEOMETRY_CHARS = 400_000;
export const ROUTE_NAME_MAX = 120;
export const ROUTE_DESCRIPTION_MAX = 2000;

export const visibility = z.enum(['private', 'unlisted', 'public']);
export type Visibility = z.infer<typeof visibility>;

/** The stats stored with a saved route. */
export const savedRouteStats = z.object({
  distanceM: z.number().min(0).max(10_000_000),
  ascentM: z.number().min(0).max(1_000_000),
  descentM: z.number().min(0).max(1_000_000),
  timeS: z.number().min(0).max(100_000_000),
});
export type SavedRouteStats = z.infer<typeof savedRouteStats>;

const name = z.string().trim().min(1, 'a name is required').max(ROUTE_NAME_MAX, `at most ${ROUTE_NAME_MAX} characters`);
const description = z.string().trim().max(ROUTE_DESCRIPTION_MAX, `at most ${ROUTE_DESCRIPTION_MAX} characters`);
const waypoints = z
  .array(waypoint)
  .min(1, 'at least one waypoint')
  .max(MAX_WAYPOINTS, `at most ${MAX_WAYPOINTS} waypoints`)
  .refine(viaWithinLimit, `at most ${MAX_VIA_POINTS} track points`);
/** The route line, encoded by @waymark/geo's encodeRouteGeometry (the server decodes it to check). */
const geometry = z.string().max(MAX_GEOMETRY_CHARS, 'geometry is too long');

export const createRouteBody = z.object({
  name,
  description: description.default(''),
  visibility: visibility.default('private'),
  region: regionName,
  waypoints,
  geometry,
  stats: savedRouteStats,
});
/** What a client sends to create a route (defaults not yet applied). */
export type CreateRouteBody = z.input<typeof createRouteBody>;

export const updateRouteBody = z
  .object({
    name: name.optional(),
    description: description.optional(),
    visibility: visibility.optional(),
    region: regionName.optional(),
    waypoints: waypoints.optional(),
    geometry: geometry.optional(),
    stats: savedRouteStats.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change');
export type UpdateRouteBody = z.input<typeof updateRouteBody>;

export const routeIdParam = idParam('a route id');

export const routeSort = z.enum(['updated', 'created', 'name', 'distance']);
export const routeListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  sort: routeSort.default('updated'),
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  region: regionName.optional(),
});
/** List parameters as a client sets them (all optional). */
export type RouteListParams = Partial<z.output<typeof routeListQuery>>;

/** A saved route in lists: everything but the waypoints and geometry. */
export const routeSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  visibility,
  region: z.string(),
  stats: savedRouteStats,
  /** true when the viewer owns it */
  owned: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  waypointCount: z.number(),
});
export type RouteSummary = z.infer<typeof routeSummary>;

/** One saved route with what it takes to draw and edit it. */
export const savedRoute = routeSummary.extend({
  waypoints: z.array(waypoint),
  geometry: z.string(),
});
export type SavedRoute = z.infer<typeof savedRoute>;

export const routePage = z.object({ items: z.array(routeSummary), total: z.number(), page: z.number(), pageSize: z.number() });
export type RoutePage = z.infer<typeof routePage>;
