import { withContractionRank } from '../graph/build.ts';
import { RunningGraph } from '../graph/graph.ts';
import type { PathResult, PathStep } from './search.ts';
import { joinAt, type Snap } from './snap.ts';
import { TypedHeap } from './typed-heap.ts';

/**
 * Contraction hierarchy on the graph's base running cost (Geisberger et al. 2008), for the
 * planner's everyday query: a leg with no preferences and no penalties. Nodes are contracted one
 * by one in order of importance (edge difference + contracted neighbours, lazily updated); when a
 * node goes, a shortcut keeps the cost between two of its neighbours unless a witness search
 * finds a path at most as cheap around it. A query is then two small Dijkstra searches that only
 * climb to more important nodes, one from each end, meeting at the path's most important node.
 *
 * On large graphs the most important nodes (the core, `defaultCoreSize`: ~1 % of the nodes, at
 * most 2,048) are not contracted: that dense top is where contraction costs most and where long
 * queries settled most of their nodes. A table holds the cost between every two core nodes, and
 * a query's searches stop at the core: its cost is the best of the meetings below the core and of
 * forward cost to a core node + table + backward cost from a core node (core-based methods such
 * as Core-ALT search inside an uncontracted core with landmarks; a table, as transit-node
 * routing keeps between its access nodes, is cheaper per query for a core this small).
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
  /**
   * upward CSR in rank order (index r = the node of rank r): the CH edges to more important
   * nodes, their far end's rank and cost. Queries climb towards the top ranks, so numbering the
   * query state by rank keeps what every search touches (the dense top of the hierarchy) together
   * in memory.
   */
  private readonly upOff: Int32Array;
  private readonly upTo: Int32Array;
  private readonly upEdge: Int32Array;
  private readonly upCost: Float64Array;
  /** the graph node of rank r */
  private readonly nodeAt: Int32Array;
  /** number of shortcuts added */
  readonly shortcuts: number;
  /**
   * The core: the top `coreSize` ranks are not contracted. A table holds the cost between every
   * two core nodes (`coreDist`, the upper triangle by core index = rank − coreStart, see
   * `triangleRow`: costs are the same both ways) and, in row a, the core node before b on the
   * cheapest path from a to b, for b > a (`corePred`, full rows of which only b > a and the nodes
   * on those paths are filled); `coreOff`/`coreTo`/`coreEdge` are the core's own adjacency (CH
   * edges between core nodes), for unpacking a path through it.
   */
  readonly coreSize: number;
  private readonly coreStart: number;
  private readonly coreDist: Float64Array;
  private readonly corePred: Uint16Array;
  private readonly coreOff: Int32Array;
  private readonly coreTo: Int32Array;
  private readonly coreEdge: Int32Array;
  // core nodes reached by the forward / backward search (ranks), and the backward ones' costs
  private readonly fCore: Int32Array;
  private readonly bCore: Int32Array;
  private readonly bCoreIdx: Int32Array;
  private readonly bCoreRow: Int32Array;
  private readonly bCoreDist: Float64Array;
  private fCoreCount = 0;
  private bCoreCount = 0;

  // query state by rank, reused (generation stamps instead of clearing)
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
  // unpacking: a stack of (CH edge, node it is walked from) and the original edges found
  private stackE = new Int32Array(64);
  private stackAt = new Int32Array(64);
  private pathE = new Int32Array(256);
  private pathAt = new Int32Array(256);
  private pathLen = 0;

  private constructor(
    readonly graph: RunningGraph,
    parts: ChParts,
  ) {
    const n = graph.nodeCount;
    const rank = parts.rank;
    this.rank = rank;
    this.eA = parts.eA;
    this.eB = parts.eB;
    this.eOrig = parts.eOrig;
    this.eMid = parts.eMid;
    this.eC1 = parts.eC1;
    this.eC2 = parts.eC2;
    this.shortcuts = parts.shortcuts;
    this.coreSize = parts.coreSize;
    this.coreStart = n - parts.coreSize;
    this.coreDist = parts.coreDist;
    this.corePred = parts.corePred;
    this.coreOff = parts.coreOff;
    this.coreTo = parts.coreTo;
    this.coreEdge = parts.coreEdge;
    this.fCore = new Int32Array(parts.coreSize);
    this.bCore = new Int32Array(parts.coreSize);
    this.bCoreIdx = new Int32Array(parts.coreSize);
    this.bCoreRow = new Int32Array(parts.coreSize);
    this.bCoreDist = new Float64Array(parts.coreSize);
    this.nodeAt = new Int32Array(n);
    for (let v = 0; v < n; v++) this.nodeAt[rank[v]!] = v;
    this.upOff = new Int32Array(n + 1);
    const k = parts.upNode.length;
    for (let i = 0; i < k; i++) this.upOff[rank[parts.upNode[i]!]! + 1]!++;
    for (let r = 0; r < n; r++) this.upOff[r + 1]! += this.upOff[r]!;
    this.upTo = new Int32Array(k);
    this.upEdge = new Int32Array(k);
    this.upCost = new Float64Array(k);
    const fill = this.upOff.slice(0, n);
    for (let i = 0; i < k; i++) {
      const v = parts.upNode[i]!;
      const e = parts.upEdgeOf[i]!;
      const at = fill[rank[v]!]!++;
      this.upEdge[at] = e;
      this.upTo[at] = rank[parts.eA[e] === v ? parts.eB[e]! : parts.eA[e]!]!;
      this.upCost[at] = parts.eCost[e]!;
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

  /**
   * Contract every node of `g` (base running cost). Node order: a priority queue on
   * (shortcuts added − edges removed) + (original edges the shortcuts stand for / original edges
   * removed) + level (one more than the highest level among already contracted neighbours): the
   * edge difference and hop ratio keep the graph sparse, the level spreads contraction evenly so
   * the hierarchy stays shallow and queries settle few nodes. (The edge difference replaced
   * 2 × added / removed: on a generated 100k-node grid the build is ~1.6× faster, 1 % fewer
   * shortcuts, 4 % more nodes settled per query.) Priorities are estimated with a small witness
   * budget (ESTIMATE_LIMIT) and updated lazily: a node popped from the queue is re-evaluated —
   * only if a neighbour was contracted since its last evaluation — and goes back in when it is no
   * longer the least important (measured: half the work of recomputing every neighbour after
   * each contraction, for the same query search spaces). A shortcut u–w is added unless a
   * witness search from u (a Dijkstra on the remaining graph without v, stopped after
   * `settleLimit` nodes or beyond the costliest via path) reaches w at most as cheaply; stopping
   * early only adds shortcuts, never loses a shortest path. Contraction stops when `coreSize`
   * nodes are left (default `defaultCoreSize`); they are the core (see the class comment).
   *
   * `rank` (default: the graph's stored order, `g.chRank`, which the region builder writes with
   * `withHierarchyOrder`; `null` computes one): contract in that order instead — no priorities,
   * no lazy updates, only the contraction's own witness searches. Any order gives exact answers;
   * the builder's own order gives the same hierarchy (the same shortcuts) in well under half the
   * time (measured on the generated 1M-node network: 20.8 against 46.9 s CPU in one sitting).
   */
  static build(
    g: RunningGraph,
    options: { settleLimit?: number; estimateLimit?: number; coreSize?: number; rank?: ArrayLike<number> | null } = {},
  ): ContractionHierarchy {
    const settle = options.settleLimit ?? 250;
    const core = Math.max(0, Math.min(g.nodeCount, MAX_CORE, Math.floor(options.coreSize ?? defaultCoreSize(g.nodeCount))));
    const rank = options.rank === undefined ? g.chRank : options.rank;
    let order: Int32Array | undefined;
    if (rank) {
      if (rank.length !== g.nodeCount) throw new RangeError(`contraction order: ${rank.length} ranks for ${g.nodeCount} nodes`);
      order = new Int32Array(g.nodeCount).fill(-1);
      for (let v = 0; v < g.nodeCount; v++) {
        const r = rank[v]!;
        if (!(r >= 0 && r < g.nodeCount) || order[r] !== -1) throw new RangeError('contraction order: not a permutation of the nodes');
        order[r] = v;
      }
    }
    return new ContractionHierarchy(
      g,
      new ChBuilder(g, settle, Math.min(settle, options.estimateLimit ?? ESTIMATE_LIMIT)).run(core, order),
    );
  }

  private seed(forward: boolean, v: number, d: number, gen: number) {
    const r = this.rank[v]!;
    const dist = forward ? this.fDist : this.bDist;
    const stamp = forward ? this.fStamp : this.bStamp;
    if (stamp[r] === gen && dist[r]! <= d) return;
    if (r >= this.coreStart && stamp[r] !== gen) {
      if (forward) this.fCore[this.fCoreCount++] = r;
      else this.bCore[this.bCoreCount++] = r;
    }
    stamp[r] = gen;
    dist[r] = d;
    (forward ? this.fVia : this.bVia)[r] = -1;
    if (r < this.coreStart) (forward ? this.fHeap : this.bHeap).push(d, r);
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
    let gen = ++this.gen;
    if (gen === 0xffffffff) {
      this.fStamp.fill(0);
      this.bStamp.fill(0);
      this.fDone.fill(0);
      this.bDone.fill(0);
      gen = this.gen = 1;
    }
    const { fDist, bDist, fVia, bVia, fStamp, bStamp, fDone, bDone, fHeap, bHeap, upOff, upTo, upEdge, upCost } = this;
    fHeap.clear();
    bHeap.clear();
    this.fCoreCount = 0;
    this.bCoreCount = 0;
    const { coreStart, fCore, bCore } = this;
    let best = Infinity;
    let meet = -2; // -1 = along the shared edge
    if (srcE === dstE) {
      best = Math.abs(to.offset - from.offset) * srcK;
      meet = -1;
    }
    this.seed(true, g.edgeFrom[srcE]!, from.offset * srcK, gen);
    this.seed(true, g.edgeTo[srcE]!, (srcLen - from.offset) * srcK, gen);
    this.seed(false, g.edgeFrom[dstE]!, to.offset * dstK, gen);
    this.seed(false, g.edgeTo[dstE]!, (dstLen - to.offset) * dstK, gen);

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
      const start = upOff[u]!;
      const end = upOff[u + 1]!;
      // stall-on-demand: when a more important node this search already reached gets to u more
      // cheaply (over the edge between them, downwards), u's key is no shortest up-path distance
      // and nothing beyond it needs exploring; the nodes on the shortest path are never stalled
      let stalled = false;
      for (let i = start; i < end; i++) {
        const x = upTo[i]!;
        if (stamp[x] === gen && dist[x]! + upCost[i]! < du) {
          stalled = true;
          break;
        }
      }
      if (stalled) continue;
      if (otherStamp[u] === gen && du + otherDist[u]! < best) {
        best = du + otherDist[u]!;
        meet = u;
      }
      for (let i = start; i < end; i++) {
        const x = upTo[i]!;
        const dx = du + upCost[i]!;
        if (dx >= best) continue; // cannot lead to a cheaper meeting
        if (stamp[x] !== gen) {
          stamp[x] = gen;
          dist[x] = dx;
          via[x] = upEdge[i]!;
          // a core node is not searched from: its cost is combined through the table below
          if (x < coreStart) heap.push(dx, x);
          else if (forward) fCore[this.fCoreCount++] = x;
          else bCore[this.bCoreCount++] = x;
        } else if (dx < dist[x]!) {
          dist[x] = dx;
          via[x] = upEdge[i]!;
          if (x < coreStart) heap.push(dx, x);
        }
      }
    }
    // paths through the core: forward cost to a core node a + table a → b + backward cost from b
    let coreA = -1;
    let coreB = -1;
    const fc = this.fCoreCount;
    const bc = this.bCoreCount;
    if (fc > 0 && bc > 0) {
      const { coreDist, bCoreIdx, bCoreRow, bCoreDist, coreSize } = this;
      let bMin = Infinity;
      for (let j = 0; j < bc; j++) {
        const r = bCore[j]!;
        const bi = r - coreStart;
        bCoreIdx[j] = bi;
        bCoreRow[j] = triangleRow(bi, coreSize);
        bCoreDist[j] = bDist[r]!;
        if (bDist[r]! < bMin) bMin = bDist[r]!;
      }
      for (let i = 0; i < fc; i++) {
        const a = fCore[i]!;
        const da = fDist[a]!;
        if (da + bMin >= best) continue;
        const ai = a - coreStart;
        const row = triangleRow(ai, coreSize);
        for (let j = 0; j < bc; j++) {
          const bi = bCoreIdx[j]!;
          const c = da + coreDist[bi >= ai ? row + bi : bCoreRow[j]! + ai]! + bCoreDist[j]!;
          if (c < best) {
            best = c;
            coreA = a;
            coreB = bCore[j]!;
          }
        }
      }
      if (coreA >= 0) meet = coreA;
    }
    if (meet === -2) return null;

    const steps: PathStep[] = [];
    let length = 0;
    const step = (edge: number, start: number, end: number) => {
      if (start === end) return;
      steps.push({ edge, start, end });
      length += Math.abs(end - start);
    };
    if (meet === -1) {
      step(srcE, from.offset, to.offset);
    } else {
      const { eA, eB, rank, nodeAt } = this;
      // CH edges from the forward seed up to the meeting node (collected top-down, unpacked
      // bottom-up), then down to the backward seed
      this.pathLen = 0;
      let r = meet;
      let chain = 0;
      while (fVia[r] !== -1) {
        const e = fVia[r]!;
        const v = nodeAt[r]!;
        const w = eA[e] === v ? eB[e]! : eA[e]!;
        this.pushStack(chain++, e, w); // the stack doubles as the chain store here
        r = rank[w]!;
      }
      const startNode = nodeAt[r]!;
      // move the chain out of the stack before unpacking reuses it
      const chainE = this.stackE.slice(0, chain);
      const chainAt = this.stackAt.slice(0, chain);
      for (let i = chain - 1; i >= 0; i--) this.unpack(chainE[i]!, chainAt[i]!);
      r = meet;
      if (coreA >= 0) {
        this.unpackCore(coreA, coreB);
        r = coreB;
      }
      while (bVia[r] !== -1) {
        const e = bVia[r]!;
        const v = nodeAt[r]!;
        this.unpack(e, v);
        r = rank[eA[e] === v ? eB[e]! : eA[e]!]!;
      }
      const endNode = nodeAt[r]!;
      step(srcE, from.offset, joinAt(g, srcE, from.offset, startNode));
      const { pathE, pathAt, pathLen } = this;
      for (let i = 0; i < pathLen; i++) {
        const e = pathE[i]!;
        const len = g.edgeLength[e]!;
        const fwd = g.edgeFrom[e] === pathAt[i];
        step(e, fwd ? 0 : len, fwd ? len : 0);
      }
      step(dstE, joinAt(g, dstE, to.offset, endNode), to.offset);
    }
    return { steps, cost: best, length, settled };
  }

  /** Append the original edges of the cheapest core path from rank a to rank b (both core nodes). */
  private unpackCore(a: number, b: number) {
    if (a === b) return;
    const { coreStart, coreSize, corePred, coreOff, coreTo, coreEdge, nodeAt } = this;
    const ai = a - coreStart;
    const bi = b - coreStart;
    // the predecessors are kept in the row of the smaller index: walking them from the other end
    // goes towards the row's node
    const root = Math.min(ai, bi);
    const row = root * coreSize;
    const edges: number[] = [];
    const from: number[] = [];
    let x = Math.max(ai, bi);
    while (x !== root) {
      const p = corePred[row + x]!;
      let e = -1;
      for (let k = coreOff[p]!, end = coreOff[p + 1]!; k < end; k++) {
        if (coreTo[k] === x) {
          e = coreEdge[k]!;
          break;
        }
      }
      edges.push(e);
      from.push(nodeAt[(ai < bi ? p : x) + coreStart]!);
      x = p;
    }
    if (ai < bi) for (let i = edges.length - 1; i >= 0; i--) this.unpack(edges[i]!, from[i]!);
    else for (let i = 0; i < edges.length; i++) this.unpack(edges[i]!, from[i]!);
  }

  private pushStack(at: number, e: number, from: number) {
    if (at === this.stackE.length) {
      this.stackE = grow(this.stackE, at * 2);
      this.stackAt = grow(this.stackAt, at * 2);
    }
    this.stackE[at] = e;
    this.stackAt[at] = from;
  }

  /** Append the original edges of CH edge `e`, walked from its end `at`, to the path (no recursion). */
  private unpack(e: number, at: number) {
    const { eOrig, eMid, eA, eC1, eC2 } = this;
    let top = 0;
    this.pushStack(top++, e, at);
    while (top > 0) {
      top--;
      const x = this.stackE[top]!;
      const from = this.stackAt[top]!;
      const o = eOrig[x]!;
      if (o >= 0) {
        if (this.pathLen === this.pathE.length) {
          this.pathE = grow(this.pathE, this.pathLen * 2);
          this.pathAt = grow(this.pathAt, this.pathLen * 2);
        }
        this.pathE[this.pathLen] = o;
        this.pathAt[this.pathLen++] = from;
        continue;
      }
      const mid = eMid[x]!;
      // eC1 joins eA–mid, eC2 joins mid–eB; push the second half first (stack order)
      if (from === eA[x]) {
        this.pushStack(top++, eC2[x]!, mid);
        this.pushStack(top++, eC1[x]!, from);
      } else {
        this.pushStack(top++, eC1[x]!, mid);
        this.pushStack(top++, eC2[x]!, from);
      }
    }
  }
}

