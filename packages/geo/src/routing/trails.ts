import type { RunningGraph } from '../graph/graph.ts';
import { TypedHeap } from './typed-heap.ts';
import type { PathStep } from './search.ts';
import { joinAt, type Snap } from './snap.ts';

/**
 * Closed-trail search for the loop generator, and a bound on the retrace any loop must have.
 *
 * A closed walk of length L that retraces R metres: the edges it runs an odd number of times
 * (E_odd) have even degree everywhere, so E_odd is a union of closed trails, and L ≥ |E_odd| + 2R'
 * where R' ≤ R is the length run an even number of times. A loop of D ± 5 % with R ≤ 10 % thus has
 * |E_odd| ≥ 0.95·D·0.8 = 0.76·D, and every closed trail of E_odd comes within R ≤ 0.105·D of the start.
 *
 * - `searchTrailLoops` enumerates single closed trails by depth-first search (edges distinct,
 *   nodes may repeat), pruned by the shortest distance back to the trail's end, and returns
 *   lollipop loops — stem, trail, stem back — of the right length. Sparse mountain networks are
 *   searched exhaustively in milliseconds; dense town grids hit the step budget, but there the
 *   via-point generator already finds good loops.
 * - `lowRetraceEdgeBound` sums the edges that could belong to E_odd at all: not a bridge, on some
 *   cycle no longer than 1.05·D, and close enough to the start for such a cycle to pass within
 *   0.105·D of it. When that sum is under 0.76·D, no loop of D ± 5 % from this start can retrace
 *   ≤ 10 % — a proof, whatever shape (one lobe or several) the loop has.
 * - `lowRetraceBlockBound` and `lowRetraceCycleSpaceBound` are stronger proofs that also charge
 *   the metres a loop must run twice to join its lobes: the bridges between 2-edge-connected blocks
 *   (a tree knapsack), and, where the nearby network has few independent cycles, the way to every
 *   lobe for each possible set of edges run once (exhaustive over the cycle space).
 */
export interface TrailSearch {
  /** target length in metres */
  distance: number;
  /** accepted relative distance error (0.05 = ±5 %) */
  tolerance: number;
  /** accepted retrace share (0.1) */
  maxRetrace: number;
  /** DFS steps before giving up */
  budget: number;
  /** most loops to return (mode 'loops') */
  max?: number;
  /** per-attachment neighbour order offset (seeded, for variety) */
  rnd?: () => number;
  /** attachment points tried, nearest first */
  maxAttachments?: number;
}

export interface TrailLoop {
  steps: PathStep[];
  length: number;
  /** the trail's node farthest from the start (stands in for the loop's heading) */
  far: number;
}

export interface TrailSearchResult {
  loops: TrailLoop[];
  /** true when the search space was exhausted within the budget */
  complete: boolean;
}

/** Dijkstra by length from seed nodes, up to `cap` metres; `skip` is an edge not to use. */
function distances(g: RunningGraph, seeds: [number, number][], cap: number, skip = -1, parent?: Int32Array) {
  const d = new Float64Array(g.nodeCount).fill(Infinity);
  const heap = new TypedHeap();
  for (const [v, c] of seeds) {
    if (c < d[v]!) {
      d[v] = c;
      if (parent) parent[v] = -1;
      heap.push(c, v);
    }
  }
  while (heap.size) {
    const du = heap.minKey;
    const u = heap.pop();
    if (du > d[u]! || du > cap) continue;
    for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
      const e = g.adjEdge[i]!;
      if (e === skip) continue;
      const v = g.otherEnd(e, u);
      const dv = du + g.edgeLength[e]!;
      if (dv < d[v]!) {
        d[v] = dv;
        if (parent) parent[v] = e;
        heap.push(dv, v);
      }
    }
  }
  return d;
}

/**
 * The graph with the start edge split at the start point: node `S` (= nodeCount) is the start
 * point, edge `HA` (= edgeCount) joins it to the start edge's from-node and `HB` (= edgeCount + 1)
 * to its to-node; the start edge itself is left out of `nbrs`.
 */
