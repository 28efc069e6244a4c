import type { RunningGraph } from '../graph/graph.ts';
import { WAY_CLASS_NAMES } from '../graph/profile.ts';
import { ContractionHierarchy } from './ch.ts';
import { popularMultiplier } from './popularity.ts';
import { joinAt, type Snap } from './snap.ts';

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
 * and the landmark bound (float32 distances, see `Landmarks`): admissible, so the first time the
 * best candidate is not beaten by the queue's minimum key the path is optimal — as long as a node
 * reached more cheaply after it was expanded is expanded again, since the rounded bound is only
 * consistent up to its rounding (none in 600 preference queries each on the generated 100k- and
 * 1M-node networks; the far-landmark network of landmarks.test.ts needs it). Searches start and
 * end mid-edge: both
 * ends of the source edge are seeded with the partial cost to reach them, and both ends of the
 * target edge complete with the partial cost to the target point.
 */
export class Router {
  private readonly dist: Float64Array;
  private readonly via: Int32Array; // edge used to reach a node (-1 = seeded from the source)
  private readonly stamp: Uint32Array;
  private readonly closed: Uint32Array;
  private readonly hval: Float64Array; // the heuristic of each node reached (computed once per query)
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
    this.hval = new Float64Array(n);
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
   * The ALT landmarks (built on first use, see `buildLandmarks`): what every query with
   * preferences or penalties reads its landmark bound from. None when `landmarkCount` is 0.
   */
  landmarkTable(): Landmarks {
    return (this.lm ??= buildLandmarks(this.graph, this.landmarkCount));
  }
  private lm: Landmarks | undefined;

  /**
   * Lower bound on the base cost between nodes v and t from the landmarks alone (0 without a
   * landmark in their component): the bound `route` uses, slack included.
   */
  landmarkBound(v: number, t: number): number {
    const { k, d, slack } = this.landmarkTable();
    let b = 0;
    for (let j = 0; j < k; j++) {
      const dt = d[t * k + j]!;
      if (!Number.isFinite(dt)) continue;
      const x = Math.abs(dt - d[v * k + j]!);
      if (x > b) b = x;
    }
    return Math.max(0, b - slack);
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
    const { k: K, d: L, slack } = this.landmarkTable(); // K: landmarks, the stride of L
    const gen = this.nextGen();
    const { dist, via, stamp, closed, hval } = this;
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
    // Each landmark's base cost to the target point, through either end of the target edge (NaN
    // for a landmark of another component: |NaN − x| is never the maximum). For any node v,
    // |d(L,t) − d(L,v)| ≤ d(v,t) holds for the point as for a node (the graph is undirected),
    // and one value per landmark halves the work of a bound through both ends separately.
    const dstBaseK = dstLen > 0 ? edgeCost[dstE]! / dstLen : 1;
    const lmT = new Float64Array(K);
    for (let k = 0; k < K; k++) {
      const a = L[dstA * K + k]!;
      lmT[k] = Number.isFinite(a) ? Math.min(a + to.offset * dstBaseK, L[dstB * K + k]! + (dstLen - to.offset) * dstBaseK) : NaN;
    }
    const h = (v: number) => {
      const dx = nodeX[v]! - tx;
      const dy = nodeY[v]! - ty;
      const he = Math.sqrt(dx * dx + dy * dy) * hScale;
      let bl = 0;
      for (let j = 0, base = v * K; j < K; j++) {
        const x = Math.abs(lmT[j]! - L[base + j]!);
        if (x > bl) bl = x;
      }
      // slack: the float32 rounding of the stored distances (see Landmarks)
      const hl = (bl - slack) * 0.9999;
      return hl > he ? hl : he;
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
      if (stamp[v] !== gen) hval[v] = h(v);
      stamp[v] = gen;
      dist[v] = d;
      via[v] = -1;
      this.push(d + hval[v]!, v);
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
        let c = edgeCost[e]! * mult[e]!;
        if (pen) c *= pen[e]!;
        const dv = du + c;
        if (stamp[v] !== gen) {
          stamp[v] = gen;
          dist[v] = dv;
          via[v] = e;
          const hv = h(v);
          hval[v] = hv;
          this.push(dv + hv, v);
        } else if (dv < dist[v]!) {
          // a settled node reached more cheaply is opened again: the float32 landmark bound is
          // admissible but only consistent up to its rounding (see Landmarks), and with
          // re-expansion A* stays optimal under any admissible heuristic (rare, see above)
          if (closed[v] === gen) closed[v] = 0;
          dist[v] = dv;
          via[v] = e;
          this.push(dv + hval[v]!, v);
        }
      }
    }
    if (bestEnd === -2) return null;

