// "Prefer popular": how many of an instance's public routes run along each edge of a region graph
// (a heat value per edge, 0–255), and the cost multiplier the `preferPopular` preference applies.
// The server computes the heat from the stored route lines; the browser's routing worker gets it
// with the graph, so loops favour the ways this instance's runners publish — Strava's global
// heatmap idea on one's own instance.
import { haversineLL } from '../distance.ts';
import type { RunningGraph } from '../graph/graph.ts';
import type { PathStep } from './search.ts';
import type { SnapIndex } from './snap.ts';

/** Extra cost of an edge no public route uses under `preferPopular` (the busiest edges cost ×1). */
export const POPULAR_PENALTY = 0.5;

/** Multiplier (≥ 1, so the A* heuristic stays admissible) for an edge of heat `heat255` / 255. */
export function popularMultiplier(heat255: number): number {
  return 1 + POPULAR_PENALTY * (1 - heat255 / 255);
}

/** Metres of a path on edges with any heat, weighted by heat (0–1 per metre). */
export function popularMetres(heat: Uint8Array, steps: readonly PathStep[]): number {
  let m = 0;
  for (const s of steps) m += (Math.abs(s.end - s.start) * (heat[s.edge] ?? 0)) / 255;
  return m;
}

export interface HeatOptions {
  /** metres between the points sampled along each line */
  step?: number;
  /** a sample farther than this from every edge (m) is off the network and counts nowhere */
  maxDistance?: number;
}

/**
 * Per-edge heat from route lines ([lon, lat, …] points): the number of lines that run along each
 * edge, log-scaled so the busiest edge gets 255 and any used edge at least 1. A line is sampled
 * every `step` metres and each sample snapped within `maxDistance`; it runs along an edge where
 * consecutive samples land on that edge as far apart along it as along the line, and counts on
 * the edge once that covers half its length (or 2 steps) — a line that only crosses an edge or
 * touches it at a junction does not count there.
 */
export function edgeHeat(
  graph: RunningGraph,
  index: SnapIndex,
  lines: readonly (readonly (readonly number[])[])[],
  opts: HeatOptions = {},
): { heat: Uint8Array; lines: number } {
  const step = opts.step ?? 20;
  const maxDistance = opts.maxDistance ?? 15;
  const counts = new Uint32Array(graph.edgeCount);
  const along = new Map<number, number>();
  let used = 0;
  for (const line of lines) {
    along.clear();
    let prevEdge = -1;
    let prevOffset = 0;
    let prevAt = 0;
    let at = 0; // metres along the line
    const sample = (lon: number, lat: number) => {
      const s = index.snap([lon, lat], maxDistance);
      if (!s) {
        prevEdge = -1;
        return;
      }
      const moved = Math.abs(s.offset - prevOffset);
      const walked = at - prevAt;
      if (s.edge === prevEdge && walked > 0 && moved > 0 && moved <= walked * 1.5 + 5) along.set(s.edge, (along.get(s.edge) ?? 0) + moved);
      prevEdge = s.edge;
      prevOffset = s.offset;
      prevAt = at;
    };
    let prev: readonly number[] | null = null;
    for (const p of line) {
      if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) continue;
      if (prev) {
        const d = haversineLL(prev[0]!, prev[1]!, p[0]!, p[1]!);
        const base = at;
        for (let k = 1; k * step < d; k++) {
          const t = (k * step) / d;
          at = base + k * step;
          sample(prev[0]! + (p[0]! - prev[0]!) * t, prev[1]! + (p[1]! - prev[1]!) * t);
        }
        at = base + d;
      }
      sample(p[0]!, p[1]!);
      prev = p;
    }
    let counted = false;
    for (const [e, m] of along) {
      if (m >= Math.min(graph.edgeLength[e]! / 2, 2 * step)) {
        counts[e]!++;
        counted = true;
      }
    }
    if (counted) used++;
  }
  let max = 0;
  for (const c of counts) if (c > max) max = c;
  const heat = new Uint8Array(graph.edgeCount);
  if (max > 0) {
    const scale = Math.log1p(max);
    for (let e = 0; e < counts.length; e++) if (counts[e]) heat[e] = Math.max(1, Math.round((255 * Math.log1p(counts[e]!)) / scale));
  }
  return { heat, lines: used };
}

/**
 * A sparse heat (edge ids and their values, as GET /api/routes/popularity sends it) back to one
 * value per edge of a graph of `edgeCount` edges; null when it does not fit that graph or is
 * malformed (it comes over the network: every value is checked).
 */
export function denseHeat(sparse: { edgeCount: unknown; edges: unknown; heat: unknown }, edgeCount: number): Uint8Array | null {
  const { edges, heat: values } = sparse;
  if (sparse.edgeCount !== edgeCount || !Array.isArray(edges) || !Array.isArray(values) || edges.length !== values.length) return null;
  const heat = new Uint8Array(edgeCount);
  for (let i = 0; i < edges.length; i++) {
    const e: unknown = edges[i];
    const h: unknown = values[i];
    if (!Number.isInteger(e) || (e as number) < 0 || (e as number) >= edgeCount) return null;
    if (!Number.isInteger(h) || (h as number) < 1 || (h as number) > 255) return null;
    heat[e as number] = h as number;
  }
  return heat;
}
