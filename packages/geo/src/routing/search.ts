import type { RunningGraph } from '../graph/graph.ts';
import { WAY_CLASS_NAMES } from '../graph/profile.ts';
import { ContractionHierarchy } from './ch.ts';
import { popularMultiplier } from './popularity.ts';
import type { Snap } from './snap.ts';

/** Routing preferences applied at query time on top of the stored running cost. */
export interface RoutePreferences {
  /** prefer paths, tracks and footways even more (roads cost extra) */
  preferPaths?: boolean;
  /** avoid tertiary/secondary/primary/trunk roads harder */
  avoidBusyRoads?: boolean;
  /** prefer ways through parks, woods, meadows and along water: non-green metres cost extra (see greenMultiplier) */
  preferGreen?: boolean;
  /** prefer ways this instance's public routes use (the heat set with Router.setHeat; no effect without it) */
  preferPopular?: boolean;
}

/** Extra cost of a fully non-green edge under `preferGreen` (a fully green edge costs ×1). */
export const GREEN_PENALTY = 0.6;

/** Cost multiplier on tertiary roads and up under avoidBusyRoads. */
export const AVOID_BUSY_FACTOR = 2.5;

/**
 * Multiplier (≥ 1) for an edge whose green share is `green255` / 255 under `preferGreen`:
 * 1 + GREEN_PENALTY × (1 − share), so only the non-green part of an edge costs extra.
 */
export function greenMultiplier(green255: number): number {
  return 1 + GREEN_PENALTY * (1 - green255 / 255);
}

/** Metres of a path that lie inside green areas (edge green share × metres walked on it). */
export function greenMetres(g: RunningGraph, steps: readonly PathStep[]): number {
  let m = 0;
  for (const s of steps) m += (Math.abs(s.end - s.start) * g.edgeGreen[s.edge]!) / 255;
  return m;
}

/** Per way-class multipliers (≥ 1, so the A* heuristic stays admissible). */
export function classMultipliers(p: RoutePreferences = {}): Float32Array {
  const mult = new Float32Array(WAY_CLASS_NAMES.length).fill(1);
  const set = (names: string[], f: number) => {
    for (const n of names) {
      const i = (WAY_CLASS_NAMES as readonly string[]).indexOf(n);
      mult[i]! *= f;
    }
  };
  if (p.preferPaths) {
    set(['residential', 'service', 'unclassified', 'road', 'living_street', 'cycleway'], 1.4);
    set(['tertiary', 'secondary', 'primary', 'trunk', 'motorway'], 1.6);
  }
  if (p.avoidBusyRoads) set(['tertiary', 'secondary', 'primary', 'trunk', 'motorway'], AVOID_BUSY_FACTOR);
  return mult;
}

/** One step of a path: edge `edge` walked forward (from→to) or backward, between two offsets. */
export interface PathStep {
  edge: number;
  /** metres from the edge's from-node where this step starts and ends (start > end when walking backward) */
  start: number;
  end: number;
}

export interface PathResult {
  steps: PathStep[];
  /** routing cost (m × factors) */
  cost: number;
  /** metres */
  length: number;
  /** nodes settled by the search (instrumentation) */
  settled: number;
}

export interface SearchOptions {
  preferences?: RoutePreferences;
  /** extra multiplier per edge (≥ 1), e.g. to discourage reusing edges in a loop */
  edgePenalty?: Float32Array;
}

/** Whether any preference changes edge costs (then the contraction hierarchy cannot answer). */
function anyPreference(p: RoutePreferences | undefined): boolean {
  return !!(p?.preferPaths || p?.avoidBusyRoads || p?.preferGreen || p?.preferPopular);
}

/**
 * Shortest paths on one graph. A query on the base running cost (no preferences, no penalties —
 * every planner leg) is answered by a contraction hierarchy (`ch.ts`, built on the first such
 * query); any other by unidirectional A* with ALT landmarks over the CSR graph, with typed-array
 * state reused across queries (a generation stamp avoids clearing). The A* heuristic is the
 * larger of the straight-line distance to the target point times the graph's minimum cost factor
 * and the landmark bound: admissible and consistent, so the first time the best candidate is not
 * beaten by the queue's minimum key the path is optimal. Searches start and end mid-edge: both
 * ends of the source edge are seeded with the partial cost to reach them, and both ends of the
 * target edge complete with the partial cost to the target point.
 */