/** witness-search budget (settled nodes) when only estimating a node's priority */
const ESTIMATE_LIMIT = 40;
/** up to this many open targets a witness search tests each one's ellipse before pushing a node */
const FEW_TARGETS = 8;
/** largest core (its table takes ~6 bytes per ordered pair: 24 MiB at 2,048 core nodes, 96 MiB at this size) */
const MAX_CORE = 4096;

/**
 * Core size by graph size: none below 20k nodes (the top of the hierarchy is small there and
 * queries are already fast), ~1 % of the nodes up to 2,048 (a 24 MiB table; measured on the generated 1M
 * network: 2,896 nodes built 6 % faster and settled 354 instead of 424 nodes per query, for
 * a 48 MiB table).
 */
export function defaultCoreSize(n: number): number {
  return n < 20_000 ? 0 : Math.min(2048, Math.floor(n / 100));
}

interface ChParts {
  rank: Int32Array;
  eA: Int32Array;
  eB: Int32Array;
  eOrig: Int32Array;
  eMid: Int32Array;
  eC1: Int32Array;
  eC2: Int32Array;
  eCost: Float64Array;
  upNode: Int32Array;
  upEdgeOf: Int32Array;
  shortcuts: number;
  coreSize: number;
  coreDist: Float64Array;
  corePred: Uint16Array;
  coreOff: Int32Array;
  coreTo: Int32Array;
  coreEdge: Int32Array;
}