    // reconstruct
    const steps: PathStep[] = [];
    if (bestEnd === -1) {
      steps.push({ edge: srcE, start: from.offset, end: to.offset });
    } else {
      steps.push({ edge: dstE, start: joinAt(g, dstE, to.offset, bestEnd), end: to.offset });
      let v = bestEnd;
      while (via[v] !== -1) {
        const e = via[v]!;
        const forward = edgeTo[e] === v && edgeFrom[e] !== v;
        const len = g.edgeLength[e]!;
        steps.push({ edge: e, start: forward ? 0 : len, end: forward ? len : 0 });
        v = forward ? edgeFrom[e]! : edgeTo[e]!;
      }
      // v is an end of the source edge
      steps.push({ edge: srcE, start: from.offset, end: joinAt(g, srcE, from.offset, v) });
      steps.reverse();
    }
    const clean = steps.filter((s) => s.start !== s.end);
    let length = 0;
    for (const s of clean) length += Math.abs(s.end - s.start);
    return { steps: clean, cost: best, length, settled };
  }
}

/**
 * ALT landmarks of a graph: `k` nodes and their base-cost distances to every node, stored as
 * float32 (`d[v * k + i]`, node v, landmark i; Infinity outside the landmark's component).
 *
 * Float32 halves the memory of float64 (4 bytes per node per landmark: 47 MiB for the 12
 * landmarks of a 1M-node graph) but rounds: a stored distance s is the float64 Dijkstra distance
 * d rounded to the nearest float32, so |s − d| ≤ 2⁻²⁴·d (for normal floats). The bound from landmark i,
 * |s(i,t) − s(i,v)|, can then exceed the true |d(i,t) − d(i,v)| ≤ d(v,t) by up to
 * 2⁻²⁴·(d(i,t) + d(i,v)) ≤ 2⁻²³·D, D the largest stored distance — an overestimate that grows
 * with the size of the region, not with the query, so scaling the bound by (1 − ε) does not cover
 * it when v is close to t and both are far from the landmark (a 10 m step 300 km from the
 * landmark). Every bound therefore subtracts `slack` = 2⁻²²·D, twice the worst rounding (the
 * margin also covers float64 rounding in the subtraction and in the Dijkstra's own sums, ~2⁻⁵³
 * per addition): with it the bound is a true lower bound and A* stays exactly optimal. On the
 * generated 1M-node network D is ~240 km of cost and the slack 0.06 m.
 */
export interface Landmarks {
  /** landmarks built (≤ the count asked for: components smaller than 50 nodes get none) */
  k: number;
  d: Float32Array;
  /** subtracted from every landmark bound (see above) */
  slack: number;
}

/**
 * Choose `count` landmarks by farthest-point selection (per component of ≥ 50 nodes: the main
 * network gets at least half, every other one 2 while they last) and store their base-cost
 * distances: one full Dijkstra per landmark, the first landmark of a component being its node
 * farthest from its centroid (in a straight line). The triangle inequality gives
 * |d(L,t) − d(L,v)| ≤ d(v,t), which stays a lower bound when preferences or penalties only raise
 * edge costs (all multipliers are ≥ 1).
 */
export function buildLandmarks(g: RunningGraph, count: number): Landmarks {
  if (count <= 0) return { k: 0, d: new Float32Array(0), slack: 0 };
  const n = g.nodeCount;
  // components by node count (the builder numbers them by length: the main network first)
  const size = new Int32Array(g.componentLength.length);
  for (let v = 0; v < n; v++) size[g.nodeComponent[v]!]!++;
  const big: number[] = [];
  for (let c = 0; c < size.length; c++) if (size[c]! >= 50) big.push(c);
  // the main network's share plus 2 per other component always reaches `count`
  const K = big.length ? count : 0;
  const d = new Float32Array(n * K).fill(Infinity);
  if (K === 0) return { k: 0, d, slack: 0 };
  const sp = new ShortestPathTree(g);
  const minD = new Float64Array(n);
  let k = 0;
  let maxD = 0;
  for (let b = 0; b < big.length && k < K; b++) {
    const c = big[b]!;
    let first = 0;
    while (g.nodeComponent[first] !== c) first++;
    const share = b === 0 ? Math.max(Math.ceil(K / 2), K - 2 * (big.length - 1)) : 2;
    // farthest-point selection: start from the node farthest (in a straight line) from the
    // component's centroid, a node on its rim (a Dijkstra from an arbitrary node found the same
    // kind of node, at the cost of one more Dijkstra)
    let cx = 0;
    let cy = 0;
    let cn = 0;
    for (let v = first; v < n; v++)
      if (g.nodeComponent[v] === c) {
        cx += g.nodeX[v]!;
        cy += g.nodeY[v]!;
        cn++;
      }
    cx /= cn;
    cy /= cn;
    let next = first;
    let far2 = -1;
    for (let v = first; v < n; v++)
      if (g.nodeComponent[v] === c) {
        const r2 = (g.nodeX[v]! - cx) ** 2 + (g.nodeY[v]! - cy) ** 2;
        if (r2 > far2) {
          far2 = r2;
          next = v;
        }
      }
    for (let j = 0; j < share && k < K; j++, k++) {
      const reached = sp.run(next);
      const { dist } = sp;
      let far = -1;
      for (let i = 0; i < reached; i++) {
        const v = sp.reached[i]!;
        const x = dist[v]!;
        d[v * K + k] = x;
        if (x > maxD) maxD = x;
        if (j === 0 || x < minD[v]!) minD[v] = x;
        if (far < 0 || minD[v]! > minD[far]!) far = v;
      }
      next = far;
    }
  }
  return { k: K, d, slack: maxD * 2 ** -22 };
}

