import { COORD_SCALE } from '../graph/format.ts';
import type { LonLat, RunningGraph } from '../graph/graph.ts';

/** A point on the graph: somewhere along one edge (not necessarily at a node). */
export interface Snap {
  edge: number;
  /** metres from the edge's `from` node along its geometry */
  offset: number;
  /** the snapped point */
  lon: number;
  lat: number;
  /** elevation interpolated along the edge (NaN when unknown) */
  ele: number;
  /** distance from the query point to the snapped point (m) */
  distance: number;
  /** index of the geometry segment the point lies on (0 = from node → first shape point) */
  segment: number;
  /** fraction along that segment */
  t: number;
}

/**
 * The offset (0 or the edge's length) at which a path joins the point at `offset` on `edge` from
 * the edge's end `node` — where it leaves the edge towards `node`, or enters it from there. On a
 * closed edge (both ends are `node`, e.g. a square mapped as one way) the nearer way round: the
 * same choice as the searches' seeds and target costs (from-end on a tie), so a path's steps
 * measure what its cost counts.
 */
export function joinAt(g: RunningGraph, edge: number, offset: number, node: number): number {
  const len = g.edgeLength[edge]!;
  if (g.edgeFrom[edge] !== node) return len;
  if (g.edgeTo[edge] !== node) return 0;
  return offset <= len - offset ? 0 : len;
}

const CELL_M = 200;

/**
 * Uniform grid over every edge segment (in a local metric projection), built once per graph.
 * Each cell lists (edge, segment) pairs whose bounding box touches it. Lookups scan rings of
 * cells outward until no closer segment can exist.
 */
export class SnapIndex {
  private readonly cols: number;
  private readonly rows: number;
  private readonly minX: number;
  private readonly minY: number;
  private readonly cellStart: Uint32Array;
  private readonly cellEdge: Uint32Array;
  private readonly cellSeg: Uint32Array;
  /** projected geometry per edge, flattened: points of edge e are [ptStart[e], ptStart[e+1]) */
  readonly ptStart: Uint32Array;
  readonly ptX: Float64Array;
  readonly ptY: Float64Array;
  /** cumulative metres along the edge at each point (geodesic edge length rescaled) */
  readonly ptAlong: Float64Array;