function grow<T extends Int32Array | Float64Array | Uint32Array>(x: T, size: number): T {
  const y = new (x.constructor as new (n: number) => T)(size);
  y.set(x);
  return y;
}

/**
 * The contraction itself, on typed arrays only (no per-node objects): CH edges in growable
 * arrays, the remaining graph as per-node slices of (neighbour, edge, cost) in one pool (a full
 * slice moves to the pool's end with twice the room), and the witness searches' state.
 *
 * Nodes are numbered locally (`ids` maps back to the graph's node): whenever the remaining graph
 * has shrunk to half of the numbering, it is renumbered densely (same relative order, so the
 * Hilbert locality of graph.bin stays) and its pool rewritten, so the searches of the late,
 * dense phases run on small arrays instead of touching state spread over every node.
 */
class ChBuilder {
  // CH edges (ends are graph nodes)
  private eCount = 0;
  private eA: Int32Array;
  private eB: Int32Array;
  private eCost: Float64Array;
  private eOrig: Int32Array;
  private eMid: Int32Array;
  private eC1: Int32Array;
  private eC2: Int32Array;
  private eHops: Int32Array;
  // local numbering → graph node
  private ids: Int32Array;
  // remaining graph (local ids)
  private aStart: Int32Array;
  private aLen: Int32Array;
  private aCap: Int32Array;
  private pN: Int32Array;
  private pE: Int32Array;
  private pC: Float64Array;
  private pUsed = 0;
  // witness searches: wStamp = wGen when reached, wGen + 1 when settled
  private wDist: Float64Array;
  private wStamp: Uint32Array;
  private target: Uint32Array;
  private tVia: Float64Array;
  private readonly heap = new TypedHeap(256);
  private wGen = 0;
  // the neighbours of the node under examination and the shortcuts it needs (index pairs)
  private nbr = new Int32Array(64);
  private nbrEdge = new Int32Array(64);
  private nbrCost = new Float64Array(64);
  private nbrCount = 0;
  private pairI = new Int32Array(256);
  private pairJ = new Int32Array(256);
  private pairCount = 0;
  private level: Int32Array;
  // projected coordinates (m) of the local nodes, and the cost per straight-line metre at least
  private X: Float64Array;
  private Y: Float64Array;
  private readonly hScale: number;

