import { z } from 'zod';
import { LOOP_ALTERNATIVES, LOOP_DISTANCE_KM, MAX_LOOP_ALTERNATIVES, MAX_WAYPOINTS, PACE_SEC_PER_KM } from '@waymark/geo';

// the planner's limits are defined once, in @waymark/geo (packages/geo/src/planner/limits.ts)
export { MAX_WAYPOINTS };
const pace = z.number().min(PACE_SEC_PER_KM.min).max(PACE_SEC_PER_KM.max);
export const MAX_GEOMETRY_CHARS = 400_000;

export const lon = z.number({ message: 'a longitude in degrees' }).min(-180).max(180);
export const lat = z.number({ message: 'a latitude in degrees' }).min(-90).max(90);
export const regionName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a region name such as "andorra"');
export const legMode = z.enum(['snap', 'freehand']);
export const visibility = z.enum(['private', 'unlisted', 'public']);

export const waypoint = z.object({ lon, lat, mode: legMode.default('snap') });

export const stats = z.object({
  distanceM: z.number().min(0).max(10_000_000),
  ascentM: z.number().min(0).max(1_000_000),
  descentM: z.number().min(0).max(1_000_000),
  timeS: z.number().min(0).max(100_000_000),
});

const name = z.string().trim().min(1, 'a name is required').max(120, 'at most 120 characters');
const description = z.string().trim().max(2000, 'at most 2000 characters');

export const createRouteBody = z.object({
  name,
  description: description.default(''),
  visibility: visibility.default('private'),
  region: regionName,
  waypoints: z.array(waypoint).min(1, 'at least one waypoint').max(MAX_WAYPOINTS, `at most ${MAX_WAYPOINTS} waypoints`),
  geometry: z.string().max(MAX_GEOMETRY_CHARS, 'geometry is too long'),
  stats,
});

export const patchRouteBody = z
  .object({
    name: name.optional(),
    description: description.optional(),
    visibility: visibility.optional(),
    region: regionName.optional(),
    waypoints: createRouteBody.shape.waypoints.optional(),
    geometry: createRouteBody.shape.geometry.optional(),
    stats: stats.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change');

export const routeId = z.uuid({ message: 'a route id (UUID)' });

export const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(['updated', 'created', 'name', 'distance']).default('updated'),
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  region: regionName.optional(),
});

export const routeRequestBody = z.object({
  region: regionName,
  waypoints: z.array(waypoint).min(2, 'at least two waypoints').max(MAX_WAYPOINTS, `at most ${MAX_WAYPOINTS} waypoints`),
  paceSecPerKm: pace.optional(),
});

export const loopRequestBody = z.object({
  region: regionName,
  start: z.object({ lon, lat }),
  distanceKm: z.number().min(LOOP_DISTANCE_KM.min, `at least ${LOOP_DISTANCE_KM.min} km`).max(LOOP_DISTANCE_KM.max, `at most ${LOOP_DISTANCE_KM.max} km`),
  heading: z.number().min(0).max(360).optional(),
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  alternatives: z.number().int().min(1).max(MAX_LOOP_ALTERNATIVES).default(LOOP_ALTERNATIVES),
  preferences: z
    .strictObject({
      preferPaths: z.boolean().default(false),
      avoidBusyRoads: z.boolean().default(false),
      preferGreen: z.boolean().default(false),
    })
    .default({ preferPaths: false, avoidBusyRoads: false, preferGreen: false }),
  paceSecPerKm: pace.optional(),
});
