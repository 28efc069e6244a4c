import type { RunningGraph } from '../graph/graph.ts';
import { TypedHeap } from './typed-heap.ts';
import type { PathStep } from './search.ts';
import type { Snap } from './snap.ts';
import { fundamentalCycle, splitAtStart } from './trails.ts';

/**
 * Multi-lobe loop search for the loop generator.
 *
 * A closed walk that retraces little is a set E1 of edges run once — every node has even degree
 * in E1, so E1 is a union of closed trails, the "lobes" — plus connectors run out and back that
 * join the lobes to each other and to the start. On Andorra's mountain networks the cycles near a
 * start are often small and separated by bridges (a valley path between two hamlets' loops), so
 * the only loops of the right size with ≤ 10 % retrace combine several lobes. This search looks
 * for such a set directly:
 *
 * - A shortest-path tree by length is grown from the start point (the start edge is split there).
 *   Every non-tree edge closes a fundamental cycle, and every even edge set is the XOR of the
 *   fundamental cycles of its non-tree edges, so toggling fundamental cycles reaches any E1.
 * - For a given E1 the connectors are the tree paths from each lobe's node nearest the start up to
 *   the start (or to another lobe, or to a connector already laid). T = |E1|, W = |connectors|;
 *   the walk has length T + 2W and retraces W.
 * - A loop of D ± tol with retrace share ≤ ρ exists for (T, W) when T ≥ lo·(1 − 2ρ) (an out-and-back
 *   pad, if there is somewhere to run it, makes up any missing length), T + 2W ≤ hi and
 *   W ≤ T·ρ/(1 − 2ρ). A tabu search (best toggle each round, a toggled cycle is frozen for 3 rounds,
 *   ≤ 40 rounds) drives the violation of these three conditions to zero, from the empty set, on the
 *   exact tree and then on trees with seed-perturbed weights.
 * - A solution becomes a walk by an Euler circuit of E1 plus the connectors doubled; the caller
 *   pads it when it is short.
 */
export interface LobeSearch {
  /** target length in metres */
  distance: number;
  /** accepted relative distance error (0.05 = ±5 %) */
  tolerance: number;
  /** accepted retrace share (0.1) */
  maxRetrace: number;
  /** work budget (edge visits while evaluating moves) */
  budget: number;
  /** most loops to return */
  max?: number;
  /** seeded randomness for the perturbed trees after the first */
  rnd?: () => number;
  /** trees to try (the first by exact length, later ones with perturbed weights); default 3 */
  trees?: number;
}

export interface LobeLoop {
  /** closed walk from the start point back to it */
  steps: PathStep[];
  length: number;
  /** metres run once (the lobes) and metres of connectors (each run twice) */
  once: number;
  twice: number;
  /** the lobes' node farthest from the start (stands in for the loop's heading) */
  far: number;
}

export interface LobeSearchResult {
  loops: LobeLoop[];
  /** work spent (same unit as the budget) */
  work: number;
}

/**
 * Search for multi-lobe loops from `start` (see the module comment). `bridge` marks the bridges of
 * the graph (an edge on no cycle can only be a connector).
 */