  constructor(
    private readonly g: RunningGraph,
    private readonly settleLimit: number,
    private readonly estimateLimit: number,
  ) {
    const n = g.nodeCount;
    const cap = Math.max(16, g.edgeCount * 2);
    this.eA = new Int32Array(cap);
    this.eB = new Int32Array(cap);
    this.eCost = new Float64Array(cap);
    this.eOrig = new Int32Array(cap);
    this.eMid = new Int32Array(cap);
    this.eC1 = new Int32Array(cap);
    this.eC2 = new Int32Array(cap);
    this.eHops = new Int32Array(cap);
    this.ids = new Int32Array(n);
    for (let v = 0; v < n; v++) this.ids[v] = v;
    this.aStart = new Int32Array(n);
    this.aLen = new Int32Array(n);
    this.aCap = new Int32Array(n);
    let at = 0;
    for (let v = 0; v < n; v++) {
      const c = Math.max(4, 2 * (g.adjOffset[v + 1]! - g.adjOffset[v]!));
      this.aStart[v] = at;
      this.aCap[v] = c;
      at += c;
    }
    this.pUsed = at;
    const size = Math.max(16, Math.ceil(at * 1.5));
    this.pN = new Int32Array(size);
    this.pE = new Int32Array(size);
    this.pC = new Float64Array(size);
    this.wDist = new Float64Array(n);
    this.wStamp = new Uint32Array(n);
    this.target = new Uint32Array(n);
    this.tVia = new Float64Array(n);
    this.level = new Int32Array(n);
    this.X = Float64Array.from(g.nodeX);
    this.Y = Float64Array.from(g.nodeY);
    this.hScale = g.minCostFactor * 0.99;
  }

