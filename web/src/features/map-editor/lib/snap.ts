import { geometryBounds } from './render';

export type Pos = [number, number];
type Project = (lng: number, lat: number) => { x: number; y: number };

export interface SnapCandidate {
  id: string;
  geometry: { type: string; coordinates: unknown };
  /** cached bounds, [w, s, e, n] */
  bbox?: [number, number, number, number];
}

/** Lines (as position lists) of a geometry: line strings, polygon rings, and single points. */
function partsOf(g: { type: string; coordinates: unknown }): { lines: Pos[][]; points: Pos[] } {
  const c = g.coordinates as never;
  switch (g.type) {
    case 'Point':
      return { lines: [], points: [c] };
    case 'MultiPoint':
      return { lines: [], points: c };
    case 'LineString':
      return { lines: [c], points: [] };
    case 'MultiLineString':
    case 'Polygon':
      return { lines: c, points: [] };
    case 'MultiPolygon':
      return { lines: (c as Pos[][][]).flat(), points: [] };
    default:
      return { lines: [], points: [] };
  }
}

/**
 * Where a pointer at screen position `at` snaps to among `candidates`: the nearest vertex within
 * `tolerance` pixels, else (with `edges`) the nearest point on an edge within it, else nothing.
 * Vertices win over edges so corners are easy to hit. `exclude` leaves out the feature being drawn.
 */
export function snapPosition(
  at: { x: number; y: number },
  candidates: Iterable<SnapCandidate>,
  project: Project,
  opts: { tolerance?: number; vertices?: boolean; edges?: boolean; exclude?: string; near?: [number, number, number, number] } = {},
): Pos | undefined {
  const tol = opts.tolerance ?? 12;
  const tol2 = tol * tol;
  let bestV: { d: number; p: Pos } | null = null;
  let bestE: { d: number; p: Pos } | null = null;
  for (const cand of candidates) {
    if (cand.id === opts.exclude) continue;
    if (opts.near) {
      const b = cand.bbox ?? (cand.bbox = geometryBounds(cand.geometry));
      const n = opts.near;
      if (b[0] > n[2] || b[2] < n[0] || b[1] > n[3] || b[3] < n[1]) continue;
    }
    const { lines, points } = partsOf(cand.geometry);
    const vertex = (p: Pos) => {
      const q = project(p[0], p[1]);
      const d = (q.x - at.x) ** 2 + (q.y - at.y) ** 2;
      if (d <= tol2 && (!bestV || d < bestV.d)) bestV = { d, p: [p[0], p[1]] };
      return q;
    };
    for (const p of points) vertex(p);
    for (const line of lines) {
      let prev: { x: number; y: number } | null = null;
      let prevP: Pos | null = null;
      for (const p of line) {
        const q = opts.vertices === false ? project(p[0], p[1]) : vertex(p);
        if (prev && prevP && opts.edges !== false) {
          const dx = q.x - prev.x;
          const dy = q.y - prev.y;
          const len2 = dx * dx + dy * dy;
          const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((at.x - prev.x) * dx + (at.y - prev.y) * dy) / len2));
          const x = prev.x + t * dx;
          const y = prev.y + t * dy;
          const d = (x - at.x) ** 2 + (y - at.y) ** 2;
          if (d <= tol2 && (!bestE || d < bestE.d)) bestE = { d, p: [prevP[0] + t * (p[0] - prevP[0]), prevP[1] + t * (p[1] - prevP[1])] };
        }
        prev = q;
        prevP = p;
      }
    }
  }
  if (opts.vertices !== false && bestV) return (bestV as { p: Pos }).p;
  return bestE ? (bestE as { p: Pos }).p : undefined;
}
