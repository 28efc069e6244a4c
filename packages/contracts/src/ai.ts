// The AI map chat: the tools the assistant acts through (their argument schemas, shared by the
// model path, the built-in intent engine and the server's executor), their results, and the chat
// request. Every argument a model or the intent engine produces is parsed with these schemas
// before anything runs.
import { z } from 'zod';

/**
 * Where something is, as the assistant names it: a place name ("Encamp"), `here` (the map's
 * centre, or the user's position when the page knows it), or `lat,lon` in decimal degrees.
 */
export const placeRef = z
  .string()
  .trim()
  .min(1, 'a place name, "here" or "lat,lon"')
  .max(120, 'at most 120 characters')
  .describe('A place name such as "Encamp", the word "here" for the current map position, or "lat,lon" in decimal degrees');
export type PlaceRef = z.infer<typeof placeRef>;

export const distanceUnit = z.enum(['km', 'mi']);
export type DistanceUnit = z.infer<typeof distanceUnit>;

/** Categories of points of interest the assistant can look for nearby. */
export const POI_CATEGORIES = ['water', 'toilets', 'peaks', 'cafes', 'restaurants', 'shelters', 'parking', 'viewpoints'] as const;
export const poiCategory = z.enum(POI_CATEGORIES);
export type PoiCategory = z.infer<typeof poiCategory>;

export const MILES_TO_KM = 1.609344;

export const toolArgs = {
  find_place: z.strictObject({
    query: z
      .string()
      .trim()
      .min(1, 'what to look for')
      .max(100, 'at most 100 characters')
      .describe('The name of a town, peak, street or other place'),
  }),
  fly_to: z.strictObject({
    place: placeRef,
    zoom: z.number().min(1).max(18).optional().describe('Map zoom level, 1 (world) to 18 (street)'),
  }),
  plan_route: z.strictObject({
    from: placeRef,
    to: placeRef,
    via: z.array(placeRef).max(8, 'at most 8 stops on the way').optional().describe('Places to pass through, in order'),
  }),
  generate_loop: z.strictObject({
    start: placeRef,
    distance: z.number().positive('a distance above 0').max(100, 'at most 100').describe('Length of the loop, in `unit`'),
    unit: distanceUnit.default('km'),
    heading: z.number().min(0).max(360).optional().describe('Rough compass direction of the loop, degrees (0 north, 90 east)'),
    alternatives: z.number().int().min(1).max(5).optional().describe('How many different loops to offer (default 3)'),
    preferPaths: z.boolean().optional(),
    avoidBusyRoads: z.boolean().optional(),
    preferGreen: z.boolean().optional(),
  }),
  show_elevation: z.strictObject({}),
  find_nearby: z.strictObject({
    category: poiCategory,
    near: placeRef.default('here'),
    radiusKm: z.number().min(0.1).max(20).optional().describe('Search radius in km (default 3)'),
    limit: z.number().int().min(1).max(20).optional(),
  }),
  measure_distance: z.strictObject({
    from: placeRef,
    to: placeRef,
    unit: distanceUnit.default('km'),
  }),
} as const;

export type ToolName = keyof typeof toolArgs;
export const TOOL_NAMES = Object.keys(toolArgs) as ToolName[];
export type ToolArgs<N extends ToolName> = z.input<(typeof toolArgs)[N]>;
export type ParsedToolArgs<N extends ToolName> = z.output<(typeof toolArgs)[N]>;

/** What each tool does, in the words the model reads. */
export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  find_place: 'Search the bundled regions and the world cities list for a place by name. Returns matches with coordinates.',
  fly_to: 'Move the map to a place.',
  plan_route:
    'Plan a running/walking route on the foot network between two places (optionally via others). Returns the line, distance, climb and estimated time.',
  generate_loop: 'Generate round-trip running loops of a given length starting and ending at a place.',
  show_elevation: 'Show the elevation profile of the current route (the last planned route or loop, or the one on the map).',
  find_nearby:
    'Find points of interest of a category (drinking water, toilets, peaks, cafés, restaurants, shelters, parking, viewpoints) near a place, nearest first.',
  measure_distance: 'Measure the distance between two places: straight line, and along the foot network when both lie in one region.',
};

/** A call the assistant wants to make (validated against `toolArgs` before it runs). */
export interface ToolCall<N extends ToolName = ToolName> {
  name: N;
  args: ToolArgs<N>;
}