  private addEdge(a: number, b: number, cost: number, orig: number, mid: number, c1: number, c2: number, hops: number): number {
    if (this.eCount === this.eA.length) {
      const size = this.eA.length * 2;
      this.eA = grow(this.eA, size);
      this.eB = grow(this.eB, size);
      this.eCost = grow(this.eCost, size);
      this.eOrig = grow(this.eOrig, size);
      this.eMid = grow(this.eMid, size);
      this.eC1 = grow(this.eC1, size);
      this.eC2 = grow(this.eC2, size);
      this.eHops = grow(this.eHops, size);
    }
    const id = this.eCount++;
    this.eA[id] = a;
    this.eB[id] = b;
    this.eCost[id] = cost;
    this.eOrig[id] = orig;
    this.eMid[id] = mid;
    this.eC1[id] = c1;
    this.eC2[id] = c2;
    this.eHops[id] = hops;
    return id;
  }

  /** slot of neighbour w in v's slice, or −1 */
  private slot(v: number, w: number): number {
    const pN = this.pN;
    for (let k = this.aStart[v]!, end = k + this.aLen[v]!; k < end; k++) if (pN[k] === w) return k;
    return -1;
  }

  private link(v: number, w: number, e: number, cost: number) {
    if (this.aLen[v] === this.aCap[v]) {
      const c = this.aCap[v]! * 2;
      if (this.pUsed + c > this.pN.length) {
        const size = Math.max(this.pN.length * 2, this.pUsed + c);
        this.pN = grow(this.pN, size);
        this.pE = grow(this.pE, size);
        this.pC = grow(this.pC, size);
      }
      const s = this.aStart[v]!;
      const l = this.aLen[v]!;
      this.pN.copyWithin(this.pUsed, s, s + l);
      this.pE.copyWithin(this.pUsed, s, s + l);
      this.pC.copyWithin(this.pUsed, s, s + l);
      this.aStart[v] = this.pUsed;
      this.aCap[v] = c;
      this.pUsed += c;
    }
    // keep the slice sorted by cost: a search stops scanning a node's edges at the first too costly one
    const s0 = this.aStart[v]!;
    let at = s0 + this.aLen[v]!++;
    const { pN, pE, pC } = this;
    while (at > s0 && pC[at - 1]! > cost) {
      pN[at] = pN[at - 1]!;
      pE[at] = pE[at - 1]!;
      pC[at] = pC[at - 1]!;
      at--;
    }
    pN[at] = w;
    pE[at] = e;
    pC[at] = cost;
  }

  private arcsFix(a: number, b: number, id: number, c: number) {
    this.link(a, b, id, c);
    this.link(b, a, id, c);
  }

  private unlink(v: number, w: number) {
    const k = this.slot(v, w);
    if (k < 0) return;
    const last = this.aStart[v]! + --this.aLen[v]!;
    this.pN.copyWithin(k, k + 1, last + 1);
    this.pE.copyWithin(k, k + 1, last + 1);
    this.pC.copyWithin(k, k + 1, last + 1);
  }

