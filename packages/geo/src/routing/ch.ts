import type { RunningGraph } from '../graph/graph.ts';
import type { PathResult, PathStep } from './search.ts';
import type { Snap } from './snap.ts';
import { TypedHeap } from './typed-heap.ts';

/**
 * Contraction hierarchy on the graph's base running cost (Geisberger et al. 2008), for the
 * planner's everyday query: a leg with no preferences and no penalties. Nodes are contracted one
 * by one in order of importance (edge difference + contracted neighbours, lazily updated); when a
 * node goes, a shortcut keeps the cost between two of its neighbours unless a witness search
 * finds a path at most as cheap around it. A query is then two small Dijkstra searches that only
 * climb to more important nodes, one from each end, meeting at the path's most important node.
 *
 * The running graph is undirected (costs are the same both ways), so one upward adjacency serves
 * both searches. Parallel ways keep the cheapest; a way from a junction back to itself is never
 * on a shortest path and is left out. Queries start and end mid-edge like the ALT router's: both
 * ends of the source edge seed the forward search and both ends of the target edge the backward
 * one, with the partial cost along the edge.
 */
export class ContractionHierarchy {
  /** contraction order of each node (0 = first contracted, least important) */
  readonly rank: Int32Array;
  /** CH edges: ends, cost, the original edge (−1 for a shortcut), and for a shortcut its middle node and the two edges it replaces */
  private readonly eA: Int32Array;
  private readonly eB: Int32Array;
  private readonly eOrig: Int32Array;
  private readonly eMid: Int32Array;
  private readonly eC1: Int32Array;
  private readonly eC2: Int32Array;
  /** upward CSR: for node u, the CH edges to more important nodes */
  private readonly upOff: Int32Array;
  private readonly upTo: Int32Array;
  private readonly upEdge: Int32Array;
  private readonly upCost: Float64Array;
  /** number of shortcuts added */
  readonly shortcuts: number;

  // query state, reused (generation stamps instead of clearing)
  private readonly fDist: Float64Array;
  private readonly bDist: Float64Array;
  private readonly fVia: Int32Array;
  private readonly bVia: Int32Array;
  private readonly fStamp: Uint32Array;
  private readonly bStamp: Uint32Array;
  private readonly fDone: Uint32Array;
  private readonly bDone: Uint32Array;
  private readonly fHeap = new TypedHeap(256);
  private readonly bHeap = new TypedHeap(256);
  private gen = 0;

