// Data behind the map demo pages: population density on H3 hexagons, heatmap points (public
// routes, region POIs by category) — query schemas and response shapes.
import { z } from 'zod';

const lonRange = (v: number) => v >= -180 && v <= 180;
const latRange = (v: number) => v >= -90 && v <= 90;

/** `bbox=west,south,east,north` in degrees (west < east: split antimeridian views in two). */
export const bboxParam = z
  .string()
  .max(120, 'at most 120 characters')
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim());
    const nums = parts.map(Number);
    if (
      parts.length !== 4 ||
      parts.some((p) => p === '' || !/^-?\d+(\.\d+)?(e-?\d+)?$/i.test(p)) ||
      nums.some((n) => !Number.isFinite(n))
    ) {
      ctx.addIssue({ code: 'custom', message: 'four numbers: west,south,east,north' });
      return z.NEVER;
    }
    const [w, s2, e, n] = nums as [number, number, number, number];
    if (!lonRange(w) || !lonRange(e) || !latRange(s2) || !latRange(n)) {
      ctx.addIssue({ code: 'custom', message: 'longitudes within -180..180 and latitudes within -90..90' });
      return z.NEVER;
    }
    if (w >= e || s2 >= n) {
      ctx.addIssue({ code: 'custom', message: 'west must be less than east and south less than north' });
      return z.NEVER;
    }
    return [w, s2, e, n] as [number, number, number, number];
  });
export type BBox = [number, number, number, number];

export const MIN_H3_RES = 0;
export const MAX_H3_RES = 7;

/** GET /api/maps/population: `bbox` and either `res` (H3 resolution) or `zoom` (map zoom → resolution). */
export const populationQuery = z
  .strictObject({
    bbox: bboxParam,
    res: z.coerce.number().int('an integer').min(MIN_H3_RES).max(MAX_H3_RES).optional(),
    zoom: z.coerce.number().min(0).max(24).optional(),
  })
  .refine((q) => q.res !== undefined || q.zoom !== undefined, { message: 'give res (H3 resolution 0–7) or zoom', path: ['res'] });

/**
 * The H3 resolution the population map uses at a map zoom: world views 2–3, countries 5–6. A
 * screen then holds a few thousand hexagons at most (a 1280 px view at zoom 8 spans ~7°).
 */
export function resolutionForZoom(zoom: number): number {
  if (zoom < 2.5) return 2;
  if (zoom < 4) return 3;
  if (zoom < 5.5) return 4;
  if (zoom < 7.5) return 5;
  if (zoom < 9) return 6;
  return 7;
}

/**
 * The box the population endpoint actually answers for: the asked box grown to a grid of a quarter
 * of the next power of two of its size (≥ 0.05°), clamped to the world. Small pans ask the same
 * box, so server and browser caches answer them; the page requests this box itself.
 */
export function snapBBox([w, s, e, n]: BBox): BBox {
  const span = Math.max(e - w, n - s, 0.2);
  const step = Math.max(0.05, 2 ** Math.ceil(Math.log2(span)) / 4);
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  return [r(Math.max(-180, down(w))), r(Math.max(-90, down(s))), r(Math.min(180, up(e))), r(Math.min(90, up(n)))];
}

export interface PopulationCellProps {
  h3: string;
  population: number;
  /** people per km² */
  density: number;
  /** number of cities (GeoNames, ≥ 1000 people) in the cell */
  cities: number;
  /** JSON of the biggest cities: [[name, country, population], …] (≤ 3) */
  top: string;
}

/** The population response: a GeoJSON FeatureCollection of hexagons plus these members. */
export interface PopulationResponse {
  type: 'FeatureCollection';
  resolution: number;
  /** cells in the response / cells in the view before the cap */
  count: number;
  truncated: boolean;
  population: number;
  attribution: string;
  features: { type: 'Feature'; properties: PopulationCellProps; geometry: { type: 'Polygon'; coordinates: [number, number][][] } }[];
}

/** Heatmap POI categories (the ai tool categories plus groups for a richer map). */
export const HEATMAP_POI_CATEGORIES = ['all', 'food', 'water', 'toilets', 'peaks', 'shelters', 'parking', 'sights', 'lodging'] as const;
export const heatmapPoiCategory = z.enum(HEATMAP_POI_CATEGORIES);
export type HeatmapPoiCategory = z.infer<typeof heatmapPoiCategory>;

export const heatmapPoisQuery = z.strictObject({
  region: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a region name such as "andorra"'),
  category: heatmapPoiCategory.default('all'),
});

export const heatmapRoutesQuery = z.strictObject({
  bbox: bboxParam.optional(),
  /** sample spacing along each route, metres */
  step: z.coerce.number().int().min(10).max(1000).default(50),
});

/** Heatmap points: [lon, lat] pairs, plus what they came from. */
export interface HeatmapResponse {
  source: 'routes' | 'pois';
  points: [number, number][];
  /** routes sampled, or POIs per category */
  routes?: number;
  counts?: Partial<Record<HeatmapPoiCategory, number>>;
  truncated: boolean;
}