  /**
   * The shortcuts contracting v needs, into pairI/pairJ (indices into nbr). One witness search
   * per neighbour u (to the neighbours after it): a target w counts as witnessed as soon as the
   * search *reaches* it at a cost ≤ c(u,v) + c(v,w) — a tentative distance is the cost of a real
   * path, so it need not be settled (a direct edge u–w is seen when u itself is settled). The
   * search stops when every target is witnessed or settled, after `limit` settled nodes, or when
   * the queue's minimum exceeds the costliest via path among the targets still open. Returns
   * false when a search stopped at `limit` (a larger budget might find more witnesses).
   */
  private needed(v: number, limit: number): boolean {
    const d = this.aLen[v]!;
    if (d > this.nbr.length) {
      this.nbr = new Int32Array(d * 2);
      this.nbrEdge = new Int32Array(d * 2);
      this.nbrCost = new Float64Array(d * 2);
    }
    const nbr = this.nbr;
    const nbrCost = this.nbrCost;
    const s0 = this.aStart[v]!;
    // costliest neighbour first (the slice is sorted by cost): each search then reaches only as
    // far as its own cost plus the next one's, not plus the costliest's
    for (let k = 0; k < d; k++) {
      nbr[k] = this.pN[s0 + d - 1 - k]!;
      this.nbrEdge[k] = this.pE[s0 + d - 1 - k]!;
      nbrCost[k] = this.pC[s0 + d - 1 - k]!;
    }
    this.nbrCount = d;
    this.pairCount = 0;
    const { wDist, wStamp, target, tVia, heap, aStart, aLen, X, Y } = this;
    const vx = X[v]!;
    const vy = Y[v]!;
    const h2 = this.hScale * this.hScale;
    const pN = this.pN;
    const pC = this.pC;
    let exact = true;
    for (let i = 0; i + 1 < d; i++) {
      const ci = nbrCost[i]!;
      if (this.wGen >= 0xfffffff0) {
        wStamp.fill(0);
        target.fill(0);
        this.wGen = 0;
      }
      const gen = (this.wGen += 2);
      const done = gen + 1;
      let bound = 0;
      let targets = 0;
      for (let j = i + 1; j < d; j++) {
        const w = nbr[j]!;
        const via = ci + nbrCost[j]!;
        if (via > bound) bound = via;
        target[w] = gen;
        tVia[w] = via;
        targets++;
      }
      const src = nbr[i]!;
      heap.clear();
      wStamp[v] = done; // the search goes around v
      wStamp[src] = gen;
      wDist[src] = 0;
      heap.push(0, src);
      let settled = 0;
      search: while (heap.size > 0) {
        if (heap.minKey > bound) break;
        const u = heap.pop();
        if (wStamp[u] === done) continue;
        wStamp[u] = done;
        if (target[u] === gen) {
          // settled without a witness: no cheaper path exists, this target is decided
          target[u] = 0;
          if (--targets === 0) break;
          if (tVia[u] === bound) bound = this.openBound(i, gen);
        }
        if (++settled > limit) {
          exact = false;
          break;
        }
        const du = wDist[u]!;
        for (let k = aStart[u]!, end = k + aLen[u]!; k < end; k++) {
          const dx = du + pC[k]!;
          if (dx > bound) break; // the slice is sorted by cost
          const x = pN[k]!;
          const sx = wStamp[x]!;
          if (sx === done) continue;
          if (sx !== gen || dx < wDist[x]!) {
            wStamp[x] = gen;
            wDist[x] = dx;
            if (target[x] === gen && dx <= tVia[x]!) {
              target[x] = 0; // witnessed
              if (--targets === 0) break search;
              if (tVia[x] === bound) bound = this.openBound(i, gen);
            }
            // x can only lead to a witness for target w if dx + d(x, w) ≤ ci + c(v, w), and
            // d(x, w) ≥ |x v| × minimum cost factor − c(v, w): outside that ellipse around u and
            // v nothing useful lies (pruning only ever adds shortcuts, never loses a path)
            const room = 2 * bound - ci - dx;
            const ex = X[x]! - vx;
            const ey = Y[x]! - vy;
            if ((ex * ex + ey * ey) * h2 > room * room) continue;
            if (targets <= FEW_TARGETS && !this.towardsTarget(i, gen, x, dx)) continue;
            heap.push(dx, x);
          }
        }
      }
      for (let j = i + 1; j < d; j++) {
        const w = nbr[j]!;
        if (!(wStamp[w]! >= gen && wDist[w]! <= ci + nbrCost[j]!)) {
          if (this.pairCount === this.pairI.length) {
            this.pairI = grow(this.pairI, this.pairCount * 2);
            this.pairJ = grow(this.pairJ, this.pairCount * 2);
          }
          this.pairI[this.pairCount] = i;
          this.pairJ[this.pairCount++] = j;
        }
      }
    }
    return exact;
  }

  /**
   * With few targets left, the tighter test: x lies inside the ellipse around u and some open
   * target w, dx + |x w| × minimum cost factor ≤ c(u, v) + c(v, w).
   */
  private towardsTarget(i: number, gen: number, x: number, dx: number): boolean {
    const { nbr, tVia, target, X, Y } = this;
    const h2 = this.hScale * this.hScale;
    const xx = X[x]!;
    const xy = Y[x]!;
    for (let j = i + 1, d = this.nbrCount; j < d; j++) {
      const w = nbr[j]!;
      if (target[w] !== gen) continue;
      const room = tVia[w]! - dx;
      if (room < 0) continue;
      const fx = xx - X[w]!;
      const fy = xy - Y[w]!;
      if ((fx * fx + fy * fy) * h2 <= room * room) return true;
    }
    return false;
  }

  /** the costliest via path among the targets (after neighbour i) still open in search `gen` */
  private openBound(i: number, gen: number): number {
    const { nbr, tVia, target } = this;
    let b = 0;
    for (let j = i + 1, d = this.nbrCount; j < d; j++) {
      const w = nbr[j]!;
      if (target[w] === gen && tVia[w]! > b) b = tVia[w]!;
    }
    return b;
  }

  /** set by `priority`: its witness searches all ended within the estimate's budget */
  private estimateExact = false;

  private priority(v: number): number {
    this.estimateExact = this.needed(v, this.estimateLimit);
    const removed = this.nbrCount;
    if (removed === 0) return this.level[v]!;
    const hops = this.eHops;
    let removedHops = 0;
    for (let k = 0; k < removed; k++) removedHops += hops[this.nbrEdge[k]!]!;
    let addedHops = 0;
    for (let k = 0; k < this.pairCount; k++) addedHops += hops[this.nbrEdge[this.pairI[k]!]!]! + hops[this.nbrEdge[this.pairJ[k]!]!]!;
    return this.pairCount - removed + addedHops / Math.max(1, removedHops) + this.level[v]!;
  }

  /**
   * Renumber the `left` remaining nodes densely (in their current order) and rewrite the pool;
   * returns the map old local id → new local id (−1 for contracted nodes).
   */
  private compact(contracted: Uint8Array, left: number): Int32Array {
    const oldN = this.ids.length;
    const map = new Int32Array(oldN).fill(-1);
    const ids = new Int32Array(left);
    let k = 0;
    for (let v = 0; v < oldN; v++) {
      if (contracted[v]) continue;
      map[v] = k;
      ids[k++] = this.ids[v]!;
    }
    let total = 0;
    for (let v = 0; v < oldN; v++) if (!contracted[v]) total += Math.max(4, 2 * this.aLen[v]!);
    const pN = new Int32Array(Math.ceil(total * 1.5) + 16);
    const pE = new Int32Array(pN.length);
    const pC = new Float64Array(pN.length);
    const aStart = new Int32Array(left);
    const aLen = new Int32Array(left);
    const aCap = new Int32Array(left);
    const level = new Int32Array(left);
    const X = new Float64Array(left);
    const Y = new Float64Array(left);
    let at = 0;
    for (let v = 0; v < oldN; v++) {
      const nv = map[v]!;
      if (nv < 0) continue;
      const s0 = this.aStart[v]!;
      const l = this.aLen[v]!;
      aStart[nv] = at;
      aLen[nv] = l;
      aCap[nv] = Math.max(4, 2 * l);
      for (let j = 0; j < l; j++) {
        pN[at + j] = map[this.pN[s0 + j]!]!;
        pE[at + j] = this.pE[s0 + j]!;
        pC[at + j] = this.pC[s0 + j]!;
      }
      at += aCap[nv]!;
      level[nv] = this.level[v]!;
      X[nv] = this.X[v]!;
      Y[nv] = this.Y[v]!;
    }
    this.ids = ids;
    this.pN = pN;
    this.pE = pE;
    this.pC = pC;
    this.pUsed = at;
    this.aStart = aStart;
    this.aLen = aLen;
    this.aCap = aCap;
    this.level = level;
    this.X = X;
    this.Y = Y;
    this.wDist = new Float64Array(left);
    this.wStamp = new Uint32Array(left);
    this.target = new Uint32Array(left);
    this.tVia = new Float64Array(left);
    this.wGen = 0;
    return map;
  }