export interface SplitGraph {
  S: number;
  HA: number;
  HB: number;
  /** node and edge counts including the start point and the two halves */
  nodes: number;
  edges: number;
  from(e: number): number;
  to(e: number): number;
  len(e: number): number;
  /** the graph edge an edge of the split graph lies on */
  base(e: number): number;
  nbrs(u: number, fn: (e: number, v: number) => void): void;
}

/**
 * The fundamental cycle a non-tree edge `e` = (u, v) closes in a spanning tree given by parent
 * edges `pe` and `depth`: `e`, then the tree paths from u and v up to their lowest common ancestor.
 * `other(f, x)` is the far end of edge f from x.
 */
export function fundamentalCycle(
  e: number,
  u: number,
  v: number,
  pe: ArrayLike<number>,
  depth: ArrayLike<number>,
  other: (f: number, x: number) => number,
): number[] {
  const path = [e];
  let x = u;
  let y = v;
  while (depth[x]! > depth[y]!) {
    path.push(pe[x]!);
    x = other(pe[x]!, x);
  }
  while (depth[y]! > depth[x]!) {
    path.push(pe[y]!);
    y = other(pe[y]!, y);
  }
  while (x !== y) {
    path.push(pe[x]!, pe[y]!);
    x = other(pe[x]!, x);
    y = other(pe[y]!, y);
  }
  return path;
}

export function splitAtStart(g: RunningGraph, start: Snap): SplitGraph {
  const n = g.nodeCount;
  const m = g.edgeCount;
  const S = n;
  const e0 = start.edge;
  const a0 = g.edgeFrom[e0]!;
  const b0 = g.edgeTo[e0]!;
  const L0 = g.edgeLength[e0]!;
  const HA = m;
  const HB = m + 1;
  return {
    S,
    HA,
    HB,
    nodes: n + 1,
    edges: m + 2,
    from: (e) => (e < m ? g.edgeFrom[e]! : S),
    to: (e) => (e < m ? g.edgeTo[e]! : e === HA ? a0 : b0),
    len: (e) => (e < m ? g.edgeLength[e]! : e === HA ? start.offset : L0 - start.offset),
    base: (e) => (e < m ? e : e0),
    nbrs(u, fn) {
      if (u === S) {
        fn(HA, a0);
        fn(HB, b0);
        return;
      }
      for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
        const e = g.adjEdge[i]!;
        if (e === e0) {
          // the start edge's ends take its halves; a closed way (one edge from its junction back to
          // it, listed once there) takes both
          if (u === a0) fn(HA, S);
          if (u === b0) fn(HB, S);
          continue;
        }
        fn(e, g.otherEnd(e, u));
      }
    },
  };
}

const walk = (g: RunningGraph, e: number, from: number): PathStep =>
  g.edgeFrom[e] === from ? { edge: e, start: 0, end: g.edgeLength[e]! } : { edge: e, start: g.edgeLength[e]!, end: 0 };