export class Router {
  private readonly dist: Float64Array;
  private readonly via: Int32Array; // edge used to reach a node (-1 = seeded from the source)
  private readonly stamp: Uint32Array;
  private readonly closed: Uint32Array;
  private gen = 0;
  private heapKey = new Float64Array(1024);
  private heapNode = new Int32Array(1024);
  private heapSize = 0;
  private ch: ContractionHierarchy | undefined;
  private multCache = new Map<string, Float32Array>();
  private edgeMultCache = new Map<string, Float32Array>();
  private heat: Uint8Array | null = null;

  /**
   * @param landmarkCount ALT landmarks (0 = plain A* with the straight-line heuristic)
   * @param contraction answer base-cost queries with a contraction hierarchy (false = always A*)
   */
  constructor(
    readonly graph: RunningGraph,
    readonly landmarkCount = 16,
    readonly contraction = true,
  ) {
    const n = graph.nodeCount;
    this.dist = new Float64Array(n);
    this.via = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.closed = new Uint32Array(n);
  }

  /** The contraction hierarchy of the base running cost (built on first use: ~85 ms on Andorra). */
  hierarchy(): ContractionHierarchy {
    return (this.ch ??= ContractionHierarchy.build(this.graph));
  }

  /** per way-class multipliers for these preferences (cached; preferGreen is per edge, see edgeMult) */
  mult(p: RoutePreferences | undefined): Float32Array {
    const key = `${p?.preferPaths ? 1 : 0}${p?.avoidBusyRoads ? 1 : 0}`;
    let m = this.multCache.get(key);
    if (!m) this.multCache.set(key, (m = classMultipliers(p)));
    return m;
  }

  /**
   * The per-edge heat (0–255, popularity.ts `edgeHeat`) `preferPopular` uses; null removes it. A
   * heat of another graph (other edge count) is refused.
   */
  setHeat(heat: Uint8Array | null): void {
    if (heat && heat.length !== this.graph.edgeCount)
      throw new RangeError(`heat has ${heat.length} edges, the graph ${this.graph.edgeCount}`);
    this.heat = heat;
    for (const key of [...this.edgeMultCache.keys()]) if (key.endsWith('1')) this.edgeMultCache.delete(key);
  }

  /** the heat `preferPopular` uses (null when none was set) */
  get edgeHeat(): Uint8Array | null {
    return this.heat;
  }

  /** per-edge preference multipliers (way class × green × popularity), all ≥ 1 (cached per preference set) */
  edgeMult(p: RoutePreferences | undefined): Float32Array {
    const popular = p?.preferPopular ? this.heat : null;
    const key = `${p?.preferPaths ? 1 : 0}${p?.avoidBusyRoads ? 1 : 0}${p?.preferGreen ? 1 : 0}${popular ? 1 : 0}`;
    let m = this.edgeMultCache.get(key);
    if (!m) {
      const g = this.graph;
      const cls = this.mult(p);
      m = new Float32Array(g.edgeCount);
      for (let e = 0; e < g.edgeCount; e++)
        m[e] =
          cls[g.edgeClass[e]!]! * (p?.preferGreen ? greenMultiplier(g.edgeGreen[e]!) : 1) * (popular ? popularMultiplier(popular[e]!) : 1);
      this.edgeMultCache.set(key, m);
    }
    return m;
  }

  /** cost of walking `metres` along edge e */
  edgeCostPerMetre(e: number, opts: SearchOptions = {}): number {
    const g = this.graph;
    const len = g.edgeLength[e]!;
    const base = len > 0 ? g.edgeCost[e]! / len : 1;
    return base * this.edgeMult(opts.preferences)[e]! * (opts.edgePenalty ? opts.edgePenalty[e]! : 1);
  }