const lon = z.number().finite().min(-180).max(180);
const lat = z.number().finite().min(-90).max(90);
const lonLat = z.tuple([lon, lat]);
/** a route point: [lon, lat, elevation m] — or [lon, lat] where the elevation is unknown (outside the terrain data), never a made-up 0 */
const routePoint = z.union([z.tuple([lon, lat, z.number().finite()]), lonLat]);
export type RoutePoint = z.infer<typeof routePoint>;

export const resolvedPlace = z.object({
  name: z.string(),
  kind: z.string(),
  lon,
  lat,
  ele: z.number().optional(),
  region: z.string().nullable(),
  /** 'region' for the region packs' place index, 'world' for the world cities list, 'point' for coordinates */
  source: z.enum(['region', 'world', 'point', 'here']),
});
export type ResolvedPlace = z.infer<typeof resolvedPlace>;

/** The page's state the tools may use: map centre, the user's position, the route on the map. */
export const chatContext = z
  .object({
    region: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a region name such as "andorra"')
      .optional(),
    center: lonLat.optional(),
    zoom: z.number().min(0).max(24).optional(),
    position: lonLat.optional(),
    /** the route currently drawn on the map, [lon, lat] points (≤ 5000) */
    route: z.array(lonLat).min(2).max(5000, 'at most 5000 route points').optional(),
    unit: distanceUnit.optional(),
  })
  .strict();
export type ChatContext = z.infer<typeof chatContext>;

export const MAX_CHAT_MESSAGE = 2000;

/** POST /api/ai/chat */
export const chatRequest = z.strictObject({
  /** the new user message (the server keeps the history) */
  message: z.string().trim().min(1, 'a message is required').max(MAX_CHAT_MESSAGE, `at most ${MAX_CHAT_MESSAGE} characters`),
  context: chatContext.default({}),
});
export type ChatRequest = z.input<typeof chatRequest>;

/** GET /api/ai/status */
export const chatStatus = z.object({
  mode: z.enum(['model', 'intents']),
  model: z.string().nullable(),
  rateLimitPerMinute: z.number().int(),
});
export type ChatStatus = z.infer<typeof chatStatus>;

// ---- tool results (what the executor returns and the page draws) ----

export const routeOutput = z.object({
  region: z.string(),
  from: resolvedPlace,
  to: resolvedPlace,
  via: z.array(resolvedPlace),
  coords: z.array(routePoint),
  distanceM: z.number(),
  ascentM: z.number(),
  descentM: z.number(),
  timeS: z.number(),
});
export type RouteOutput = z.infer<typeof routeOutput>;

export const loopOutput = z.object({
  region: z.string(),
  start: resolvedPlace,
  targetM: z.number(),
  unit: distanceUnit,
  alternatives: z.array(
    z.object({
      coords: z.array(routePoint),
      distanceM: z.number(),
      ascentM: z.number(),
      retrace: z.number(),
      greenM: z.number(),
    }),
  ),
});
export type LoopOutput = z.infer<typeof loopOutput>;

export const elevationOutput = z.object({
  source: z.enum(['map', 'history']),
  distanceM: z.number(),
  minM: z.number(),
  maxM: z.number(),
  ascentM: z.number(),
  descentM: z.number(),
  /** [distance along (m), elevation (m)] samples */
  profile: z.array(z.tuple([z.number(), z.number()])),
});
export type ElevationOutput = z.infer<typeof elevationOutput>;

export const nearbyOutput = z.object({
  category: poiCategory,
  near: resolvedPlace,
  radiusM: z.number(),
  results: z.array(z.object({ name: z.string(), kind: z.string(), lon, lat, ele: z.number().optional(), distanceM: z.number() })),
});
export type NearbyOutput = z.infer<typeof nearbyOutput>;

export const measureOutput = z.object({
  from: resolvedPlace,
  to: resolvedPlace,
  unit: distanceUnit,
  straightM: z.number(),
  routeM: z.number().nullable(),
});
export type MeasureOutput = z.infer<typeof measureOutput>;

export const findPlaceOutput = z.object({ query: z.string(), places: z.array(resolvedPlace) });
export type FindPlaceOutput = z.infer<typeof findPlaceOutput>;

export const flyToOutput = z.object({ place: resolvedPlace, zoom: z.number() });
export type FlyToOutput = z.infer<typeof flyToOutput>;

export interface ToolOutputs {
  find_place: FindPlaceOutput;
  fly_to: FlyToOutput;
  plan_route: RouteOutput;
  generate_loop: LoopOutput;
  show_elevation: ElevationOutput;
  find_nearby: NearbyOutput;
  measure_distance: MeasureOutput;
}

/** A tool that ran but could not do what was asked (unknown place, no route…): shown, not thrown. */
export interface ToolFailure {
  error: string;
}