export function searchTrailLoops(g: RunningGraph, start: Snap, q: TrailSearch): TrailSearchResult {
  const D = q.distance;
  const maxLoops = q.max ?? 8;
  const e0 = start.edge;
  const a0 = g.edgeFrom[e0]!;
  const b0 = g.edgeTo[e0]!;
  const L0 = g.edgeLength[e0]!;
  const hiTotal = D * (1 + q.tolerance);
  const loTotal = D * (1 - q.tolerance);
  const stemMax = q.maxRetrace * hiTotal;
  const parent = new Int32Array(g.nodeCount).fill(-1);
  const ds = distances(
    g,
    [
      [a0, start.offset],
      [b0, L0 - start.offset],
    ],
    stemMax,
    -1,
    parent,
  );
  // parent[] of a0 / b0 reached straight from the start point is -1; a0 may also be reached via b0
  const stemSteps = (a: number): PathStep[] => {
    const rev: PathStep[] = [];
    let x = a;
    while (parent[x] !== -1) {
      const e = parent[x]!;
      const prev = g.otherEnd(e, x);
      rev.push(walk(g, e, prev));
      x = prev;
    }
    rev.push({ edge: e0, start: start.offset, end: joinAt(g, e0, start.offset, x) });
    return rev.reverse().filter((s) => s.start !== s.end);
  };
  const reverse = (steps: PathStep[]) => [...steps].reverse().map((s) => ({ edge: s.edge, start: s.end, end: s.start }));

  const used = new Uint8Array(g.edgeCount);
  const trailEdges: number[] = [];
  const trailNodes: number[] = [];
  const loops: TrailLoop[] = [];
  const seen = new Set<string>();
  let steps = 0;
  let complete = true;

  /**
   * Trails root → … → target (edge-distinct, not using `skip`) whose length + extra lies in
   * [lo, hi]. Calls `found` for each; stops when it returns true or the budget runs out.
   */
  const dfs = (root: number, target: number, extra: number, lo: number, hi: number, skip: number, found: () => boolean) => {
    const back = distances(g, [[target, 0]], hi, skip);
    if (!(back[root]! + extra <= hi)) return false;
    const shift = q.rnd ? Math.floor(q.rnd() * 8) : 0;
    let stop = false;
    const rec = (u: number, len: number) => {
      if (++steps > q.budget) {
        complete = false;
        stop = true;
        return;
      }
      const a = g.adjOffset[u]!;
      const deg = g.adjOffset[u + 1]! - a;
      for (let j = 0; j < deg && !stop; j++) {
        const e = g.adjEdge[a + ((j + shift) % deg)]!;
        if (e === skip || used[e]) continue;
        const v = g.otherEnd(e, u);
        const lv = len + g.edgeLength[e]!;
        if (lv + back[v]! + extra > hi) continue;
        used[e] = 1;
        trailEdges.push(e);
        trailNodes.push(v);
        if (v === target && lv + extra >= lo && found()) stop = true;
        if (!stop) rec(v, lv);
        trailEdges.pop();
        trailNodes.pop();
        used[e] = 0;
      }
    };
    trailNodes.push(root);
    rec(root, 0);
    trailNodes.pop();
    return stop;
  };

  const record = (stem: PathStep[], tail: PathStep[]) => {
    const key = [...trailEdges].sort((x, y) => x - y).join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    const body: PathStep[] = [];
    for (let i = 0; i < trailEdges.length; i++) body.push(walk(g, trailEdges[i]!, trailNodes[i]!));
    const all = [...stem, ...body, ...tail];
    let length = 0;
    for (const s of all) length += Math.abs(s.end - s.start);
    let far = trailNodes[0]!;
    let farD = -1;
    for (const v of trailNodes) {
      const d = Math.hypot(g.nodeX[v]! - g.nodeX[a0]!, g.nodeY[v]! - g.nodeY[a0]!);
      if (d > farD) {
        farD = d;
        far = v;
      }
    }
    loops.push({ steps: all, length, far });
    return loops.length >= maxLoops;
  };

  // 1. trails through the start point itself: a0 → … → b0, closed over the start edge (no stem);
  // on a closed way (a0 = b0) the empty trail too: once round the way itself
  if (a0 === b0 && L0 >= loTotal && L0 <= hiTotal) {
    trailNodes.push(a0);
    const done = record([{ edge: e0, start: start.offset, end: L0 }], [{ edge: e0, start: 0, end: start.offset }]);
    trailNodes.pop();
    if (done) return { loops, complete };
  }
  if (
    dfs(a0, b0, L0, loTotal, hiTotal, e0, () =>
      record(
        [{ edge: e0, start: start.offset, end: 0 }].filter((s) => s.start !== s.end),
        [{ edge: e0, start: L0, end: start.offset }].filter((s) => s.start !== s.end),
      ),
    )
  )
    return { loops, complete };
  // 2. lollipops: a stem to a nearby node and a closed trail through it
  const attach: number[] = [];
  for (let v = 0; v < g.nodeCount; v++) if (ds[v]! <= stemMax) attach.push(v);
  attach.sort((x, y) => ds[x]! - ds[y]!);
  for (const a of attach.slice(0, q.maxAttachments ?? attach.length)) {
    const t = ds[a]!;
    const lo = loTotal - 2 * t;
    const hi = hiTotal - 2 * t;
    if (hi <= 0) continue;
    const stem = stemSteps(a);
    const tail = reverse(stem);
    if (dfs(a, a, 0, lo, hi, -1, () => record(stem, tail))) break;
    if (steps > q.budget) {
      complete = false;
      break;
    }
  }
  if (attach.length > (q.maxAttachments ?? attach.length)) complete = false;
  return { loops, complete };
}