  // The A* queue is kept inline here rather than a TypedHeap (typed-heap.ts, which the contraction
  // hierarchy uses): measured 10–15 % faster on ALT queries, the loop generator's hot path.
  private push(key: number, node: number) {
    if (this.heapSize === this.heapKey.length) {
      const k = new Float64Array(this.heapSize * 2);
      k.set(this.heapKey);
      const v = new Int32Array(this.heapSize * 2);
      v.set(this.heapNode);
      this.heapKey = k;
      this.heapNode = v;
    }
    const hk = this.heapKey;
    const hn = this.heapNode;
    let i = this.heapSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (hk[p]! <= key) break;
      hk[i] = hk[p]!;
      hn[i] = hn[p]!;
      i = p;
    }
    hk[i] = key;
    hn[i] = node;
  }

  private pop(): number {
    const hk = this.heapKey;
    const hn = this.heapNode;
    const top = hn[0]!;
    const n = --this.heapSize;
    const key = hk[n]!;
    const node = hn[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && hk[c + 1]! < hk[c]!) c++;
      if (hk[c]! >= key) break;
      hk[i] = hk[c]!;
      hn[i] = hn[c]!;
      i = c;
    }
    hk[i] = key;
    hn[i] = node;
    return top;
  }

  /**
   * Landmarks for ALT: K nodes chosen by farthest-point selection (per component with enough
   * nodes) and their base-cost distances to every node. Built lazily on the first query; the
   * triangle inequality gives |d(L,t) − d(L,v)| ≤ d(v,t), which stays a lower bound when
   * preferences or penalties only raise edge costs (all multipliers are ≥ 1).
   */
  private landmarks(): { k: number; d: Float64Array } {
    if (this.lm) return this.lm;
    const g = this.graph;
    const n = g.nodeCount;
    const K = this.landmarkCount;
    const d = new Float64Array(n * K).fill(Infinity);
    const tmp = new Float64Array(n);
    const members: number[][] = g.componentLength.length ? Array.from(g.componentLength, () => []) : [];
    for (let i = 0; i < n; i++) members[g.nodeComponent[i]!]!.push(i);
    const big = members.filter((ns) => ns.length >= 50); // ordered by length: the main network first
    let k = 0;
    for (let c = 0; c < big.length && k < K; c++) {
      const nodes = big[c]!;
      const share = c === 0 ? Math.max(Math.ceil(K / 2), K - 2 * (big.length - 1)) : 2;
      // farthest-point selection: start from the node farthest from an arbitrary one
      const minD = new Float64Array(n).fill(Infinity);
      this.dijkstraAll(nodes[0]!, tmp);
      let next = argmaxFinite(tmp, nodes);
      for (let j = 0; j < share && k < K; j++, k++) {
        this.dijkstraAll(next, tmp);
        for (const v of nodes) {
          d[v * K + k] = tmp[v]!;
          if (tmp[v]! < minD[v]!) minD[v] = tmp[v]!;
        }
        next = argmaxFinite(minD, nodes);
      }
    }
    this.lm = { k, d };
    return this.lm;
  }
  private lm: { k: number; d: Float64Array } | undefined;

  /** plain Dijkstra on base costs from `src` to every node (Infinity = unreachable) */
  private dijkstraAll(src: number, out: Float64Array) {
    const g = this.graph;
    out.fill(Infinity);
    const gen = this.nextGen();
    this.heapSize = 0;
    out[src] = 0;
    this.push(0, src);
    while (this.heapSize > 0) {
      const u = this.pop();
      if (this.closed[u] === gen) continue;
      this.closed[u] = gen;
      for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
        const e = g.adjEdge[i]!;
        const v = g.otherEnd(e, u);
        const dv = out[u]! + g.edgeCost[e]!;
        if (dv < out[v]!) {
          out[v] = dv;
          this.push(dv, v);
        }
      }
    }
  }

  private nextGen() {
    this.gen++;
    if (this.gen === 0xffffffff) {
      this.stamp.fill(0);
      this.closed.fill(0);
      this.gen = 1;
    }
    return this.gen;
  }

  /** Cheapest path between two snapped points, or null when they are not connected. */
  route(from: Snap, to: Snap, opts: SearchOptions = {}): PathResult | null {
    const g = this.graph;
    const edgeFrom = g.edgeFrom;
    const edgeTo = g.edgeTo;
    const srcE = from.edge;
    const dstE = to.edge;
    if (g.nodeComponent[edgeFrom[srcE]!] !== g.nodeComponent[edgeFrom[dstE]!]) return null;
    if (this.contraction && !opts.edgePenalty && !anyPreference(opts.preferences)) return this.hierarchy().route(from, to);
    const mult = this.edgeMult(opts.preferences);
    const pen = opts.edgePenalty;
    const { k: nLm, d: L } = this.landmarkCount > 0 ? this.landmarks() : { k: 0, d: new Float64Array(0) };
    const K = this.landmarkCount; // stride of L
    const gen = this.nextGen();
    const { dist, via, stamp, closed } = this;
    const adjOffset = g.adjOffset;
    const adjEdge = g.adjEdge;
    const edgeCost = g.edgeCost;
    const nodeX = g.nodeX;
    const nodeY = g.nodeY;
    const tx = (to.lon - g.lon0) * g.kx;
    const ty = (to.lat - g.lat0) * g.ky;
    // straight-line × min factor, shrunk by 0.5 % for the projection's error over a region
    const hScale = g.minCostFactor * 0.995;

    const srcLen = g.edgeLength[srcE]!;
    const srcK = this.edgeCostPerMetre(srcE, opts);
    const dstLen = g.edgeLength[dstE]!;
    const dstK = this.edgeCostPerMetre(dstE, opts);
    const dstA = edgeFrom[dstE]!;
    const dstB = edgeTo[dstE]!;
    const dstCostA = to.offset * dstK; // from dstA along the edge to the target point
    const dstCostB = (dstLen - to.offset) * dstK;
    // landmark distances of both ends of the target edge (only landmarks of this component)
    const lmIdx: number[] = [];
    for (let k = 0; k < nLm; k++) if (Number.isFinite(L[dstA * K + k]!)) lmIdx.push(k);
    const nl = lmIdx.length;
    const lmK = Int32Array.from(lmIdx);
    const lmA = Float64Array.from(lmIdx, (k) => L[dstA * K + k]!);
    const lmB = Float64Array.from(lmIdx, (k) => L[dstB * K + k]!);
    const h = (v: number) => {
      let he = Math.hypot(nodeX[v]! - tx, nodeY[v]! - ty) * hScale;
      if (nl > 0) {
        let ba = 0;
        let bb = 0;
        const base = v * K;
        for (let j = 0; j < nl; j++) {
          const dv = L[base + lmK[j]!]!;
          const a = Math.abs(lmA[j]! - dv);
          const b = Math.abs(lmB[j]! - dv);
          if (a > ba) ba = a;
          if (b > bb) bb = b;
        }
        const hl = Math.min(ba + dstCostA, bb + dstCostB) * 0.9999;
        if (hl > he) he = hl;
      }
      return he;
    };

    let best = Infinity;
    let bestEnd = -2; // -1 = direct along the shared edge, else the node through which we reach the target edge
    if (srcE === dstE) {
      best = Math.abs(to.offset - from.offset) * srcK;
      bestEnd = -1;
    }
    this.heapSize = 0;
    const seed = (v: number, d: number) => {
      if (stamp[v] === gen && dist[v]! <= d) return;
      stamp[v] = gen;
      dist[v] = d;
      via[v] = -1;
      this.push(d + h(v), v);
    };
    seed(edgeFrom[srcE]!, from.offset * srcK);
    seed(edgeTo[srcE]!, (srcLen - from.offset) * srcK);

    let settled = 0;
    while (this.heapSize > 0) {
      if (this.heapKey[0]! >= best) break;
      const u = this.pop();
      if (closed[u] === gen) continue;
      closed[u] = gen;
      settled++;
      const du = dist[u]!;
      if (u === dstA && du + dstCostA < best) {
        best = du + dstCostA;
        bestEnd = u;
      }
      if (u === dstB && du + dstCostB < best) {
        best = du + dstCostB;
        bestEnd = u;
      }
      for (let i = adjOffset[u]!, end = adjOffset[u + 1]!; i < end; i++) {
        const e = adjEdge[i]!;
        const a = edgeFrom[e]!;
        const v = a === u ? edgeTo[e]! : a;
        if (closed[v] === gen) continue;
        let c = edgeCost[e]! * mult[e]!;
        if (pen) c *= pen[e]!;
        const dv = du + c;
        if (stamp[v] !== gen || dv < dist[v]!) {
          stamp[v] = gen;
          dist[v] = dv;
          via[v] = e;
          this.push(dv + h(v), v);
        }
      }
    }
    if (bestEnd === -2) return null;

    // reconstruct
    const steps: PathStep[] = [];
    if (bestEnd === -1) {
      steps.push({ edge: srcE, start: from.offset, end: to.offset });
    } else {
      steps.push({ edge: dstE, start: bestEnd === dstA ? 0 : dstLen, end: to.offset });
      let v = bestEnd;
      while (via[v] !== -1) {
        const e = via[v]!;
        const forward = edgeTo[e] === v && edgeFrom[e] !== v;
        const len = g.edgeLength[e]!;
        steps.push({ edge: e, start: forward ? 0 : len, end: forward ? len : 0 });
        v = forward ? edgeFrom[e]! : edgeTo[e]!;
      }
      // v is an end of the source edge
      steps.push({ edge: srcE, start: from.offset, end: v === edgeFrom[srcE] ? 0 : srcLen });
      steps.reverse();
    }
    const clean = steps.filter((s) => s.start !== s.end);
    let length = 0;
    for (const s of clean) length += Math.abs(s.end - s.start);
    return { steps: clean, cost: best, length, settled };
  }
}

function argmaxFinite(a: Float64Array, nodes: number[]): number {
  let best = nodes[0]!;
  let bv = -1;
  for (const v of nodes) {
    if (Number.isFinite(a[v]!) && a[v]! > bv) {
      bv = a[v]!;
      best = v;
    }
  }
  return best;
}
