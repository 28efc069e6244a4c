// The single-page map's view in the URL (a link that reopens the same view): region, camera, the
// basemap theme, the measured line. Every field is checked on its own: a bad or missing value is
// dropped (the page uses its default), never an error — a shared link may be hand-edited or cut.
import { decodePolyline, encodePolyline } from '@waymark/geo/io/polyline';
import { z } from 'zod';
import { MAX_MEASURE_POINTS, type LonLat } from './measure';

export const SINGLE_PAGE_REGIONS = ['andorra', 'monaco'] as const;
export type SinglePageRegion = (typeof SINGLE_PAGE_REGIONS)[number];
export const THEME_CHOICES = ['auto', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** What a link may carry; every field optional. */
export interface ViewSearch {
  region?: SinglePageRegion;
  /** centre longitude, latitude */
  lng?: number;
  lat?: number;
  zoom?: number;
  bearing?: number;
  pitch?: number;
  theme?: ThemeChoice;
  /** the measured line, an encoded polyline (1e-5°) */
  line?: string;
}

/** A number (or a numeric string: links are text) within [min, max]; anything else is dropped. */
const num = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().finite().min(min).max(max)).optional();

const FIELDS = {
  region: z.enum(SINGLE_PAGE_REGIONS).optional(),
  lng: num(-180, 180),
  lat: num(-85, 85),
  zoom: num(0, 22),
  bearing: num(-180, 180),
  pitch: num(0, 70),
  theme: z.enum(THEME_CHOICES).optional(),
  line: z
    .string()
    .max(MAX_MEASURE_POINTS * 12)
    .refine((s) => decodeLine(s) !== null)
    .optional(),
} satisfies Record<keyof ViewSearch, z.ZodType>;

/** The line's points, or null when `s` is not a valid line of 1…MAX points inside the world. */
export function decodeLine(s: string): LonLat[] | null {
  try {
    const pts = decodePolyline(s, 5);
    if (!pts.length || pts.length > MAX_MEASURE_POINTS) return null;
    return pts.every(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 85) ? pts : null;
  } catch {
    return null;
  }
}

export const encodeLine = (points: readonly LonLat[]) => encodePolyline(points, 5);

/** TanStack Router's validateSearch: keep each valid field, drop the rest (and unknown keys). */
export function parseViewSearch(raw: Record<string, unknown>): ViewSearch {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(FIELDS)) {
    if (raw[key] === undefined) continue;
    const r = schema.safeParse(raw[key]);
    if (r.success && r.data !== undefined) out[key] = r.data;
  }
  // a centre needs both coordinates
  if (out.lng === undefined || out.lat === undefined) {
    delete out.lng;
    delete out.lat;
  }
  return out as ViewSearch;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** The view as search params, rounded to what a link needs (defaults left out). */
export function viewToSearch(v: {
  region: SinglePageRegion;
  center: LonLat;
  zoom: number;
  bearing: number;
  pitch: number;
  theme: ThemeChoice;
  line: readonly LonLat[];
}): ViewSearch {
  const s: ViewSearch = {
    region: v.region,
    lng: round(v.center[0], 5),
    lat: round(v.center[1], 5),
    zoom: round(v.zoom, 2),
  };
  const bearing = round(v.bearing, 1);
  const pitch = round(v.pitch, 1);
  if (bearing !== 0) s.bearing = bearing;
  if (pitch !== 0) s.pitch = pitch;
  if (v.theme !== 'auto') s.theme = v.theme;
  if (v.line.length) s.line = encodeLine(v.line);
  return s;
}