/**
 * Shortest-path costs from one node to every node of its component on the base costs, for the
 * landmarks. A bucket queue instead of a binary heap (the heap was ~70 % of a full Dijkstra at 1M
 * nodes): bucket b holds the nodes whose cost lies in [bΔ, (b+1)Δ), Δ the mean arc cost (or
 * 1/65,534 of the costliest arc if that is more, so there are at most 2¹⁶ buckets), kept in a
 * ring of ⌊max arc cost / Δ⌋ + 2 buckets (a relaxation never lands further ahead), each a FIFO
 * list. Within a bucket the nodes are scanned in arrival order, not by cost, so a node can be
 * reached more cheaply after its scan and is then queued and scanned again (label correcting):
 * at the end no arc can lower any cost, so the costs are exact shortest-path costs, whatever the
 * order. With Δ ≤ the smallest arc cost this is Dial's algorithm and nothing is scanned twice; at
 * the mean arc cost, 0.03 % of the nodes were scanned twice on the 1M-node generated network,
 * which took ~150 ms against ~250 ms with the heap. Its own adjacency (neighbour and cost per arc,
 * in CSR order) replaces three per-edge lookups with two sequential reads.
 */
class ShortestPathTree {
  readonly dist: Float64Array;
  /** the nodes reached by the last run, in the order first reached */
  readonly reached: Int32Array;
  private readonly off: Uint32Array;
  private readonly nbr: Int32Array;
  private readonly cost: Float32Array;
  private readonly scanned: Float64Array; // cost at the node's last scan (NaN: not scanned)
  private readonly delta: number;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private next = new Int32Array(1 << 14);
  private node = new Int32Array(1 << 14);

  constructor(g: RunningGraph) {
    const n = g.nodeCount;
    this.dist = new Float64Array(n);
    this.reached = new Int32Array(n);
    this.scanned = new Float64Array(n);
    this.off = g.adjOffset;
    const arcs = g.adjOffset[n]!;
    this.nbr = new Int32Array(arcs);
    this.cost = new Float32Array(arcs);
    let sum = 0;
    let max = 0;
    for (let u = 0; u < n; u++)
      for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
        const e = g.adjEdge[i]!;
        const c = g.edgeCost[e]!;
        this.nbr[i] = g.edgeFrom[e] === u ? g.edgeTo[e]! : g.edgeFrom[e]!;
        this.cost[i] = c;
        sum += c;
        if (c > max) max = c;
      }
    // at most 2¹⁶ buckets whatever the costliest arc (wider buckets only mean more second scans)
    this.delta = arcs && sum > 0 ? Math.max(sum / arcs, max / 65_534) : 1;
    const ring = Math.floor(max / this.delta) + 2;
    this.head = new Int32Array(ring);
    this.tail = new Int32Array(ring);
  }

  /** costs from `src` into `dist` (Infinity elsewhere); returns how many nodes were reached */
  run(src: number): number {
    const { dist, reached, off, nbr, cost, scanned, delta, head, tail } = this;
    const ring = head.length;
    dist.fill(Infinity);
    scanned.fill(NaN);
    head.fill(-1);
    let next = this.next;
    let node = this.node;
    let free = -1; // recycled list entries
    let used = 0;
    let queued = 0;
    const enqueue = (v: number, b: number) => {
      let x: number;
      if (free >= 0) {
        x = free;
        free = next[x]!;
      } else {
        if (used === node.length) {
          const n2 = new Int32Array(used * 2);
          n2.set(next);
          this.next = next = n2;
          const v2 = new Int32Array(used * 2);
          v2.set(node);
          this.node = node = v2;
        }
        x = used++;
      }
      node[x] = v;
      next[x] = -1;
      const r = b % ring;
      if (head[r]! < 0) head[r] = x;
      else next[tail[r]!] = x;
      tail[r] = x;
      queued++;
    };
    dist[src] = 0;
    reached[0] = src;
    let count = 1;
    enqueue(src, 0);
    for (let b = 0; queued > 0;) {
      const r = b % ring;
      const x = head[r]!;
      if (x < 0) {
        b++;
        continue;
      }
      head[r] = next[x]!;
      next[x] = free;
      free = x;
      queued--;
      const u = node[x]!;
      const du = dist[u]!;
      // skip an entry left behind when u moved to an earlier bucket, or already scanned at this cost
      if (du === scanned[u] || Math.floor(du / delta) !== b) continue;
      scanned[u] = du;
      for (let a = off[u]!, end = off[u + 1]!; a < end; a++) {
        const v = nbr[a]!;
        const dv = du + cost[a]!;
        const old = dist[v]!;
        if (dv < old) {
          if (old === Infinity) reached[count++] = v;
          dist[v] = dv;
          enqueue(v, Math.floor(dv / delta));
        }
      }
    }
    return count;
  }
}