  private touched = new Int32Array(64);

  /** Contract v with the shortcuts `needed` found (pairI/pairJ); returns how many were added. */
  private contract(v: number, contracted: Uint8Array, dirty: Uint8Array, upNode: number[], upEdgeOf: number[]): number {
    let added = 0;
    const ids = this.ids;
    const nbr = this.nbr;
    for (let k = 0; k < this.pairCount; k++) {
      const i = this.pairI[k]!;
      const j = this.pairJ[k]!;
      const u = nbr[i]!;
      const w = nbr[j]!;
      const cost = this.nbrCost[i]! + this.nbrCost[j]!;
      const slot = this.slot(u, w);
      if (slot >= 0 && this.pC[slot]! <= cost) continue;
      const eu = this.nbrEdge[i]!;
      const ew = this.nbrEdge[j]!;
      // eC1 joins eA–mid, eC2 joins mid–eB
      const id = this.addEdge(ids[u]!, ids[w]!, cost, -1, ids[v]!, eu, ew, this.eHops[eu]! + this.eHops[ew]!);
      added++;
      if (slot >= 0) {
        this.unlink(u, w);
        this.unlink(w, u);
      }
      this.link(u, w, id, cost);
      this.link(w, u, id, cost);
    }
    // v's remaining edges all lead to more important nodes: its upward edges
    const d = this.aLen[v]!;
    if (d > this.touched.length) this.touched = new Int32Array(d * 2);
    const touched = this.touched;
    const s0 = this.aStart[v]!;
    for (let k = 0; k < d; k++) {
      const u = this.pN[s0 + k]!;
      upNode.push(ids[v]!);
      upEdgeOf.push(this.pE[s0 + k]!);
      touched[k] = u;
    }
    this.aLen[v] = 0;
    const level = this.level;
    for (let k = 0; k < d; k++) {
      const u = touched[k]!;
      this.unlink(u, v);
      dirty[u] = 1;
      if (level[u]! < level[v]! + 1) level[u] = level[v]! + 1;
    }
    contracted[v] = 1;
    return added;
  }