export function searchLobeLoops(g: RunningGraph, start: Snap, bridge: Uint8Array, q: LobeSearch): LobeSearchResult {
  const D = q.distance;
  const rho = q.maxRetrace;
  // aim a little inside the window so rounding never drops a loop just outside it
  const lo = D * (1 - q.tolerance * 0.98);
  const hi = D * (1 + q.tolerance * 0.98);
  const tMin = lo * (1 - 2 * rho);
  const wPerT = rho / (1 - 2 * rho);
  const n = g.nodeCount;
  const m = g.edgeCount;
  const sg = splitAtStart(g, start);
  const { S, HA } = sg;
  const M = sg.edges;
  const e0 = start.edge;
  const a0 = g.edgeFrom[e0]!;
  const L0 = g.edgeLength[e0]!;
  const eFrom = sg.from;
  const eTo = sg.to;
  const eLen = sg.len;
  const other = (e: number, u: number) => (eFrom(e) === u ? eTo(e) : eFrom(e));
  const isBridge = (e: number) => bridge[sg.base(e)] === 1;
  const nbrs = sg.nbrs;

  const loops: LobeLoop[] = [];
  const maxLoops = q.max ?? 4;
  const seenKeys = new Set<string>();
  let work = 0;

  const tl = new Float64Array(n + 1); // tree length from the start point
  const pe = new Int32Array(n + 1); // tree parent edge (-1 at the root / unreached)
  const depth = new Int32Array(n + 1);
  const reached = new Uint8Array(n + 1);
  const cost = new Float64Array(n + 1);
  const weight = new Float64Array(M);

  // E1 as a sparse set, plus per-evaluation scratch (stamped so nothing is cleared)
  const pos = new Int32Array(M);
  const list = new Int32Array(M);
  let size = 0;
  const toggleEdge = (e: number) => {
    const p = pos[e]!;
    if (p >= 0) {
      const last = list[--size]!;
      list[p] = last;
      pos[last] = p;
      pos[e] = -1;
    } else {
      pos[e] = size;
      list[size++] = e;
    }
  };
  const uf = new Int32Array(n + 1);
  const top = new Int32Array(n + 1);
  const ufStamp = new Uint32Array(n + 1);
  const mark = new Uint32Array(n + 1);
  let stamp = 0;
  const find = (x: number) => {
    if (ufStamp[x] !== stamp) {
      ufStamp[x] = stamp;
      uf[x] = x;
      top[x] = x;
      return x;
    }
    while (uf[x] !== x) {
      uf[x] = uf[uf[x]!]!;
      x = uf[x]!;
    }
    return x;
  };
  let T = 0;
  /** connector metres for the current E1 (optionally collecting the connector edges) */
  const connectors = (out?: number[]) => {
    stamp++;
    for (let i = 0; i < size; i++) {
      const e = list[i]!;
      const ru = find(eFrom(e));
      const rv = find(eTo(e));
      if (ru !== rv) {
        uf[ru] = rv;
        if (tl[top[ru]!]! < tl[top[rv]!]!) top[rv] = top[ru]!;
      }
    }
    work += size;
    let W = 0;
    for (let i = 0; i < size; i++) {
      const e = list[i]!;
      const r = find(eFrom(e));
      let x = top[r]!;
      if (mark[x] === stamp) continue; // this lobe is connected already
      mark[x] = stamp;
      while (x !== S) {
        const pe1 = pe[x]!;
        const p = other(pe1, x);
        W += eLen(pe1);
        work++;
        out?.push(pe1);
        if (mark[p] === stamp || ufStamp[p] === stamp) break; // reached a connector or another lobe
        mark[p] = stamp;
        x = p;
      }
    }
    return W;
  };
  const violation = (t: number, w: number) => Math.max(0, tMin - t) + Math.max(0, w - t * wPerT) / wPerT + 4 * Math.max(0, t + 2 * w - hi);

  const trees = q.trees ?? 3;
  for (let tree = 0; tree < trees && loops.length < maxLoops && work < q.budget; tree++) {
    // 1. shortest-path tree by (perturbed) length from the start point, up to hi / 2
    for (let e = 0; e < M; e++) weight[e] = eLen(e) * (tree === 0 || !q.rnd ? 1 : 1 + 0.5 * q.rnd());
    cost.fill(Infinity);
    reached.fill(0);
    pe.fill(-1);
    const heap = new TypedHeap();
    cost[S] = 0;
    tl[S] = 0;
    depth[S] = 0;
    heap.push(0, S);
    while (heap.size) {
      const cu = heap.minKey;
      const u = heap.pop();
      if (reached[u]) continue;
      reached[u] = 1;
      if (tl[u]! > hi / 2) continue;
      nbrs(u, (e, v) => {
        const cv = cu + weight[e]!;
        if (cv < cost[v]!) {
          cost[v] = cv;
          tl[v] = tl[u]! + eLen(e);
          pe[v] = e;
          depth[v] = depth[u]! + 1;
          heap.push(cv, v);
        }
      });
    }
    // 2. fundamental cycles of the non-tree edges that could be part of a loop
    const cycStart: number[] = [0];
    const cycEdges: number[] = [];
    const cycLen: number[] = [];
    for (let e = 0; e < M; e++) {
      if (e === e0 || isBridge(e)) continue;
      const u = eFrom(e);
      const v = eTo(e);
      if (!reached[u] || !reached[v] || pe[u] === e || pe[v] === e) continue;
      if (tl[u]! + tl[v]! + eLen(e) > hi) continue;
      const path = fundamentalCycle(e, u, v, pe, depth, other);
      let len = 0;
      for (const f of path) len += eLen(f);
      cycEdges.push(...path);
      cycStart.push(cycEdges.length);
      cycLen.push(len);
    }
    const K = cycLen.length;
    if (!K) continue;
    const flip = (k: number) => {
      for (let i = cycStart[k]!; i < cycStart[k + 1]!; i++) {
        const e = cycEdges[i]!;
        T += pos[e]! >= 0 ? -eLen(e) : eLen(e);
        toggleEdge(e);
      }
      work += cycStart[k + 1]! - cycStart[k]!;
    };
    // 3. tabu search over the toggles, from the empty set
    pos.fill(-1);
    size = 0;
    T = 0;
    const tabu = new Int32Array(K).fill(-1);
    for (let iter = 0; iter < 40 && work < q.budget && loops.length < maxLoops; iter++) {
      let best = -1;
      let bestF = Infinity;
      let bestW = Infinity;
      for (let k = 0; k < K && work < q.budget; k++) {
        if (tabu[k]! > iter) continue;
        flip(k);
        const W = connectors();
        const fk = violation(T, W);
        if (fk < bestF - 1e-9 || (fk < bestF + 1e-9 && W < bestW)) {
          bestF = fk;
          bestW = W;
          best = k;
        }
        flip(k);
      }
      if (best < 0) break;
      flip(best);
      tabu[best] = iter + 3;
      if (bestF > 1e-9) continue;
      // 4. a solution: Euler circuit of E1 + connectors doubled, from the start point
      const conn: number[] = [];
      const W = connectors(conn);
      const key = [...list.subarray(0, size)].sort((x, y) => x - y).join(',');
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      const multi = [...list.subarray(0, size), ...conn, ...conn];
      const walkSteps = euler(multi, S, eFrom, eTo);
      if (!walkSteps) continue;
      const steps: PathStep[] = [];
      let length = 0;
      for (const [e, from] of walkSteps) {
        let st: PathStep;
        if (e < m)
          st = g.edgeFrom[e] === from ? { edge: e, start: 0, end: g.edgeLength[e]! } : { edge: e, start: g.edgeLength[e]!, end: 0 };
        else if (e === HA) st = from === S ? { edge: e0, start: start.offset, end: 0 } : { edge: e0, start: 0, end: start.offset };
        else st = from === S ? { edge: e0, start: start.offset, end: L0 } : { edge: e0, start: L0, end: start.offset };
        if (st.start === st.end) continue;
        steps.push(st);
        length += Math.abs(st.end - st.start);
      }
      let far = a0;
      let farD = -1;
      for (let i = 0; i < size; i++) {
        const v = eFrom(list[i]!);
        if (v === S) continue;
        const d = Math.hypot(g.nodeX[v]! - g.nodeX[a0]!, g.nodeY[v]! - g.nodeY[a0]!);
        if (d > farD) {
          farD = d;
          far = v;
        }
      }
      loops.push({ steps, length, once: T, twice: W, far });
    }
  }
  return { loops, work };
}

