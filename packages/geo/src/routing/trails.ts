import type { RunningGraph } from '../graph/graph.ts';
import { MinHeap } from './min-heap.ts';
import type { PathStep } from './search.ts';
import type { Snap } from './snap.ts';

/**
 * Closed-trail search for the loop generator, and a bound on the retrace any loop must have.
 *
 * A closed walk of length L that retraces R metres: the edges it runs an odd number of times
 * (E_odd) have even degree everywhere, so E_odd is a union of closed trails, and L ≥ |E_odd| + 2R'
 * where R' ≤ R is the length run an even number of times. A loop of D ± 5 % with R ≤ 10 % thus has
 * |E_odd| ≥ 0.74·D, and every closed trail of E_odd comes within R ≤ 0.105·D of the start.
 *
 * - `searchTrailLoops` enumerates single closed trails by depth-first search (edges distinct,
 *   nodes may repeat), pruned by the shortest distance back to the trail's end, and returns
 *   lollipop loops — stem, trail, stem back — of the right length. Sparse mountain networks are
 *   searched exhaustively in milliseconds; dense town grids hit the step budget, but there the
 *   via-point generator already finds good loops.
 * - `lowRetraceEdgeBound` sums the edges that could belong to E_odd at all: not a bridge, on some
 *   cycle no longer than 1.05·D, and close enough to the start for such a cycle to pass within
 *   0.105·D of it. When that sum is under 0.74·D, no loop of D ± 5 % from this start can retrace
 *   ≤ 10 % — a proof, whatever shape (one lobe or several) the loop has.
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
  const heap = new MinHeap();
  for (const [v, c] of seeds) {
    if (c < d[v]!) {
      d[v] = c;
      if (parent) parent[v] = -1;
      heap.push(c, v);
    }
  }
  while (heap.size) {
    const [du, u] = heap.pop();
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
    rev.push({ edge: e0, start: start.offset, end: x === a0 ? 0 : L0 });
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

  // 1. trails through the start point itself: a0 → … → b0, closed over the start edge (no stem)
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