  private constructor(
    readonly graph: RunningGraph,
    parts: {
      rank: Int32Array;
      eA: number[];
      eB: number[];
      eOrig: number[];
      eMid: number[];
      eC1: number[];
      eC2: number[];
      eCost: number[];
      up: number[][];
      shortcuts: number;
    },
  ) {
    const n = graph.nodeCount;
    this.rank = parts.rank;
    this.eA = Int32Array.from(parts.eA);
    this.eB = Int32Array.from(parts.eB);
    this.eOrig = Int32Array.from(parts.eOrig);
    this.eMid = Int32Array.from(parts.eMid);
    this.eC1 = Int32Array.from(parts.eC1);
    this.eC2 = Int32Array.from(parts.eC2);
    this.shortcuts = parts.shortcuts;
    this.upOff = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) this.upOff[v + 1] = this.upOff[v]! + parts.up[v]!.length;
    const total = this.upOff[n]!;
    this.upTo = new Int32Array(total);
    this.upEdge = new Int32Array(total);
    this.upCost = new Float64Array(total);
    for (let v = 0; v < n; v++) {
      let i = this.upOff[v]!;
      for (const e of parts.up[v]!) {
        this.upEdge[i] = e;
        this.upTo[i] = parts.eA[e] === v ? parts.eB[e]! : parts.eA[e]!;
        this.upCost[i] = parts.eCost[e]!;
        i++;
      }
    }
    this.fDist = new Float64Array(n);
    this.bDist = new Float64Array(n);
    this.fVia = new Int32Array(n);
    this.bVia = new Int32Array(n);
    this.fStamp = new Uint32Array(n);
    this.bStamp = new Uint32Array(n);
    this.fDone = new Uint32Array(n);
    this.bDone = new Uint32Array(n);
  }

  /** Contract every node of `g` (base running cost). */
  static build(g: RunningGraph): ContractionHierarchy {
    const n = g.nodeCount;
    const eA: number[] = [];
    const eB: number[] = [];
    const eOrig: number[] = [];
    const eMid: number[] = [];
    const eC1: number[] = [];
    const eC2: number[] = [];
    const eCost: number[] = [];
    /** remaining graph: neighbour → CH edge, only between nodes not contracted yet */
    const adj: Map<number, number>[] = Array.from({ length: n }, () => new Map());
    const addEdge = (a: number, b: number, cost: number, orig: number, mid: number, c1: number, c2: number) => {
      const id = eA.length;
      eA.push(a);
      eB.push(b);
      eCost.push(cost);
      eOrig.push(orig);
      eMid.push(mid);
      eC1.push(c1);
      eC2.push(c2);
      adj[a]!.set(b, id);
      adj[b]!.set(a, id);
      return id;
    };
    for (let e = 0; e < g.edgeCount; e++) {
      const a = g.edgeFrom[e]!;
      const b = g.edgeTo[e]!;
      if (a === b) continue;
      const c = g.edgeCost[e]!;
      const old = adj[a]!.get(b);
      if (old === undefined || eCost[old]! > c) addEdge(a, b, c, e, -1, -1, -1);
    }

    const contracted = new Uint8Array(n);
    const deletedNbrs = new Int32Array(n);
    // witness search state
    const wDist = new Float64Array(n);
    const wStamp = new Uint32Array(n);
    const wDone = new Uint32Array(n);
    const heap = new TypedHeap(256);
    let wGen = 0;
    const WITNESS_SETTLE_LIMIT = 400;

    /** cheapest distances from `src` avoiding `skip` and contracted nodes, up to `limit` (approximate beyond the settle limit) */
    const witness = (src: number, skip: number, limit: number) => {
      wGen++;
      heap.clear();
      wStamp[src] = wGen;
      wDist[src] = 0;
      heap.push(0, src);
      let settled = 0;
      while (heap.size > 0) {
        if (heap.minKey > limit) break;
        const u = heap.pop();
        if (wDone[u] === wGen) continue;
        wDone[u] = wGen;
        if (++settled > WITNESS_SETTLE_LIMIT) break;
        const du = wDist[u]!;
        for (const [v, e] of adj[u]!) {
          if (v === skip || wDone[v] === wGen) continue;
          const dv = du + eCost[e]!;
          if (wStamp[v] !== wGen || dv < wDist[v]!) {
            wStamp[v] = wGen;
            wDist[v] = dv;
            heap.push(dv, v);
          }
        }
      }
      return wGen;
    };
    const witnessDist = (v: number, gen: number) => (wStamp[v] === gen ? wDist[v]! : Infinity);

    /** the shortcuts contracting v would need: [u, w, cost, edge u–v, edge v–w] */
    const neededShortcuts = (v: number): [number, number, number, number, number][] => {
      const nbrs = [...adj[v]!];
      const out: [number, number, number, number, number][] = [];
      for (let i = 0; i < nbrs.length; i++) {
        const [u, eu] = nbrs[i]!;
        let limit = 0;
        for (let j = i + 1; j < nbrs.length; j++) limit = Math.max(limit, eCost[eu]! + eCost[nbrs[j]![1]]!);
        if (limit === 0) continue;
        const gen = witness(u, v, limit);
        for (let j = i + 1; j < nbrs.length; j++) {
          const [w, ew] = nbrs[j]!;
          const via = eCost[eu]! + eCost[ew]!;
          if (witnessDist(w, gen) > via) out.push([u, w, via, eu, ew]);
        }
      }
      return out;
    };
    const priority = (v: number) => neededShortcuts(v).length - adj[v]!.size + 2 * deletedNbrs[v]!;

    const queue = new TypedHeap(n);
    for (let v = 0; v < n; v++) queue.push(priority(v), v);
    const rank = new Int32Array(n);
    const up: number[][] = Array.from({ length: n }, () => []);
    let order = 0;
    let shortcuts = 0;
    while (queue.size > 0) {
      const v = queue.pop();
      if (contracted[v]) continue;
      // lazy update: contract v only if it is still the least important
      const p = priority(v);
      if (queue.size > 0 && p > queue.minKey) {
        queue.push(p, v);
        continue;
      }
      for (const [u, w, cost, eu, ew] of neededShortcuts(v)) {
        const old = adj[u]!.get(w);
        if (old !== undefined && eCost[old]! <= cost) continue;
        addEdge(u, w, cost, -1, v, eu, ew);
        shortcuts++;
      }
      // v's remaining edges all lead to more important nodes: its upward edges
      for (const [u, e] of adj[v]!) {
        up[v]!.push(e);
        adj[u]!.delete(v);
        deletedNbrs[u]!++;
      }
      adj[v]!.clear();
      contracted[v] = 1;
      rank[v] = order++;
    }
    return new ContractionHierarchy(g, { rank, eA, eB, eOrig, eMid, eC1, eC2, eCost, up, shortcuts });
  }

  /**
   * Cheapest path (base running cost) between two snapped points, or null when they are not
   * connected. Same result shape as `Router.route`.
   */
  route(from: Snap, to: Snap): PathResult | null {
    const g = this.graph;
    const srcE = from.edge;
    const dstE = to.edge;
    const srcLen = g.edgeLength[srcE]!;
    const dstLen = g.edgeLength[dstE]!;
    const srcK = srcLen > 0 ? g.edgeCost[srcE]! / srcLen : 1;
    const dstK = dstLen > 0 ? g.edgeCost[dstE]! / dstLen : 1;
    const gen = ++this.gen;
    if (gen === 0xffffffff) {
      for (const a of [this.fStamp, this.bStamp, this.fDone, this.bDone]) a.fill(0);
      this.gen = 1;
    }
    const { fDist, bDist, fVia, bVia, fStamp, bStamp, fDone, bDone, fHeap, bHeap, upOff, upTo, upEdge, upCost } = this;
    fHeap.clear();
    bHeap.clear();
    let best = Infinity;
    let meet = -2; // -1 = along the shared edge
    if (srcE === dstE) {
      best = Math.abs(to.offset - from.offset) * srcK;
      meet = -1;
    }
    const seed = (dist: Float64Array, via: Int32Array, stamp: Uint32Array, heap: TypedHeap, v: number, d: number) => {
      if (stamp[v] === gen && dist[v]! <= d) return;
      stamp[v] = gen;
      dist[v] = d;
      via[v] = -1;
      heap.push(d, v);
    };
    seed(fDist, fVia, fStamp, fHeap, g.edgeFrom[srcE]!, from.offset * srcK);
    seed(fDist, fVia, fStamp, fHeap, g.edgeTo[srcE]!, (srcLen - from.offset) * srcK);
    seed(bDist, bVia, bStamp, bHeap, g.edgeFrom[dstE]!, to.offset * dstK);
    seed(bDist, bVia, bStamp, bHeap, g.edgeTo[dstE]!, (dstLen - to.offset) * dstK);

    let settled = 0;
    for (;;) {
      const fk = fHeap.minKey;
      const bk = bHeap.minKey;
      if (Math.min(fk, bk) >= best) break;
      const forward = fk <= bk;
      const heap = forward ? fHeap : bHeap;
      const dist = forward ? fDist : bDist;
      const via = forward ? fVia : bVia;
      const stamp = forward ? fStamp : bStamp;
      const done = forward ? fDone : bDone;
      const otherDist = forward ? bDist : fDist;
      const otherStamp = forward ? bStamp : fStamp;
      const u = heap.pop();
      if (done[u] === gen) continue;
      done[u] = gen;
      settled++;
      const du = dist[u]!;
      if (otherStamp[u] === gen && du + otherDist[u]! < best) {
        best = du + otherDist[u]!;
        meet = u;
      }
      for (let i = upOff[u]!, end = upOff[u + 1]!; i < end; i++) {
        const v = upTo[i]!;
        const dv = du + upCost[i]!;
        if (stamp[v] !== gen || dv < dist[v]!) {
          stamp[v] = gen;
          dist[v] = dv;
          via[v] = upEdge[i]!;
          heap.push(dv, v);
        }
      }
    }
    if (meet === -2) return null;

    const steps: PathStep[] = [];
    if (meet === -1) {
      steps.push({ edge: srcE, start: from.offset, end: to.offset });
    } else {
      // CH edges from the forward seed up to the meeting node, then down to the backward seed
      const upChain: [number, number][] = []; // [CH edge, node it is walked from]
      let v = meet;
      while (fVia[v] !== -1) {
        const e = fVia[v]!;
        const w = this.eA[e] === v ? this.eB[e]! : this.eA[e]!;
        upChain.push([e, w]);
        v = w;
      }
      const startNode = v;
      const orig: [number, number][] = []; // [original edge, node it is walked from]
      for (let i = upChain.length - 1; i >= 0; i--) this.unpack(upChain[i]![0], upChain[i]![1], orig);
      v = meet;
      while (bVia[v] !== -1) {
        const e = bVia[v]!;
        this.unpack(e, v, orig);
        v = this.eA[e] === v ? this.eB[e]! : this.eA[e]!;
      }
      const endNode = v;
      steps.push({ edge: srcE, start: from.offset, end: startNode === g.edgeFrom[srcE] ? 0 : srcLen });
      for (const [e, at] of orig) {
        const len = g.edgeLength[e]!;
        const fwd = g.edgeFrom[e] === at;
        steps.push({ edge: e, start: fwd ? 0 : len, end: fwd ? len : 0 });
      }
      steps.push({ edge: dstE, start: endNode === g.edgeFrom[dstE] ? 0 : dstLen, end: to.offset });
    }
    const clean = steps.filter((s) => s.start !== s.end);
    let length = 0;
    for (const s of clean) length += Math.abs(s.end - s.start);
    return { steps: clean, cost: best, length, settled };
  }

  /** Append the original edges of CH edge `e`, walked from its end `at`, to `out` (no recursion). */
  private unpack(e: number, at: number, out: [number, number][]) {
    const stack: [number, number][] = [[e, at]];
    while (stack.length) {
      const [x, from] = stack.pop()!;
      const o = this.eOrig[x]!;
      if (o >= 0) {
        out.push([o, from]);
        continue;
      }
      const mid = this.eMid[x]!;
      // eC1 joins eA–mid, eC2 joins mid–eB; push the second half first (stack order)
      if (from === this.eA[x]) {
        stack.push([this.eC2[x]!, mid], [this.eC1[x]!, from]);
      } else {
        stack.push([this.eC1[x]!, mid], [this.eC2[x]!, from]);
      }
    }
  }
}