/**
 * Metres of edges that could be run exactly once (odd times) by a loop of `distance` (± tolerance)
 * from `start` retracing at most `maxRetrace` of it (see the module comment): an edge (u, v) counts
 * when it is not a bridge, the shortest cycle through it (length + shortest u–v path without it) is
 * at most the longest loop, and dB(u) + length + dB(v) is too, where dB is the distance from the
 * ball of radius maxRetrace·longest around the start. Compare with `distance·(1 − tol)·(1 − 2·maxRetrace)`.
 */
export function lowRetraceEdgeBound(
  g: RunningGraph,
  start: Snap,
  q: Pick<TrailSearch, 'distance' | 'tolerance' | 'maxRetrace'>,
  bridge: Uint8Array,
): number {
  const hiTotal = q.distance * (1 + q.tolerance);
  const stemMax = q.maxRetrace * hiTotal;
  const e0 = start.edge;
  const ds = distances(
    g,
    [
      [g.edgeFrom[e0]!, start.offset],
      [g.edgeTo[e0]!, g.edgeLength[e0]! - start.offset],
    ],
    hiTotal,
  );
  // distance from the ball B(start, stemMax): max(0, ds − stemMax) is a lower bound, and exact
  // along shortest paths, which is all the bound needs
  let sum = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    if (bridge[e]) continue;
    const u = g.edgeFrom[e]!;
    const v = g.edgeTo[e]!;
    const len = g.edgeLength[e]!;
    const du = Math.max(0, ds[u]! - stemMax);
    const dv = Math.max(0, ds[v]! - stemMax);
    if (e !== e0 && du + dv + len > hiTotal) continue;
    if (u !== v && len + distances(g, [[u, 0]], hiTotal - len, e)[v]! > hiTotal) continue;
    sum += len;
  }
  return sum;
}

/**
 * A stronger proof than `lowRetraceEdgeBound`: it also charges the bridges a loop must cross.
 *
 * Contract every 2-edge-connected block of the network (what is left when the bridges are
 * removed) to a point: the bridges then form a tree. A loop's edges lie in a subtree U of blocks
 * around the start's block, and every bridge of U is run at least twice — its length is retraced.
 * The edges run once (T metres) lie in U and can only be edges that could belong to E_odd at all
 * (the conditions of `lowRetraceEdgeBound`, plus d(start, u) + length + d(start, v) ≤ the longest
 * loop, since the loop runs the whole edge). With W the metres run twice (≥ the bridges of U), a
 * loop of lo…hi metres with retrace ≤ ρ exists only if T ≥ lo·(1 − 2ρ) (a shorter core cannot be
 * padded into the window cheaply enough), T + 2W ≤ hi and W ≤ T·ρ / (1 − 2ρ). A tree knapsack
 * over the blocks (bridge lengths rounded down to a grid, so the test stays a relaxation) finds
 * the largest capacity for every bridge budget; returns false when no budget satisfies the
 * three conditions — then no loop from `start` can meet both bars. True is not a proof of anything.
 */
