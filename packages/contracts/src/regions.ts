import { z } from 'zod';
import { bbox, lonLat, position2 } from './common.ts';

/** Region packs: /api/regions, /api/regions/:name, /api/regions/:name/places, /api/elevation. */

export const MAX_PLACES = 50;
/** Points per elevation request: in the query string of a GET, in the body of a POST. */
export const MAX_ELEVATION_GET_POINTS = 200;
export const MAX_ELEVATION_POST_POINTS = 5000;

export const regionInfo = z.object({
  name: z.string(),
  title: z.string(),
  bbox,
  center: position2,
  defaultZoom: z.number(),
  minZoom: z.number(),
  maxZoom: z.number(),
  terrainMaxZoom: z.number(),
  terrainEncoding: z.literal('terrarium'),
  attribution: z.string(),
  builtAt: z.string(),
  /** bytes per pack file */
  sizes: z.record(z.string(), z.number()),
  /** pack build key: the `?v=` of the file URLs */
  version: z.string(),
  tiles: z.object({
    basemap: z.string(),
    terrain: z.string(),
    graph: z.string(),
    /** the place index (searched in the browser offline with @waymark/geo's searchPlaces) */
    places: z.string(),
  }),
});
export type RegionInfo = z.infer<typeof regionInfo>;

export const regionList = z.object({ regions: z.array(regionInfo) });
export type RegionList = z.infer<typeof regionList>;

export const placesQuery = z.object({
  q: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(MAX_PLACES).default(10),
});
export type PlacesQuery = z.input<typeof placesQuery>;

export const place = z.object({
  name: z.string(),
  kind: z.string(),
  lon: z.number(),
  lat: z.number(),
  ele: z.number().optional(),
  score: z.number(),
});
export type Place = z.infer<typeof place>;

export const placesResponse = z.object({ region: z.string(), query: z.string(), places: z.array(place) });
export type PlacesResponse = z.infer<typeof placesResponse>;

const pointList = (max: number) => z.array(lonLat).min(1, 'at least one point').max(max, `at most ${max} points`);

/** `points=lon,lat;lon,lat…` → [[lon, lat], …]; malformed pairs are kept as strings so the list check names them. */
function splitPoints(raw: string): unknown {
  if (raw.length > MAX_ELEVATION_GET_POINTS * 40) return [[NaN, NaN]];
  return raw
    .split(';')
    .filter((s) => s.trim() !== '')
    .map((pair) => {
      const parts = pair.split(',');
      return parts.length === 2 && parts.every((p) => /^\s*-?\d+(\.\d+)?\s*$/.test(p)) ? parts.map(Number) : pair;
    });
}

/** GET /api/elevation?points=lon,lat;lon,lat… */
export const elevationQuery = z.object({
  points: z.string({ message: 'use points=lon,lat;lon,lat…' }).transform(splitPoints).pipe(pointList(MAX_ELEVATION_GET_POINTS)),
});

/** POST /api/elevation */
export const elevationBody = z.object({ points: pointList(MAX_ELEVATION_POST_POINTS) });
export type ElevationBody = z.input<typeof elevationBody>;

/** Metres above sea level per point, null outside every region. */
export const elevationResponse = z.object({ elevations: z.array(z.number().nullable()) });
export type ElevationResponse = z.infer<typeof elevationResponse>;
