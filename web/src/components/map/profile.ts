/** Route-along helpers (pure): elevation-profile sampling, grade colours, points and distances along a route. */
import { GRADE_CLASSES as GEO_GRADE_CLASSES, gradeClassOf } from '@waymark/geo/planner/analysis';

export interface ProfilePoint {
  d: number; // metres along the route
  e: number; // elevation (m)
}

/** Resample a route to at most `n` evenly spaced points (linear interpolation in distance). */
export function sampleProfile(coords: readonly (readonly [number, number, number])[], cum: readonly number[], n: number): ProfilePoint[] {
  const total = cum[cum.length - 1] ?? 0;
  if (coords.length < 2 || total <= 0) return [];
  const out: ProfilePoint[] = [];
  let j = 0;
  for (let k = 0; k < n; k++) {
    const d = (total * k) / (n - 1);
    while (j < cum.length - 2 && cum[j + 1]! < d) j++;
    const d0 = cum[j]!;
    const d1 = cum[j + 1]!;
    const t = d1 > d0 ? (d - d0) / (d1 - d0) : 0;
    const e0 = coords[j]![2];
    const e1 = coords[j + 1]![2];
    const e = Number.isFinite(e0) && Number.isFinite(e1) ? e0 + (e1 - e0) * t : Number.isFinite(e0) ? e0 : e1;
    out.push({ d, e: Number.isFinite(e) ? e : 0 });
  }
  return out;
}

/**
 * The profile's grade classes: the planner's own (signed: downhill blue, flat grey, uphill orange
 * to dark red; @waymark/geo's GRADE_CLASSES), so the profile, the grade breakdown and the line
 * coloured by grade share one legend.
 */
export const GRADE_CLASSES = GEO_GRADE_CLASSES.map((c) => ({ id: c.id, color: c.color, label: c.label }));

/** The colour of a grade given in percent. */
export function gradeColor(gradePct: number): string {
  return gradeClassOf(gradePct / 100).color;
}

/** The point at distance d along the route (linear interpolation), for the map hover marker. */
export function pointAt(
  coords: readonly (readonly [number, number, number])[],
  cum: readonly number[],
  d: number,
): [number, number] | null {
  if (coords.length === 0) return null;
  if (d <= 0) return [coords[0]![0], coords[0]![1]];
  let lo = 0;
  let hi = cum.length - 1;
  if (d >= cum[hi]!) return [coords[hi]![0], coords[hi]![1]];
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! <= d) lo = mid;
    else hi = mid;
  }
  const t = cum[hi]! > cum[lo]! ? (d - cum[lo]!) / (cum[hi]! - cum[lo]!) : 0;
  const a = coords[lo]!;
  const b = coords[hi]!;
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** Points every `step` metres along the route (for km/mi markers), labelled 1, 2, 3… */
export function distanceMarkers(coords: readonly (readonly [number, number, number])[], cum: readonly number[], step: number, max = 200) {
  const total = cum[cum.length - 1] ?? 0;
  const out: { n: number; at: [number, number] }[] = [];
  for (let n = 1; n * step < total && out.length < max; n++) {
    const p = pointAt(coords, cum, n * step);
    if (p) out.push({ n, at: p });
  }
  return out;
}

/** Distance along the route of its vertex nearest to lon/lat (e.g. where the pointer is over the line); null for no route. */
export function nearestDistance(
  coords: readonly (readonly [number, number, ...number[]])[],
  cum: readonly number[],
  lon: number,
  lat: number,
): number | null {
  const k = Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  let at = -1;
  for (let i = 0; i < coords.length; i++) {
    const c = coords[i]!;
    const d = ((c[0] - lon) * k) ** 2 + (c[1] - lat) ** 2;
    if (d < best) {
      best = d;
      at = i;
    }
  }
  return at < 0 ? null : (cum[at] ?? null);
}
