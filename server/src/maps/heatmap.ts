// Heatmap points: the public routes' lines sampled every `step` metres (from the database), and a
// region's points of interest by category (from its place index).
import type { BBox, HeatmapPoiCategory } from '@waymark/contracts/maps';
import { decodeRouteGeometry, haversineLL } from '@waymark/geo';
import type { Db } from '../db/index.ts';
import type { LoadedRegion } from '../regions/index.ts';
import { inHeatmapCategory, HEATMAP_KINDS } from './pois.ts';

/** Most recent public routes read per request. */
export const MAX_ROUTES = 2000;
/** Most points in one response (further points are dropped, `truncated` says so). */
export const MAX_POINTS = 60_000;

const r5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** Points every `step` metres along a line (its first point included). */
export function sampleLine(line: readonly (readonly [number, number, number?])[], step: number): [number, number][] {
  const out: [number, number][] = [];
  if (!line.length) return out;
  out.push([r5(line[0]![0]), r5(line[0]![1])]);
  let carry = 0;
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1]!;
    const [x1, y1] = line[i]!;
    const d = haversineLL(x0, y0, x1, y1);
    let at = step - carry;
    while (at <= d) {
      const f = at / d;
      out.push([r5(x0 + (x1 - x0) * f), r5(y0 + (y1 - y0) * f)]);
      at += step;
    }
    carry = d - (at - step);
  }
  return out;
}

interface Sampled {
  key: string;
  points: [number, number][];
}
const sampledCache = new Map<string, Sampled>();

export async function publicRoutePoints(db: Db, bbox: BBox | undefined, step: number) {
  const rows = await db
    .selectFrom('routes')
    .select(['id', 'geometry', 'updated_at'])
    .where('visibility', '=', 'public')
    .orderBy('updated_at', 'desc')
    .limit(MAX_ROUTES)
    .execute();
  const points: [number, number][] = [];
  let truncated = false;
  let routes = 0;
  const live = new Set<string>();
  for (const r of rows) {
    const key = `${r.id}:${r.updated_at.getTime()}:${step}`;
    live.add(r.id);
    let s = sampledCache.get(r.id);
    if (!s || s.key !== key) {
      let line: [number, number, number][] = [];
      try {
        line = decodeRouteGeometry(r.geometry);
      } catch {
        line = [];
      }
      s = { key, points: sampleLine(line, step) };
      sampledCache.set(r.id, s);
    }
    let used = false;
    for (const p of s.points) {
      if (bbox && (p[0] < bbox[0] || p[0] > bbox[2] || p[1] < bbox[1] || p[1] > bbox[3])) continue;
      if (points.length >= MAX_POINTS) {
        truncated = true;
        break;
      }
      points.push(p);
      used = true;
    }
    if (used) routes++;
  }
  // forget routes that are no longer public
  for (const id of sampledCache.keys()) if (!live.has(id)) sampledCache.delete(id);
  return { source: 'routes' as const, points, routes, truncated };
}

export function regionPoiPoints(region: LoadedRegion, category: HeatmapPoiCategory) {
  const points: [number, number][] = [];
  const counts: Partial<Record<HeatmapPoiCategory, number>> = {};
  for (const { place } of region.places()) {
    for (const c of Object.keys(HEATMAP_KINDS) as (keyof typeof HEATMAP_KINDS)[]) {
      if (inHeatmapCategory(place.kind, c)) counts[c] = (counts[c] ?? 0) + 1;
    }
    if (inHeatmapCategory(place.kind, 'all')) counts.all = (counts.all ?? 0) + 1;
    if (inHeatmapCategory(place.kind, category)) points.push([r5(place.lon), r5(place.lat)]);
  }
  return { source: 'pois' as const, points, counts, truncated: false };
}