export function lowRetraceBlockBound(
  g: RunningGraph,
  start: Snap,
  q: Pick<TrailSearch, 'distance' | 'tolerance' | 'maxRetrace'>,
  bridge: Uint8Array,
): boolean {
  const D = q.distance;
  const rho = q.maxRetrace;
  const lo = D * (1 - q.tolerance);
  const hiTotal = D * (1 + q.tolerance);
  const tMin = lo * (1 - 2 * rho);
  const wMax = hiTotal * rho; // W ≤ T·ρ/(1 − 2ρ) and T + 2W ≤ hi give W ≤ ρ·hi
  const stemMax = rho * hiTotal;
  const n = g.nodeCount;
  const e0 = start.edge;
  const a0 = g.edgeFrom[e0]!;
  const b0 = g.edgeTo[e0]!;
  const L0 = g.edgeLength[e0]!;
  const ds = distances(
    g,
    [
      [a0, start.offset],
      [b0, L0 - start.offset],
    ],
    hiTotal,
  );
  // blocks: union-find over the non-bridge edges
  const uf = new Int32Array(n + 1);
  for (let v = 0; v <= n; v++) uf[v] = v;
  const find = (x: number) => {
    while (uf[x] !== x) {
      uf[x] = uf[uf[x]!]!;
      x = uf[x]!;
    }
    return x;
  };
  for (let e = 0; e < g.edgeCount; e++) if (!bridge[e]) uf[find(g.edgeFrom[e]!)] = find(g.edgeTo[e]!);
  // capacity per block: edges that could be run once
  const cap = new Float64Array(n + 1);
  for (let e = 0; e < g.edgeCount; e++) {
    if (bridge[e]) continue;
    const u = g.edgeFrom[e]!;
    const v = g.edgeTo[e]!;
    const len = g.edgeLength[e]!;
    if (e !== e0 && ds[u]! + len + ds[v]! > hiTotal) continue;
    const du = Math.max(0, ds[u]! - stemMax);
    const dv = Math.max(0, ds[v]! - stemMax);
    if (e !== e0 && du + dv + len > hiTotal) continue;
    if (u !== v && len + distances(g, [[u, 0]], hiTotal - len, e)[v]! > hiTotal) continue;
    cap[find(u)]! += len;
  }
  // the bridge tree, rooted at the start's block (or at the start point when it lies on a bridge)
  const step = Math.max(5, wMax / 256);
  const K = Math.floor(wMax / step) + 1;
  const root = bridge[e0] ? n : find(a0);
  const adjHead = new Int32Array(n + 1).fill(-1);
  const adjNext: number[] = [];
  const adjTo: number[] = [];
  const adjCost: number[] = [];
  const link = (x: number, y: number, c: number) => {
    adjTo.push(y);
    adjCost.push(c);
    adjNext.push(adjHead[x]!);
    adjHead[x] = adjTo.length - 1;
  };
  const addBridge = (x: number, y: number, len: number) => {
    const c = Math.floor(len / step);
    if (c >= K) return;
    link(x, y, c);
    link(y, x, c);
  };
  for (let e = 0; e < g.edgeCount; e++) {
    if (!bridge[e]) continue;
    const u = g.edgeFrom[e]!;
    const v = g.edgeTo[e]!;
    if (e === e0) {
      addBridge(n, find(u), start.offset);
      addBridge(n, find(v), L0 - start.offset);
      continue;
    }
    if (ds[u]! + g.edgeLength[e]! + ds[v]! > hiTotal) continue;
    addBridge(find(u), find(v), g.edgeLength[e]!);
  }
  // post-order over the tree (it is a tree: bridges never close a cycle)
  const order: number[] = [root];
  const parent = new Int32Array(n + 1).fill(-2);
  const parentCost = new Int32Array(n + 1);
  parent[root] = -1;
  for (let i = 0; i < order.length; i++) {
    const x = order[i]!;
    for (let a = adjHead[x]!; a >= 0; a = adjNext[a]!) {
      const y = adjTo[a]!;
      if (parent[y] !== -2) continue;
      parent[y] = x;
      parentCost[y] = adjCost[a]!;
      order.push(y);
    }
  }
  const sub = new Float64Array(n + 1); // capacity of the whole subtree (prunes dead ends)
  for (let i = order.length - 1; i >= 0; i--) {
    const x = order[i]!;
    sub[x]! += cap[x]!;
    if (parent[x]! >= 0) sub[parent[x]!]! += sub[x]!;
  }
  // best[x][w]: most capacity in a subtree at x whose bridges cost ≤ w grid steps
  const best = new Map<number, Float64Array>();
  for (let i = order.length - 1; i >= 0; i--) {
    const x = order[i]!;
    let arr = new Float64Array(1).fill(cap[x]!);
    for (let a = adjHead[x]!; a >= 0; a = adjNext[a]!) {
      const y = adjTo[a]!;
      if (parent[y] !== x) continue;
      const ch = best.get(y);
      best.delete(y);
      if (!ch || sub[y] === 0) continue;
      const c = parentCost[y]!;
      const len = Math.min(K, arr.length + ch.length - 1 + c);
      const out = new Float64Array(len);
      out.set(arr);
      for (let w = arr.length; w < len; w++) out[w] = arr[arr.length - 1]!;
      for (let i1 = 0; i1 < arr.length; i1++) {
        for (let i2 = 0; i2 < ch.length && i1 + i2 + c < len; i2++) {
          const val = arr[i1]! + ch[i2]!;
          if (val > out[i1 + i2 + c]!) out[i1 + i2 + c] = val;
        }
      }
      for (let w = 1; w < len; w++) if (out[w - 1]! > out[w]!) out[w] = out[w - 1]!;
      arr = out;
    }
    best.set(x, arr);
  }
  const arr = best.get(root)!;
  for (let w = 0; w < K; w++) {
    const W = w * step;
    const T = Math.min(arr[Math.min(w, arr.length - 1)]!, hiTotal - 2 * W);
    if (T >= Math.max(tMin, (W * (1 - 2 * rho)) / rho)) return true;
  }
  return false;
}