/** Euler circuit (Hierholzer) of an edge multiset from `root`; [edge, from-node] per step, or null. */
function euler(edges: number[], root: number, from: (e: number) => number, to: (e: number) => number): [number, number][] | null {
  const adj = new Map<number, number[]>();
  edges.forEach((e, i) => {
    for (const v of [from(e), to(e)]) {
      let l = adj.get(v);
      if (!l) adj.set(v, (l = []));
      l.push(i);
    }
  });
  if (!adj.has(root)) return null;
  const used = new Uint8Array(edges.length);
  const ptr = new Map<number, number>();
  const nodeStack = [root];
  const instStack = [-1];
  const outNodes: number[] = [];
  const outInst: number[] = [];
  while (nodeStack.length) {
    const u = nodeStack[nodeStack.length - 1]!;
    const l = adj.get(u)!;
    let p = ptr.get(u) ?? 0;
    while (p < l.length && used[l[p]!]) p++;
    ptr.set(u, p);
    if (p < l.length) {
      const i = l[p]!;
      used[i] = 1;
      const e = edges[i]!;
      nodeStack.push(from(e) === u ? to(e) : from(e));
      instStack.push(i);
    } else {
      outNodes.push(nodeStack.pop()!);
      outInst.push(instStack.pop()!);
    }
  }
  if (outInst.length !== edges.length + 1) return null; // not connected
  outNodes.reverse();
  outInst.reverse();
  const res: [number, number][] = [];
  // outInst after reversal: [-1?] … the instance used to arrive at outNodes[i] is the one popped with it
  for (let i = 1; i < outNodes.length; i++) res.push([edges[outInst[i]!]!, outNodes[i - 1]!]);
  return res;
}