  run(coreSize: number, fixed?: Int32Array): ChParts {
    const g = this.g;
    const n = g.nodeCount;
    for (let e = 0; e < g.edgeCount; e++) {
      const a = g.edgeFrom[e]!;
      const b = g.edgeTo[e]!;
      if (a === b) continue; // a way back to its own junction is never on a shortest path
      const c = g.edgeCost[e]!;
      const k = this.slot(a, b);
      if (k < 0) {
        const id = this.addEdge(a, b, c, e, -1, -1, -1, 1);
        this.link(a, b, id, c);
        this.link(b, a, id, c);
      } else if (this.pC[k]! > c) {
        // parallel ways: the cheapest stands for both
        const id = this.pE[k]!;
        this.eCost[id] = c;
        this.eOrig[id] = e;
        this.unlink(a, b);
        this.unlink(b, a);
        this.arcsFix(a, b, id, c);
      }
    }
    let queue = new TypedHeap(n + 16);
    let current = new Float64Array(n);
    // with a fixed order: graph node → local id (renumbered with the remaining graph)
    const localOf = fixed ? Int32Array.from({ length: n }, (_, v) => v) : null;
    if (!fixed)
      for (let v = 0; v < n; v++) {
        current[v] = this.priority(v);
        queue.push(current[v]!, v);
      }
    let contracted = new Uint8Array(n);
    let dirty = new Uint8Array(n);
    const rank = new Int32Array(n);
    const upNode: number[] = [];
    const upEdgeOf: number[] = [];
    let order = 0;
    let shortcuts = 0;
    const stopAt = n - coreSize;
    let local = n; // size of the local numbering
    while ((fixed || queue.size > 0) && order < stopAt) {
      const left = n - order;
      if (left <= local >> 1 && left >= 256) {
        const map = this.compact(contracted, left);
        if (localOf) for (let k = 0; k < left; k++) localOf[this.ids[k]!] = k;
        const c2 = new Float64Array(left);
        const d2 = new Uint8Array(left);
        for (let v = 0; v < local; v++) {
          const nv = map[v]!;
          if (nv < 0) continue;
          c2[nv] = current[v]!;
          d2[nv] = dirty[v]!;
        }
        current = c2;
        dirty = d2;
        contracted = new Uint8Array(left);
        queue = new TypedHeap(left + 16);
        if (!fixed) for (let v = 0; v < left; v++) queue.push(current[v]!, v);
        local = left;
      }
      if (fixed) {
        const v = localOf![fixed[order]!]!;
        this.needed(v, this.settleLimit);
        shortcuts += this.contract(v, contracted, dirty, upNode, upEdgeOf);
        rank[this.ids[v]!] = order++;
        continue;
      }
      const key = queue.minKey;
      const v = queue.pop();
      if (contracted[v] || key !== current[v]) continue; // a stale entry
      // lazy update: contract v only if it is still the least important; its priority only
      // changes when a neighbour was contracted since it was last evaluated (dirty)
      let fresh = false;
      if (dirty[v]) {
        dirty[v] = 0;
        fresh = true;
        const p = this.priority(v);
        if (queue.size > 0 && p > queue.minKey) {
          current[v] = p;
          queue.push(p, v);
          continue;
        }
      }
      // the shortcuts v needs, with the full witness budget (the estimate's searches are reused
      // when none of them stopped at its smaller budget: the result would be the same)
      if (!fresh || !this.estimateExact) this.needed(v, this.settleLimit);
      shortcuts += this.contract(v, contracted, dirty, upNode, upEdgeOf);
      rank[this.ids[v]!] = order++;
    }
    // the core: the nodes left get the top ranks, and the cost table between every two of them
    const coreStart = order;
    const K = n - coreStart;
    const coreOff = new Int32Array(K + 1);
    const coreLocal = new Int32Array(K);
    const toCore = new Int32Array(local).fill(-1);
    for (let v = 0; v < local; v++) {
      if (contracted[v]) continue;
      const c = order - coreStart;
      coreLocal[c] = v;
      toCore[v] = c;
      rank[this.ids[v]!] = order++;
    }
    for (let c = 0; c < K; c++) coreOff[c + 1] = coreOff[c]! + this.aLen[coreLocal[c]!]!;
    const coreTo = new Int32Array(coreOff[K]!);
    const coreEdge = new Int32Array(coreOff[K]!);
    const coreCost = new Float64Array(coreOff[K]!);
    for (let c = 0; c < K; c++) {
      const v = coreLocal[c]!;
      for (let k = 0, s0 = this.aStart[v]!, at = coreOff[c]!; k < this.aLen[v]!; k++, at++) {
        coreTo[at] = toCore[this.pN[s0 + k]!]!;
        coreEdge[at] = this.pE[s0 + k]!;
        coreCost[at] = this.pC[s0 + k]!;
      }
    }
    const { dist: coreDist, pred: corePred } = coreTable(K, coreOff, coreTo, coreCost);
    const m = this.eCount;
    return {
      coreSize: K,
      coreDist,
      corePred,
      coreOff,
      coreTo,
      coreEdge,
      rank,
      eA: this.eA.slice(0, m),
      eB: this.eB.slice(0, m),
      eOrig: this.eOrig.slice(0, m),
      eMid: this.eMid.slice(0, m),
      eC1: this.eC1.slice(0, m),
      eC2: this.eC2.slice(0, m),
      eCost: this.eCost.slice(0, m),
      upNode: Int32Array.from(upNode),
      upEdgeOf: Int32Array.from(upEdgeOf),
      shortcuts,
    };
  }
}

/** start of row a of the upper triangle (diagonal included) of a K × K table, minus a: entry (a, b ≥ a) is at triangleRow(a, K) + b */
function triangleRow(a: number, K: number): number {
  return a * K - (a * (a + 1)) / 2;
}

/**
 * Cheapest costs between every two core nodes (a Dijkstra from each over the core's adjacency,
 * which keeps every cost between core nodes: contraction preserves them), stored once per pair
 * (the upper triangle), and the predecessor of each node on the path from the row's node. The
 * search from core node a stops once every node after a is settled (the pairs before a were
 * filled by their own rows); the nodes on those paths were settled before them, so their
 * predecessors in row a are there too.
 */
function coreTable(K: number, off: Int32Array, to: Int32Array, cost: Float64Array): { dist: Float64Array; pred: Uint16Array } {
  const dist = new Float64Array((K * (K + 1)) / 2).fill(Infinity);
  const pred = new Uint16Array(K * K);
  const d = new Float64Array(K);
  const done = new Uint32Array(K);
  const heap = new TypedHeap(Math.max(16, K));
  for (let a = 0; a < K; a++) {
    const prow = a * K;
    const mark = a + 1;
    d.fill(Infinity);
    heap.clear();
    d[a] = 0;
    pred[prow + a] = a;
    heap.push(0, a);
    let open = K - 1 - a; // nodes after a not settled yet
    while (heap.size > 0 && open > 0) {
      const u = heap.pop();
      if (done[u] === mark) continue;
      done[u] = mark;
      if (u > a) open--;
      const du = d[u]!;
      for (let k = off[u]!, end = off[u + 1]!; k < end; k++) {
        const x = to[k]!;
        const dx = du + cost[k]!;
        if (dx < d[x]!) {
          d[x] = dx;
          pred[prow + x] = u;
          heap.push(dx, x);
        }
      }
    }
    // unreachable nodes keep Infinity; the settled ones' costs are final
    const row = triangleRow(a, K);
    for (let b = a; b < K; b++) if (done[b] === mark || b === a) dist[row + b] = b === a ? 0 : d[b]!;
  }
  return { dist, pred };
}

/**
 * graph.bin bytes with the contraction order stored: the hierarchy is built once here (in the region
 * builder) and its order written into the file (FLAG_CH_RANK), so the server and the browser's
 * routing worker build the same hierarchy without ordering it (`ContractionHierarchy.build`).
 * Any order already in the file is replaced. `g`: the graph of these bytes, when the caller has
 * already read it.
 */
export function withHierarchyOrder(bytes: Uint8Array, g: RunningGraph = RunningGraph.fromBytes(bytes)): Uint8Array {
  return withContractionRank(bytes, ContractionHierarchy.build(g, { rank: null }).rank);
}