  constructor(readonly graph: RunningGraph) {
    const g = graph;
    const m = g.edgeCount;
    this.ptStart = new Uint32Array(m + 1);
    for (let e = 0; e < m; e++) this.ptStart[e + 1] = this.ptStart[e]! + 2 + (g.edgeShapeStart[e + 1]! - g.edgeShapeStart[e]!);
    const total = this.ptStart[m]!;
    this.ptX = new Float64Array(total);
    this.ptY = new Float64Array(total);
    this.ptAlong = new Float64Array(total);
    const px = (lon: number) => (lon / COORD_SCALE - g.lon0) * g.kx;
    const py = (lat: number) => (lat / COORD_SCALE - g.lat0) * g.ky;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let e = 0; e < m; e++) {
      let p = this.ptStart[e]!;
      const a = g.edgeFrom[e]!;
      const b = g.edgeTo[e]!;
      this.ptX[p] = g.nodeX[a]!;
      this.ptY[p++] = g.nodeY[a]!;
      for (let s = g.edgeShapeStart[e]!; s < g.edgeShapeStart[e + 1]!; s++) {
        this.ptX[p] = px(g.shapeLon[s]!);
        this.ptY[p++] = py(g.shapeLat[s]!);
      }
      this.ptX[p] = g.nodeX[b]!;
      this.ptY[p++] = g.nodeY[b]!;
      // along-edge distances, rescaled so the last equals the stored geodesic length
      const s0 = this.ptStart[e]!;
      let acc = 0;
      this.ptAlong[s0] = 0;
      for (let q = s0 + 1; q < p; q++) {
        acc += Math.hypot(this.ptX[q]! - this.ptX[q - 1]!, this.ptY[q]! - this.ptY[q - 1]!);
        this.ptAlong[q] = acc;
      }
      const k = acc > 0 ? g.edgeLength[e]! / acc : 0;
      for (let q = s0 + 1; q < p; q++) this.ptAlong[q]! *= k;
      for (let q = s0; q < p; q++) {
        minX = Math.min(minX, this.ptX[q]!);
        maxX = Math.max(maxX, this.ptX[q]!);
        minY = Math.min(minY, this.ptY[q]!);
        maxY = Math.max(maxY, this.ptY[q]!);
      }
    }
    if (!Number.isFinite(minX)) minX = minY = maxX = maxY = 0;
    this.minX = minX;
    this.minY = minY;
    this.cols = Math.max(1, Math.ceil((maxX - minX) / CELL_M) + 1);
    this.rows = Math.max(1, Math.ceil((maxY - minY) / CELL_M) + 1);
    const ncell = this.cols * this.rows;
    const counts = new Uint32Array(ncell + 1);
    const each = (fn: (cell: number, e: number, seg: number) => void) => {
      for (let e = 0; e < m; e++) {
        for (let q = this.ptStart[e]!; q < this.ptStart[e + 1]! - 1; q++) {
          const c0 = this.col(Math.min(this.ptX[q]!, this.ptX[q + 1]!));
          const c1 = this.col(Math.max(this.ptX[q]!, this.ptX[q + 1]!));
          const r0 = this.row(Math.min(this.ptY[q]!, this.ptY[q + 1]!));
          const r1 = this.row(Math.max(this.ptY[q]!, this.ptY[q + 1]!));
          for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) fn(r * this.cols + c, e, q - this.ptStart[e]!);
        }
      }
    };
    each((cell) => counts[cell + 1]!++);
    for (let i = 0; i < ncell; i++) counts[i + 1]! += counts[i]!;
    this.cellStart = counts;
    this.cellEdge = new Uint32Array(counts[ncell]!);
    this.cellSeg = new Uint32Array(counts[ncell]!);
    const fill = new Uint32Array(ncell);
    each((cell, e, seg) => {
      const at = counts[cell]! + fill[cell]!++;
      this.cellEdge[at] = e;
      this.cellSeg[at] = seg;
    });
  }

  private col(x: number) {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.minX) / CELL_M)));
  }
  private row(y: number) {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.minY) / CELL_M)));
  }

  /**
   * The nearest point on any edge to [lon, lat], or null when nothing lies within `maxDistance`
   * metres (default 2 km). `accept` can restrict the edges considered.
   */
  snap(p: LonLat, maxDistance = 2000, accept?: (edge: number) => boolean): Snap | null {
    const g = this.graph;
    const x = (p[0] - g.lon0) * g.kx;
    const y = (p[1] - g.lat0) * g.ky;
    const cx = Math.floor((x - this.minX) / CELL_M);
    const cy = Math.floor((y - this.minY) / CELL_M);
    let best = Infinity;
    let bestE = -1;
    let bestSeg = 0;
    let bestT = 0;
    const maxRing = Math.ceil(maxDistance / CELL_M) + 1;
    for (let ring = 0; ring <= maxRing; ring++) {
      // every point in ring k is at least (k-1)·CELL away from the query point
      if (ring > 0 && (ring - 1) * CELL_M > Math.min(best, maxDistance)) break;
      for (let r = cy - ring; r <= cy + ring; r++) {
        if (r < 0 || r >= this.rows) continue;
        const edgeRow = r === cy - ring || r === cy + ring;
        for (let c = cx - ring; c <= cx + ring; c += edgeRow || ring === 0 ? 1 : 2 * ring) {
          if (c < 0 || c >= this.cols) continue;
          const cell = r * this.cols + c;
          for (let i = this.cellStart[cell]!; i < this.cellStart[cell + 1]!; i++) {
            const e = this.cellEdge[i]!;
            if (accept && !accept(e)) continue;
            const q = this.ptStart[e]! + this.cellSeg[i]!;
            const ax = this.ptX[q]!;
            const ay = this.ptY[q]!;
            const dx = this.ptX[q + 1]! - ax;
            const dy = this.ptY[q + 1]! - ay;
            const len2 = dx * dx + dy * dy;
            let t = len2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / len2 : 0;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            const d = Math.hypot(ax + t * dx - x, ay + t * dy - y);
            if (d < best || (d === best && e < bestE)) {
              best = d;
              bestE = e;
              bestSeg = this.cellSeg[i]!;
              bestT = t;
            }
          }
        }
      }
    }
    if (bestE < 0 || best > maxDistance) return null;
    return this.at(bestE, bestSeg, bestT, best);
  }

  /** The snap at fraction t of segment `segment` of edge e. */
  at(e: number, segment: number, t: number, distance = 0): Snap {
    const g = this.graph;
    const q = this.ptStart[e]! + segment;
    const x = this.ptX[q]! + t * (this.ptX[q + 1]! - this.ptX[q]!);
    const y = this.ptY[q]! + t * (this.ptY[q + 1]! - this.ptY[q]!);
    const offset = this.ptAlong[q]! + t * (this.ptAlong[q + 1]! - this.ptAlong[q]!);
    const eleA = this.pointEle(e, segment);
    const eleB = this.pointEle(e, segment + 1);
    return { edge: e, offset, lon: x / g.kx + g.lon0, lat: y / g.ky + g.lat0, ele: eleA + t * (eleB - eleA), distance, segment, t };
  }

  /** The snap `offset` metres along edge e from its from-node (clamped to the edge). */
  atOffset(e: number, offset: number): Snap {
    const p0 = this.ptStart[e]!;
    const np = this.ptStart[e + 1]! - p0;
    let seg = 0;
    while (seg < np - 2 && this.ptAlong[p0 + seg + 1]! < offset) seg++;
    const sa = this.ptAlong[p0 + seg]!;
    const sb = this.ptAlong[p0 + seg + 1]!;
    return this.at(e, seg, sb > sa ? Math.min(1, Math.max(0, (offset - sa) / (sb - sa))) : 0);
  }

  /** Snap at a node: the start of one of its edges. */
  atNode(node: number): Snap {
    const g = this.graph;
    const e = g.adjEdge[g.adjOffset[node]!]!;
    return g.edgeFrom[e] === node ? this.at(e, 0, 0) : this.at(e, this.ptStart[e + 1]! - this.ptStart[e]! - 2, 1);
  }

  /** elevation of geometry point i (0 = from node) of edge e */
  pointEle(e: number, i: number): number {
    const g = this.graph;
    const n = this.ptStart[e + 1]! - this.ptStart[e]!;
    if (i <= 0) return g.nodeEle[g.edgeFrom[e]!]!;
    if (i >= n - 1) return g.nodeEle[g.edgeTo[e]!]!;
    return g.shapeEle[g.edgeShapeStart[e]! + i - 1]!;
  }
}