/**
 * The exact version of the proof for starts whose nearby network has few independent cycles.
 *
 * Only edges a loop can run in full matter (d(start, u) + length + d(start, v) ≤ the longest
 * loop), minus dead-end trees (they can only hold padding, which the conditions already allow
 * anywhere for free). The edges run once form an even set, i.e. an element of that core's cycle
 * space; with at most `maxCycles` independent cycles every element is enumerated (Gray code).
 * For each, the metres run twice are at least the distance from the start to its farthest lobe
 * when the lobes' own edges cost nothing (each lobe must be joined to the start, and only edges
 * run twice cost). The loop is possible only if some element has lo·(1 − 2ρ) ≤ T, T + 2W ≤ hi and
 * W ≤ T·ρ/(1 − 2ρ) with that W. Returns false when none has (a proof), true when one has (not a
 * proof: the lower bound on W may be short of the true connection cost), and null when the core
 * has more cycles than `maxCycles`.
 */
export function lowRetraceCycleSpaceBound(
  g: RunningGraph,
  start: Snap,
  q: Pick<TrailSearch, 'distance' | 'tolerance' | 'maxRetrace'>,
  maxCycles = 16,
): boolean | null {
  const D = q.distance;
  const rho = q.maxRetrace;
  const hi = D * (1 + q.tolerance);
  const tMin = D * (1 - q.tolerance) * (1 - 2 * rho);
  const wPerT = rho / (1 - 2 * rho);
  const sg = splitAtStart(g, start);
  const { S } = sg;
  const N = sg.nodes;
  const M = sg.edges;
  const ds = new Float64Array(N).fill(Infinity);
  const heap = new TypedHeap();
  ds[S] = 0;
  heap.push(0, S);
  while (heap.size) {
    const du = heap.minKey;
    const u = heap.pop();
    if (du > ds[u]! || du > hi) continue;
    sg.nbrs(u, (e, v) => {
      const dv = du + sg.len(e);
      if (dv < ds[v]!) {
        ds[v] = dv;
        heap.push(dv, v);
      }
    });
  }
  // the core: edges a loop can run in full, dead-end trees stripped
  const inCore = new Uint8Array(M);
  const deg = new Int32Array(N);
  for (let e = 0; e < M; e++) {
    if (e === start.edge) continue; // the start edge itself: its two halves stand in
    const u = sg.from(e);
    const v = sg.to(e);
    if (!(ds[u]! + sg.len(e) + ds[v]! <= hi)) continue;
    inCore[e] = 1;
    deg[u]!++;
    deg[v]!++;
  }
  const coreAdj = (u: number, fn: (e: number, v: number) => void) =>
    sg.nbrs(u, (e, v) => {
      if (inCore[e]) fn(e, v);
    });
  const leaves: number[] = [];
  for (let v = 0; v < N; v++) if (deg[v] === 1 && v !== S) leaves.push(v);
  while (leaves.length) {
    const x = leaves.pop()!;
    if (deg[x] !== 1) continue;
    coreAdj(x, (e, v) => {
      if (!inCore[e]) return;
      inCore[e] = 0;
      deg[x]!--;
      deg[v]!--;
      if (deg[v] === 1 && v !== S) leaves.push(v);
    });
  }
  // spanning tree of the core from the start point, and the fundamental cycles
  const pe = new Int32Array(N).fill(-1);
  const depth = new Int32Array(N).fill(-1);
  depth[S] = 0;
  const queue = [S];
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i]!;
    coreAdj(u, (e, v) => {
      if (depth[v] !== -1) return;
      depth[v] = depth[u]! + 1;
      pe[v] = e;
      queue.push(v);
    });
  }
  const other = (e: number, u: number) => (sg.from(e) === u ? sg.to(e) : sg.from(e));
  const cycles: number[][] = [];
  for (let e = 0; e < M; e++) {
    if (!inCore[e]) continue;
    const u = sg.from(e);
    const v = sg.to(e);
    if (pe[u] === e || pe[v] === e) continue;
    if (cycles.length >= maxCycles) return null;
    cycles.push(fundamentalCycle(e, u, v, pe, depth, other));
  }
  // Gray-code walk over the cycle space
  const odd = new Uint8Array(M);
  let T = 0;
  const d0 = new Float64Array(N);
  const lowerW = () => {
    // Dijkstra over the core where the edges run once cost nothing
    d0.fill(Infinity);
    d0[S] = 0;
    const h = new TypedHeap();
    h.push(0, S);
    while (h.size) {
      const du = h.minKey;
      const u = h.pop();
      if (du > d0[u]!) continue;
      coreAdj(u, (e, v) => {
        const dv = du + (odd[e] ? 0 : sg.len(e));
        if (dv < d0[v]!) {
          d0[v] = dv;
          h.push(dv, v);
        }
      });
    }
    let w = 0;
    for (let e = 0; e < M; e++) if (odd[e]) w = Math.max(w, d0[sg.from(e)]!);
    return w;
  };
  const total = 2 ** cycles.length;
  for (let i = 1; i < total; i++) {
    // flip the cycle of the lowest set bit of i
    let k = 0;
    while (!((i >> k) & 1)) k++;
    for (const e of cycles[k]!) {
      T += odd[e] ? -sg.len(e) : sg.len(e);
      odd[e] = odd[e] ? 0 : 1;
    }
    if (T < tMin - 1e-6 || T > hi + 1e-6) continue;
    const W = lowerW();
    if (T + 2 * W <= hi + 1e-6 && W <= T * wPerT + 1e-6) return true;
  }
  return false;
}
