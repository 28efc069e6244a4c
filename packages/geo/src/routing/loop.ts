import type { LonLat, RunningGraph } from '../graph/graph.ts';
import { SURFACE_NAMES, WAY_CLASS_NAMES } from '../graph/profile.ts';
import { MAX_WAYPOINTS, RouteError, type RoutePlanner, type RouteResult } from './planner.ts';
import { popularMetres } from './popularity.ts';
import { greenMetres, type PathStep, type RoutePreferences } from './search.ts';
import { joinAt, type Snap } from './snap.ts';
import { TypedHeap } from './typed-heap.ts';
import { LOOP_ALTERNATIVES, PACE_SEC_PER_KM } from '../planner/limits.ts';
import { searchLobeLoops } from './lobes.ts';
import { lowRetraceBlockBound, lowRetraceCycleSpaceBound, lowRetraceEdgeBound, searchTrailLoops } from './trails.ts';

export interface LoopRequest {
  start: LonLat;
  /** target length in metres (1–100 km) */
  distance: number;
  /** preferred initial direction in degrees clockwise from north; random per seed when omitted */
  heading?: number;
  seed?: number;
  preferences?: RoutePreferences;
  /** how many distinct alternatives to return (default LOOP_ALTERNATIVES, at most 6; the API allows MAX_LOOP_ALTERNATIVES) */
  alternatives?: number;
  /** flat pace for the time estimate (s/km, default 360) */
  paceSecPerKm?: number;
  /**
   * Loops already offered (their coordinates, e.g. the alternatives shown before "Shuffle"): a
   * candidate sharing half its length or more with one of them comes only when nothing new is
   * left. At most MAX_EXCLUDE lines of MAX_EXCLUDE_POINTS points.
   */
  exclude?: readonly (readonly (readonly number[])[])[];
}

export const MAX_EXCLUDE = 12;
export const MAX_EXCLUDE_POINTS = 5000;

export interface LoopResult extends RouteResult {
  /** the direction this alternative heads off in (degrees) */
  heading: number;
  /** share of the loop's length that is travelled more than once (0–1) */
  retrace: number;
}

/** Way classes that count as busy roads (avoidBusyRoads, the busy-road share). */
export const BUSY_CLASSES = ['tertiary', 'secondary', 'primary', 'trunk'] as const;
const BUSY_CLASS_IDS = new Set(BUSY_CLASSES.map((c) => (WAY_CLASS_NAMES as readonly string[]).indexOf(c)));

/** Share of a walk's length on busy roads (tertiary, secondary, primary, trunk), 0–1. */
export function busyShare(g: RunningGraph, steps: readonly PathStep[]): number {
  let busy = 0;
  let total = 0;
  for (const s of steps) {
    const l = Math.abs(s.end - s.start);
    total += l;
    if (BUSY_CLASS_IDS.has(g.edgeClass[s.edge]!)) busy += l;
  }
  return total > 0 ? busy / total : 0;
}

/** A deterministic number in [0, 1) for edge `e` under `salt` (an integer hash; no state). */
export function hash01(e: number, salt: number): number {
  let h = Math.imul(e ^ salt, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Small deterministic PRNG (mulberry32). */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Candidate {
  /** shares half its length with a loop offered before (LoopRequest.exclude); computed once */
  seenBefore?: boolean;
  heading: number;
  vias: Snap[];
  steps: PathStep[];
  length: number;
  cost: number;
  retrace: number;
}

const SHAPES = [3, 2, 1, 4];
const TOLERANCE = 0.04; // aim inside ±4 % …
const ACCEPT = 0.05; // … but a loop within ±5 % (the quality bar) that retraces less may win
const REUSE_PENALTY = 5; // cost multiplier on edges an earlier leg of the same loop used
const HEADINGS = 16; // headings tried (early exit once enough good candidates are found)
const FIT_ITERATIONS = 8;
const BUSY_LOOP_WEIGHT = 5; // score per unit of busy-road share under avoidBusyRoads (retrace weighs 3: a runner who asks accepts some retrace)
const GREEN_LOOP_WEIGHT = 3; // score per unit of non-green share under preferGreen (retrace weighs 3)
// score per unit of "unpopular" share under preferPopular (heat-weighted metres): less than a
// half out-and-back costs (1 + 0.5 × 3), so a real loop off the popular ways still beats an
// out-and-back on them
const POPULAR_LOOP_WEIGHT = 2;
const CYCLE_TREES = 6; // shortest-path trees (1 exact + 5 seed-perturbed) for cycle candidates
const DENSE_TREE_NODES = 5000; // beyond this many settled junctions a cycle tree stops at 0.6·D (town grids)
const TRAIL_BUDGET = 150_000; // DFS steps of the closed-trail search (a few ms on sparse networks)
const LOBE_BUDGET = 200_000; // edge visits of the multi-lobe search (a few ms to ~40 ms on Andorra)
const PAD_TO = 1 - ACCEPT * 0.98; // padding to just inside the window keeps the spur (the retrace) short

/**
 * The longest out-and-back (one way, metres) that counts as a silly spike in a loop of `D` metres:
 * 100 m, or 1.5 % of a loop shorter than 6.7 km. `despike` removes such jags (a leg that overshoots
 * a via point and turns back); padding spurs are made at least this long.
 */
export const spikeLimit = (D: number) => Math.min(100, 0.015 * D);

/** The length to pad a loop of `L` metres to so it ends just inside the window, with a spur that is no spike. */
const padTarget = (L: number, D: number) => Math.max(D * PAD_TO, L + 2.02 * spikeLimit(D));

/**
 * Remove immediate out-and-backs of at most `maxOneWay` metres from a walk: wherever it turns
 * round on the spot (two consecutive steps on one edge in opposite directions), the mirrored
 * stretch around the turn is measured, and when it is short it is cut from both sides, so the walk
 * goes on from where the jag began. The walk's first and last points stay where they are (a loop
 * that passes its start and overshoots to a junction before coming back now just stops at the
 * start); a walk that is a single out-and-back end to end is left alone. Nothing to cut: the
 * input itself comes back.
 */
export function despike(input: PathStep[], maxOneWay: number): PathStep[] {
  let steps = input.filter((s) => Math.abs(s.end - s.start) > 1e-6).map((s) => ({ ...s }));
  let cutAny = false;
  const len = (s: PathStep) => Math.abs(s.end - s.start);
  const dir = (s: PathStep) => Math.sign(s.end - s.start);
  const EPS = 1e-9;
  for (let i = 0; i + 1 < steps.length; i++) {
    if (steps[i]!.edge !== steps[i + 1]!.edge || dir(steps[i]!) === dir(steps[i + 1]!)) continue;
    // the mirrored extent around the turn between steps i and i + 1
    let l = i;
    let r = i + 1;
    let lRem = len(steps[l]!);
    let rRem = len(steps[r]!);
    let ext = 0;
    let first = false; // the jag reaches back to the walk's first point …
    let last = false; // … or on to its last
    for (;;) {
      const m = Math.min(lRem, rRem);
      ext += m;
      lRem -= m;
      rRem -= m;
      if (ext > maxOneWay) break;
      if (lRem <= EPS) first = --l < 0;
      if (rRem <= EPS) last = ++r >= steps.length;
      if (first || last) break;
      if (lRem <= EPS) lRem = len(steps[l]!);
      if (rRem <= EPS) rRem = len(steps[r]!);
      if (steps[l]!.edge !== steps[r]!.edge || dir(steps[l]!) === dir(steps[r]!)) break;
    }
    // a walk that is one out-and-back end to end stays; otherwise the two sides meet where the
    // jag began — the walk's own first or last point when the jag reaches it
    if ((first && last) || ext > maxOneWay || ext < 1e-6) continue;
    const left = steps.slice(0, i + 1);
    const right = steps.slice(i + 1);
    for (let cut = ext; cut > EPS;) {
      const s = left[left.length - 1]!;
      if (len(s) <= cut + EPS) {
        cut -= len(s);
        left.pop();
      } else {
        s.end -= dir(s) * cut;
        cut = 0;
      }
    }
    for (let cut = ext; cut > EPS;) {
      const s = right[0]!;
      if (len(s) <= cut + EPS) {
        cut -= len(s);
        right.shift();
      } else {
        s.start += dir(s) * cut;
        cut = 0;
      }
    }
    steps = [...left, ...right].filter((st) => len(st) > 1e-6);
    cutAny = true;
    i = -1; // a cut can shorten a jag already passed (a spur sharing its stem with the loop): rescan
  }
  return cutAny ? steps : input;
}

/**
 * Loop generator. For a heading θ we lay a circle of radius r through the start (centre r
 * metres away in direction θ) and put k via points evenly around it (k = 1…4: the start is one
 * corner of the polygon). Via points snap onto cycle edges of the start's network (bridges — edges
 * whose removal disconnects the graph — lead only to dead ends, which a loop would have to run
 * out and back). Legs are routed in turn with the running cost, and every edge an earlier leg
 * used costs ×5, which steers the way back onto different streets. The radius is fitted to the
 * measured length (multiplicative steps, then secant steps inside the bracket) until the loop is
 * within ±2 % (accepting ±4 %). Up to 16 headings × shapes are tried, stopping early once enough
 * good candidates exist. Sparse networks (mountains, or towns cut by foot=no roads) may have no
 * cycle of the right size near the start: then the longest loops that fall short get an
 * out-and-back spur of exactly the missing length (a Dijkstra from the start finds the cheapest
 * turn point whose path length is exactly half the gap, mid-edge), and as a last resort a plain
 * out-and-back run is offered. When none of that gives a loop within ±5 % retracing ≤ 10 %, two
 * more generators run: short loops that stay ≤ 10 % when padded just into the window get a spur
 * from wherever on the loop a fresh one is cheapest, and the multi-lobe search (lobes.ts) joins
 * several cycles with short out-and-back connectors. Candidates are scored by distance error (outside ±4 % is heavily
 * penalised), retrace share and cost per metre; the alternatives returned are the best ones that
 * share less than half their length with an alternative already chosen. Everything derives from
 * `seed`, so a seed always gives the same loops.
 */
export class LoopGenerator {
  private readonly bridge: Uint8Array;
  private readonly penalty: Float32Array;

  constructor(readonly planner: RoutePlanner) {
    this.bridge = findBridges(planner);
    this.penalty = new Float32Array(planner.graph.edgeCount).fill(1);
  }

  isBridge(e: number) {
    return this.bridge[e] === 1;
  }

  private coreDist: Float64Array | undefined;
  /**
   * Metres from a snapped point to the nearest edge that lies on a cycle (0 when the point is on
   * one). Any loop from here runs this dead-end spur out and back, so spur / distance is a lower
   * bound on its retrace share (the way back is the retraced part).
   */
  spurLength(s: Snap): number {
    const g = this.planner.graph;
    if (!this.coreDist) {
      const d = new Float64Array(g.nodeCount).fill(Infinity);
      const heap = new TypedHeap();
      for (let e = 0; e < g.edgeCount; e++) {
        if (this.bridge[e]) continue;
        for (const v of [g.edgeFrom[e]!, g.edgeTo[e]!]) {
          if (d[v] !== 0) {
            d[v] = 0;
            heap.push(0, v);
          }
        }
      }
      while (heap.size) {
        const du = heap.minKey;
        const u = heap.pop();
        if (du > d[u]!) continue;
        for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
          const e = g.adjEdge[i]!;
          const v = g.otherEnd(e, u);
          const dv = du + g.edgeLength[e]!;
          if (dv < d[v]!) {
            d[v] = dv;
            heap.push(dv, v);
          }
        }
      }
      this.coreDist = d;
    }
    if (!this.bridge[s.edge]) return 0;
    const d = this.coreDist;
    return Math.min(d[g.edgeFrom[s.edge]!]! + s.offset, d[g.edgeTo[s.edge]!]! + g.edgeLength[s.edge]! - s.offset);
  }

  /**
   * Where a loop of D metres from this point starts: the nearest network big enough for the loop
   * (an isolated 600 m park path cannot hold a 10 km loop), falling back to smaller ones.
   */
  startSnap(point: LonLat, D: number): Snap | null {
    const g = this.planner.graph;
    const idx = this.planner.index;
    const big = (min: number) => (e: number) => g.componentLength[g.edgeComponent(e)]! >= min;
    return idx.snap(point, 1000, big(D)) ?? idx.snap(point, 1000, big(D / 2)) ?? idx.snap(point, 1000);
  }

  /**
   * The edges each excluded line runs on, as steps (whole metres per edge): points every ~20 m
   * along the line snapped within 8 m of a way.
   */
  private excludedWalks(lines: LoopRequest['exclude']): PathStep[][] {
    if (!lines?.length) return [];
    if (!Array.isArray(lines) || lines.length > MAX_EXCLUDE) throw new RouteError(`exclude: at most ${MAX_EXCLUDE} lines`);
    const g = this.planner.graph;
    return lines.map((line, li) => {
      if (!Array.isArray(line) || line.length > MAX_EXCLUDE_POINTS)
        throw new RouteError(`exclude[${li}]: a line of at most ${MAX_EXCLUDE_POINTS} [lon, lat] points`);
      const metres = new Map<number, number>();
      let prev: [number, number] | null = null;
      for (const p of line) {
        if (!Array.isArray(p) || !Number.isFinite(p[0]) || !Number.isFinite(p[1]))
          throw new RouteError(`exclude[${li}]: points must be [lon, lat]`);
        const cur: [number, number] = [p[0]!, p[1]!];
        const from = prev ?? cur;
        const len = Math.hypot((cur[0] - from[0]) * g.kx, (cur[1] - from[1]) * g.ky);
        const n = Math.max(1, Math.ceil(len / 20));
        for (let k = prev ? 1 : 0; k <= n; k++) {
          const s = this.planner.index.snap([from[0] + ((cur[0] - from[0]) * k) / n, from[1] + ((cur[1] - from[1]) * k) / n], 8);
          if (s) metres.set(s.edge, (metres.get(s.edge) ?? 0) + len / n);
        }
        prev = cur;
      }
      return [...metres].map(([edge, m]) => ({ edge, start: 0, end: Math.min(m, g.edgeLength[edge]!) }));
    });
  }

  generate(req: LoopRequest): LoopResult[] {
    const D = req.distance;
    if (!Number.isFinite(D) || D < 1000 || D > 100_000) throw new RouteError('loop distance must be between 1 and 100 km');
    const count = Math.max(1, Math.min(6, Math.floor(req.alternatives ?? LOOP_ALTERNATIVES)));
    if (req.heading !== undefined && !Number.isFinite(req.heading)) throw new RouteError('heading must be a number of degrees');
    const p = this.planner;
    const g = p.graph;
    const start = this.startSnap(req.start, D);
    if (!start) throw new RouteError('no way to run on within 1 km of the start');
    const rnd = mulberry32((req.seed ?? 1) * 2654435761);
    const baseHeading = req.heading ?? rnd() * 360;
    // headings: spread around the circle, or fanned around the requested one
    const tries = Math.max(HEADINGS, count * 4);
    const headings: number[] = [];
    for (let i = 0; i < tries; i++) {
      const h =
        req.heading === undefined ? baseHeading + (i * 360) / tries : baseHeading + (i % 2 ? 1 : -1) * Math.ceil(i / 2) * (60 / tries) * 2;
      headings.push(((h % 360) + 360) % 360);
    }
    const candidates: Candidate[] = this.cycleCandidates(start, D, rnd, req.preferences, req.heading);
    // Shuffle: loops shown before (req.exclude) go behind every new one and do not count as good
    const excluded = this.excludedWalks(req.exclude);
    const isOld = (c: Candidate) =>
      excluded.length > 0 && c.length > 0 && (c.seenBefore ??= excluded.some((x) => overlap(g.edgeLength, c.steps, x) >= 0.5 * c.length));
    const oldScore = (c: Candidate) => (isOld(c) ? 50 : 0);
    const isGood = (x: Candidate) => Math.abs(x.length - D) <= D * ACCEPT && x.retrace <= 0.1 && !isOld(x);
    const good = () => candidates.filter(isGood).length;
    // good loops that differ from each other (share less than half their length): the
    // alternatives should all be good where the network allows it, not one good loop and two
    // out-and-backs
    const goodDistinct = () => {
      const kept: Candidate[] = [];
      for (const c of candidates)
        if (isGood(c) && kept.every((o) => overlap(g.edgeLength, c.steps, o.steps) < 0.5 * Math.min(c.length, o.length))) kept.push(c);
      return kept.length;
    };
    for (let i = 0; i < headings.length && (good() < count + 2 || goodDistinct() < count); i++) {
      const k = SHAPES[i % SHAPES.length]!;
      const c = this.fit(start, D, headings[i]!, k, rnd() < 0.5, req.preferences);
      if (c) candidates.push(c);
    }
    // Sparse networks: enumerate closed trails near the start (exhaustive there, see trails.ts)
    if (goodDistinct() < count) candidates.push(...this.trailCandidates(start, D, rnd, req.preferences, req.heading));
    // Sparse (mountain) networks may have no cycle of the right size near the start: pad the
    // longest loops that fall short with an out-and-back spur of exactly the missing length,
    // and as a last resort offer a plain out-and-back run.
    const short = candidates.filter((c) => c.length < D * (1 - TOLERANCE) && c.retrace <= 0.55).sort((a, b) => b.length - a.length);
    for (const c of short.slice(0, 3)) {
      const padded = this.pad(start, c, D, req.preferences);
      if (padded) candidates.push(padded);
    }
    // Nothing good yet: loops a little short whose retrace stays ≤ 10 % when padded just into the
    // window, padded from wherever on the loop a fresh spur is cheapest (to D and to the window's
    // edge); then loops of several lobes joined by short connectors (see lobes.ts).
    if (good() === 0)
      this.padLowRetrace(
        start,
        candidates.filter((c) => c.length < D * PAD_TO),
        D,
        req.preferences,
        candidates,
      );
    if (good() === 0) {
      const lobes = this.lobeCandidates(start, D, rnd, req.preferences, req.heading);
      candidates.push(...lobes.filter((c) => c.length >= D * PAD_TO));
      this.padLowRetrace(
        start,
        lobes.filter((c) => c.length < D * PAD_TO),
        D,
        req.preferences,
        candidates,
      );
    }
    if (!candidates.some((c) => Math.abs(c.length - D) <= D * TOLERANCE)) {
      const oab = this.pad(
        start,
        { heading: baseHeading, vias: [], steps: [], length: 0, cost: 0, retrace: 0 },
        D,
        req.preferences,
        candidates.length === 0,
      );
      if (oab) candidates.push(oab);
    }
    if (!candidates.length) throw new RouteError('could not make a loop from this start (is it on a connected path network?)');
    // no silly spikes: a leg that overshoots a via point and turns straight back loses the jag
    const limit = spikeLimit(D);
    for (const c of candidates) {
      const steps = despike(c.steps, limit);
      if (steps === c.steps) continue;
      c.steps = steps;
      c.length = steps.reduce((sum, st) => sum + Math.abs(st.end - st.start), 0);
      c.cost = this.stepsCost(steps, req.preferences);
      c.retrace = c.length > 0 ? retraced(steps) / c.length : 0;
    }
    // preferGreen: the non-green share of a loop counts against it (weight: see GREEN_LOOP_WEIGHT)
    const greenScore = (c: Candidate) =>
      req.preferences?.preferGreen && c.length > 0 ? (1 - greenMetres(g, c.steps) / c.length) * GREEN_LOOP_WEIGHT : 0;
    // preferPopular: the share off this instance's public routes (heat-weighted) counts against a loop
    const heat = req.preferences?.preferPopular ? this.planner.router.edgeHeat : null;
    const popularScore = (c: Candidate) => (heat && c.length > 0 ? (1 - popularMetres(heat, c.steps) / c.length) * POPULAR_LOOP_WEIGHT : 0);
    // avoidBusyRoads: the share on tertiary roads and up counts against a loop like retrace does
    const busyScore = (c: Candidate) => (req.preferences?.avoidBusyRoads && c.length > 0 ? busyShare(g, c.steps) * BUSY_LOOP_WEIGHT : 0);
    const score = (c: Candidate) => {
      const err = Math.abs(c.length - D) / D;
      return (
        oldScore(c) +
        (err <= ACCEPT ? err * 2 : 10 + err * 10) +
        c.retrace * 3 +
        (c.retrace > 0.1 ? 1 : 0) +
        (c.cost / c.length - 1) * 0.15 +
        greenScore(c) +
        popularScore(c) +
        busyScore(c)
      );
    };
    candidates.sort((a, b) => score(a) - score(b));
    // alternatives stay near the asked distance: within twice the best one's error (≥ ±10 %) —
    // fewer alternatives rather than a 50 km "option" for a 5 km loop
    const errOf = (c: Candidate) => Math.abs(c.length - D) / D;
    const nearAll = candidates.filter((c) => errOf(c) <= 2 * Math.max(ACCEPT, errOf(candidates[0]!)));
    // The first alternative is the best loop within ±5 % (the quality bar). The others are ranked
    // by retrace as much as by distance — a real loop 7 % off the distance is a better second
    // choice than a 33 % out-and-back that hits it exactly — and by how much they repeat the ones
    // already chosen: sharing up to 30 % costs nothing, more costs in proportion, and a loop that
    // shares 80 % or runs the same walk is no alternative. So a low-retrace variant of the first
    // loop beats an out-and-back elsewhere, and a distinct low-retrace loop beats both.
    const altScore = (c: Candidate) =>
      oldScore(c) +
      errOf(c) * 4 +
      c.retrace * 3 +
      (c.retrace > 0.1 ? 0.5 : 0) +
      (c.cost / c.length - 1) * 0.15 +
      greenScore(c) +
      busyScore(c);
    const chosen: Candidate[] = nearAll.length ? [nearAll[0]!] : [];
    const pool = nearAll.slice(1);
    while (chosen.length < count && pool.length) {
      let bestI = -1;
      let bestS = Infinity;
      pool.forEach((c, i) => {
        let share = 0;
        for (const o of chosen) {
          if (sameWalk(c, o)) return;
          share = Math.max(share, overlap(g.edgeLength, c.steps, o.steps) / Math.max(1, Math.min(c.length, o.length)));
        }
        if (share >= 0.8) return;
        const sc = altScore(c) + 2 * Math.max(0, share - 0.3);
        if (sc < bestS) {
          bestS = sc;
          bestI = i;
        }
      });
      if (bestI < 0) break;
      chosen.push(pool.splice(bestI, 1)[0]!);
    }
    return chosen.map((c) => this.toResult(start, c, req.paceSecPerKm ?? PACE_SEC_PER_KM.default));
  }

  /**
   * Loops from shortest-path-tree cycles: grow a Dijkstra tree from the start (running cost, with
   * per-edge random perturbations from the seed for every tree but the first) and close each
   * non-tree edge (u, v) into the loop start → u → v → start. Its length is exact, and it only
   * retraces the shared stem of the two tree paths, so on sparse networks it finds the cycles of
   * the right size that via points placed on a circle miss. Loops up to 40 % short are kept too
   * (they can be padded). With a requested heading, loops leaning the other way are dropped.
   */
  private cycleCandidates(
    start: Snap,
    D: number,
    rnd: () => number,
    prefs: RoutePreferences | undefined,
    heading: number | undefined,
  ): Candidate[] {
    const g = this.planner.graph;
    const router = this.planner.router;
    const n = g.nodeCount;
    // search state sized to the graph, allocated once and reset by a stamp: a search only touches
    // the few thousand nodes within reach of the loop, not a million-node region
    const st = (this.treeState ??= {
      cost: new Float64Array(n),
      len: new Float64Array(n),
      parent: new Int32Array(n),
      depth: new Int32Array(n),
      seen: new Uint32Array(n),
      done: new Uint32Array(n),
      gen: 0,
    });
    const { cost, len, parent, depth, seen, done } = st;
    const out: Candidate[] = [];
    const a0 = g.edgeFrom[start.edge]!;
    const b0 = g.edgeTo[start.edge]!;
    const L0 = g.edgeLength[start.edge]!;
    const mult = router.edgeMult(prefs);
    const plainMult = router.edgeMult(undefined);
    const heap = new TypedHeap();
    const settledNodes: number[] = [];
    interface Closing {
      u: number;
      v: number;
      e: number;
      L: number;
      retrace: number;
    }
    for (let tree = 0; tree < CYCLE_TREES; tree++) {
      // per-edge weights ×(1 + 0.8·noise) from a hash of the edge and a per-tree salt (the seed's
      // next draw), so no pass over every edge is needed
      const salt = tree === 0 ? 0 : Math.floor(rnd() * 0x7fffffff) | 1;
      // with preferences, the last tree grows on the plain running cost: the loops a runner gets
      // without them stay candidates, so asking for green or quiet never loses a loop that was
      // already greener or quieter
      const m = prefs && tree === CYCLE_TREES - 1 ? plainMult : mult;
      const weight = (e: number) => {
        const base = g.edgeCost[e]! * m[e]!;
        if (salt === 0) return base;
        return base * (1 + 0.8 * hash01(e, salt));
      };
      const gen = ++st.gen;
      heap.clear();
      settledNodes.length = 0;
      const k0 = router.edgeCostPerMetre(start.edge, { preferences: prefs });
      const seed = (v: number, c: number, l: number) => {
        if (seen[v] !== gen || c < cost[v]!) {
          seen[v] = gen;
          cost[v] = c;
          len[v] = l;
          parent[v] = -1;
          depth[v] = 1;
          heap.push(c, v);
        }
      };
      seed(a0, start.offset * k0, start.offset);
      seed(b0, (L0 - start.offset) * k0, L0 - start.offset);
      while (heap.size) {
        const cu = heap.minKey;
        const u = heap.pop();
        if (done[u] === gen) continue;
        done[u] = gen;
        settledNodes.push(u);
        // a loop through u would be too long anyway; and in a dense network (thousands of
        // junctions within reach) loops whose far side lies beyond 0.6·D are lopsided ones the
        // via-point loops cover better
        if (len[u]! > D || (len[u]! > 0.6 * D && settledNodes.length > DENSE_TREE_NODES)) continue;
        for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
          const e = g.adjEdge[i]!;
          if (e === start.edge) continue;
          const v = g.otherEnd(e, u);
          const cv = cu + weight(e);
          if (seen[v] !== gen || cv < cost[v]!) {
            seen[v] = gen;
            cost[v] = cv;
            len[v] = len[u]! + g.edgeLength[e]!;
            parent[v] = e;
            depth[v] = depth[u]! + 1;
            heap.push(cv, v);
          }
        }
      }
      // every non-tree edge between two settled nodes closes a loop start → u → v → start; its
      // length and retrace (the stem the two tree paths share, run twice) need no walk to be built
      const closings: Closing[] = [];
      for (const u of settledNodes) {
        for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
          const e = g.adjEdge[i]!;
          const v = g.otherEnd(e, u);
          // each edge once (from its `from` end), the start edge skipped; a closed way (u = v: a
          // square or a pond mapped as one way from its junction back to it) is a cycle too, its
          // loop start → u → round the way → u → start (the stem is then all of the tree path)
          if (u !== g.edgeFrom[e] || e === start.edge || done[v] !== gen || parent[u] === e || parent[v] === e) continue;
          const L = len[u]! + g.edgeLength[e]! + len[v]!;
          if (L > D * (1 + ACCEPT) || L < D * 0.6) continue;
          // the far point of the loop stands in for its heading
          if (heading !== undefined && Math.abs(((this.bearing(start, u) - heading + 540) % 360) - 180) > 75) continue;
          // stem shared by the two tree paths (their lowest common ancestor)
          let x = u;
          let y = v;
          while (depth[x]! > depth[y]!) x = g.otherEnd(parent[x]!, x);
          while (depth[y]! > depth[x]!) y = g.otherEnd(parent[y]!, y);
          while (x !== y && parent[x] !== -1 && parent[y] !== -1) {
            x = g.otherEnd(parent[x]!, x);
            y = g.otherEnd(parent[y]!, y);
          }
          const stem = x === y ? len[x]! : 0;
          if (stem / L > 0.5) continue;
          closings.push({ u, v, e, L, retrace: stem / L });
        }
      }
      // only the most promising ones become walks (24 distinct per tree are plenty)
      closings.sort((p, q) => Math.abs(p.L - D) / D + p.retrace - (Math.abs(q.L - D) / D + q.retrace));
      const seenKey = new Set<string>();
      for (const c of closings) {
        if (seenKey.size >= 24) break;
        const key = `${Math.round(c.L)}:${Math.round(c.retrace * 1000)}`;
        if (seenKey.has(key)) continue;
        seenKey.add(key);
        const { u, v, e, L } = c;
        const steps = [
          ...this.treePath(start, u, parent),
          { edge: e, start: g.edgeFrom[e] === u ? 0 : g.edgeLength[e]!, end: g.edgeFrom[e] === u ? g.edgeLength[e]! : 0 },
        ];
        const back = this.treePath(start, v, parent)
          .reverse()
          .map((s) => ({ edge: s.edge, start: s.end, end: s.start }));
        steps.push(...back);
        let cst = 0;
        for (const s of steps)
          cst += (Math.abs(s.end - s.start) * g.edgeCost[s.edge]! * mult[s.edge]!) / Math.max(1e-9, g.edgeLength[s.edge]!);
        const clean = steps.filter((s) => s.start !== s.end);
        out.push({
          heading: this.bearing(start, u),
          vias: [this.planner.index.atNode(u)],
          steps: clean,
          length: L,
          cost: cst,
          retrace: retraced(clean) / L,
        });
      }
    }
    // a start on a closed way (one edge from its junction back to it) lies on a cycle the trees
    // cannot close (the start edge is no tree or closing edge): round the way from the start
    if (a0 === b0 && L0 >= D * 0.6 && L0 <= D * (1 + ACCEPT)) {
      const far = this.planner.index.atOffset(start.edge, (start.offset + L0 / 2) % L0);
      const bearing = this.bearing(start, [far.lon, far.lat]);
      if (heading === undefined || Math.abs(((bearing - heading + 540) % 360) - 180) <= 75) {
        const steps = [
          { edge: start.edge, start: start.offset, end: 0 },
          { edge: start.edge, start: L0, end: start.offset },
        ].filter((s) => s.start !== s.end);
        out.push({ heading: bearing, vias: [far], steps, length: L0, cost: this.stepsCost(steps, prefs), retrace: 0 });
      }
    }
    // keep the most promising few distinct loops (the rest only cost time in scoring)
    const seen2 = new Set<string>();
    const unique = out.filter((c) => {
      const key = `${Math.round(c.length)}:${Math.round(c.retrace * 1000)}`;
      if (seen2.has(key)) return false;
      seen2.add(key);
      return true;
    });
    unique.sort((p, q) => Math.abs(p.length - D) / D + p.retrace - (Math.abs(q.length - D) / D + q.retrace));
    return unique.slice(0, 24);
  }
  private treeState:
    | { cost: Float64Array; len: Float64Array; parent: Int32Array; depth: Int32Array; seen: Uint32Array; done: Uint32Array; gen: number }
    | undefined;

  /** Lollipop loops (stem + closed trail + stem back) from the exhaustive closed-trail search. */
  private trailCandidates(
    start: Snap,
    D: number,
    rnd: () => number,
    prefs: RoutePreferences | undefined,
    heading: number | undefined,
  ): Candidate[] {
    const g = this.planner.graph;
    const found = searchTrailLoops(g, start, {
      distance: D,
      tolerance: ACCEPT,
      maxRetrace: 0.1,
      budget: TRAIL_BUDGET,
      max: 12,
      rnd,
      maxAttachments: 60,
    });
    return this.searchedCandidates(start, found.loops, prefs, heading);
  }

  /** Multi-lobe loops (lobes run once, connectors out and back) from `searchLobeLoops`. */
  private lobeCandidates(
    start: Snap,
    D: number,
    rnd: () => number,
    prefs: RoutePreferences | undefined,
    heading: number | undefined,
  ): Candidate[] {
    const found = searchLobeLoops(this.planner.graph, start, this.bridge, {
      distance: D,
      tolerance: ACCEPT,
      maxRetrace: 0.1,
      budget: LOBE_BUDGET,
      max: 4,
      rnd,
    });
    return this.searchedCandidates(start, found.loops, prefs, heading);
  }

  /**
   * Candidates from a search's closed walks (closed trails, multi-lobe loops): heading from the
   * start to the walk's farthest node, dropped when a requested heading is more than 75° off.
   */
  private searchedCandidates(
    start: Snap,
    loops: { far: number; steps: PathStep[]; length: number }[],
    prefs: RoutePreferences | undefined,
    heading: number | undefined,
  ): Candidate[] {
    const out: Candidate[] = [];
    for (const l of loops) {
      const bearing = this.bearing(start, l.far);
      if (heading !== undefined && Math.abs(((bearing - heading + 540) % 360) - 180) > 75) continue;
      out.push({
        heading: bearing,
        vias: [this.planner.index.atNode(l.far)],
        steps: l.steps,
        length: l.length,
        cost: this.stepsCost(l.steps, prefs),
        retrace: retraced(l.steps) / l.length,
      });
    }
    return out;
  }

  /**
   * Pad short loops whose retrace share stays ≤ 10 % once padded to just inside the window
   * (spur of (PAD_TO·D − L)/2 from the loop) — to that length and to D — best candidates first.
   */
  private padLowRetrace(start: Snap, short: Candidate[], D: number, prefs: RoutePreferences | undefined, into: Candidate[]) {
    const predicted = (c: Candidate) => (c.retrace * c.length + (padTarget(c.length, D) - c.length) / 2) / padTarget(c.length, D);
    const ok = short.filter((c) => predicted(c) <= 0.1).sort((a, b) => predicted(a) - predicted(b));
    for (const c of ok.slice(0, 4)) {
      for (const target of [padTarget(c.length, D), D]) {
        const p = this.padWalk(c, target, prefs);
        if (p) into.push(p);
      }
    }
  }

  /**
   * An out-and-back spur from a node of the loop, over edges the loop does not use, turning
   * mid-edge so the loop becomes exactly `target` long (cheapest by running cost), inserted where
   * the loop passes that node. Null when no such spur exists.
   */
  private padWalk(c: Candidate, target: number, prefs: RoutePreferences | undefined): Candidate | null {
    const x = (target - c.length) / 2;
    if (x <= 0) return null;
    const g = this.planner.graph;
    const n = g.nodeCount;
    const used = new Uint8Array(g.edgeCount);
    for (const s of c.steps) used[s.edge] = 1;
    const endNode = (s: PathStep) => (s.end <= 1e-6 ? g.edgeFrom[s.edge]! : s.end >= g.edgeLength[s.edge]! - 1e-6 ? g.edgeTo[s.edge]! : -1);
    const at = new Int32Array(n).fill(-1); // index of a step after which the loop stands on the node
    const cost = new Float64Array(n).fill(Infinity);
    const len = new Float64Array(n);
    const parent = new Int32Array(n).fill(-1);
    const heap = new TypedHeap();
    c.steps.forEach((s, i) => {
      const v = endNode(s);
      if (v >= 0 && at[v]! < 0) {
        at[v] = i;
        cost[v] = 0;
        len[v] = 0;
        heap.push(0, v);
      }
    });
    const mult = this.planner.router.edgeMult(prefs);
    const kOf = (e: number) => (g.edgeLength[e]! > 0 ? g.edgeCost[e]! / g.edgeLength[e]! : 1) * mult[e]!;
    const done = new Uint8Array(n);
    while (heap.size) {
      const cu = heap.minKey;
      const u = heap.pop();
      if (done[u]) continue;
      done[u] = 1;
      if (len[u]! > x) continue;
      for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
        const e = g.adjEdge[i]!;
        if (used[e]) continue;
        const v = g.otherEnd(e, u);
        const cv = cu + g.edgeLength[e]! * kOf(e);
        if (cv < cost[v]!) {
          cost[v] = cv;
          len[v] = len[u]! + g.edgeLength[e]!;
          parent[v] = e;
          heap.push(cv, v);
        }
      }
    }
    let best = Infinity;
    let bestEdge = -1;
    let bestFrom = -1;
    let bestAlong = 0;
    for (let e = 0; e < g.edgeCount; e++) {
      if (used[e]) continue;
      const el = g.edgeLength[e]!;
      const k = kOf(e);
      for (const [u, w] of [
        [g.edgeFrom[e]!, g.edgeTo[e]!],
        [g.edgeTo[e]!, g.edgeFrom[e]!],
      ] as const) {
        if (!done[u]) continue;
        const along = x - len[u]!;
        if (!(along >= 0 && along <= el)) continue;
        const cc = cost[u]! + along * k;
        if (cc > cost[w]! + (el - along) * k || cc >= best) continue;
        best = cc;
        bestEdge = e;
        bestFrom = u;
        bestAlong = along;
      }
    }
    if (bestEdge < 0) return null;
    const out: PathStep[] = [];
    let v = bestFrom;
    while (parent[v]! >= 0 && at[v]! < 0) {
      const e = parent[v]!;
      const u = g.otherEnd(e, v);
      out.push(g.edgeFrom[e] === u ? { edge: e, start: 0, end: g.edgeLength[e]! } : { edge: e, start: g.edgeLength[e]!, end: 0 });
      v = u;
    }
    out.reverse();
    const fromStart = g.edgeFrom[bestEdge] === bestFrom;
    const tip = fromStart ? bestAlong : g.edgeLength[bestEdge]! - bestAlong;
    const turn: PathStep[] = [
      { edge: bestEdge, start: fromStart ? 0 : g.edgeLength[bestEdge]!, end: tip },
      { edge: bestEdge, start: tip, end: fromStart ? 0 : g.edgeLength[bestEdge]! },
    ].filter((s) => s.start !== s.end);
    const back = [...out].reverse().map((s) => ({ edge: s.edge, start: s.end, end: s.start }));
    const i = at[v]!;
    const steps = [...c.steps.slice(0, i + 1), ...out, ...turn, ...back, ...c.steps.slice(i + 1)];
    const length = c.length + 2 * x;
    return {
      heading: c.heading,
      vias: c.vias,
      steps,
      length,
      cost: c.cost + 2 * best,
      retrace: retraced(steps) / length,
    };
  }

  /**
   * Whether a loop of `distance` ±5 % with ≤ 10 % retrace exists from this start: false is a proof
   * (`lowRetraceEdgeBound`, `lowRetraceBlockBound` or `lowRetraceCycleSpaceBound`), true means one
   * was found (closed-trail search, or multi-lobe search padded like the generator pads), null is
   * unknown.
   */
  lowRetracePossible(s: Snap, distance: number, budget = 400_000): boolean | null {
    const q = { distance, tolerance: ACCEPT, maxRetrace: 0.1 };
    if (lowRetraceEdgeBound(this.planner.graph, s, q, this.bridge) < distance * (1 - ACCEPT) * (1 - 2 * q.maxRetrace)) return false;
    if (!lowRetraceBlockBound(this.planner.graph, s, q, this.bridge)) return false;
    if (lowRetraceCycleSpaceBound(this.planner.graph, s, q) === false) return false;
    const g = this.planner.graph;
    const r = searchTrailLoops(g, s, { ...q, budget, max: 50 });
    if (r.loops.some((l) => retraced(l.steps) <= 0.1 * l.length)) return true;
    // multi-lobe loops, padded into the window when short (as the generator does)
    const lobes = searchLobeLoops(g, s, this.bridge, { ...q, budget: budget * 4, max: 8 });
    for (const l of lobes.loops) {
      const c: Candidate = { heading: 0, vias: [], steps: l.steps, length: l.length, cost: 0, retrace: retraced(l.steps) / l.length };
      const p = c.length < distance * PAD_TO ? this.padWalk(c, padTarget(c.length, distance), undefined) : c;
      if (p && Math.abs(p.length - distance) <= distance * ACCEPT && p.retrace <= 0.1) return true;
    }
    return null;
  }

  /** degrees clockwise from north from the start to a node or a point */
  private bearing(start: Snap, to: number | LonLat) {
    const [fx, fy] = typeof to === 'number' ? this.planner.graph.nodeCoord(to) : to;
    return ((Math.atan2((fx - start.lon) * Math.cos((start.lat * Math.PI) / 180), fy - start.lat) * 180) / Math.PI + 360) % 360;
  }

  private stepsCost(steps: PathStep[], prefs: RoutePreferences | undefined) {
    const g = this.planner.graph;
    const mult = this.planner.router.edgeMult(prefs);
    let c = 0;
    for (const st of steps)
      c += (Math.abs(st.end - st.start) * g.edgeCost[st.edge]! * mult[st.edge]!) / Math.max(1e-9, g.edgeLength[st.edge]!);
    return c;
  }

  /** Steps from the start point down the Dijkstra tree to node v. */
  private treePath(start: Snap, v: number, parent: Int32Array): PathStep[] {
    const g = this.planner.graph;
    const rev: PathStep[] = [];
    let x = v;
    while (parent[x] !== -1) {
      const e = parent[x]!;
      const forward = g.edgeTo[e] === x;
      rev.push({ edge: e, start: forward ? 0 : g.edgeLength[e]!, end: forward ? g.edgeLength[e]! : 0 });
      x = g.otherEnd(e, x);
    }
    // x is an end of the start edge
    rev.push({ edge: start.edge, start: start.offset, end: joinAt(g, start.edge, start.offset, x) });
    return rev.reverse();
  }

  /**
   * Add an out-and-back spur from the start so the loop is exactly D long: a Dijkstra from the
   * start (running cost, the loop's own edges ×5) finds the cheapest place whose path length is
   * exactly (D − L)/2, mid-edge; we run there and back before the loop.
   */
  private pad(start: Snap, c: Candidate, D: number, prefs: RoutePreferences | undefined, allowShort = false): Candidate | null {
    const x = (D - c.length) / 2;
    if (x <= 0) return null;
    const g = this.planner.graph;
    const router = this.planner.router;
    const pen = this.penalty;
    const touched: number[] = [];
    for (const s of c.steps) {
      if (pen[s.edge] === 1) {
        pen[s.edge] = REUSE_PENALTY;
        touched.push(s.edge);
      }
    }
    try {
      const n = g.nodeCount;
      const cost = new Float64Array(n).fill(Infinity);
      const len = new Float64Array(n).fill(Infinity);
      const heap = new TypedHeap();
      const k0 = router.edgeCostPerMetre(start.edge, { preferences: prefs, edgePenalty: pen });
      const a0 = g.edgeFrom[start.edge]!;
      const b0 = g.edgeTo[start.edge]!;
      const L0 = g.edgeLength[start.edge]!;
      // the point may lie on the start edge itself
      let bestCost = Infinity;
      let bestOffset = -1;
      let bestEdge = -1;
      if (start.offset + x <= L0 || start.offset - x >= 0) {
        bestCost = x * k0;
        bestEdge = start.edge;
        bestOffset = start.offset + x <= L0 ? start.offset + x : start.offset - x;
      }
      cost[a0] = start.offset * k0;
      len[a0] = start.offset;
      cost[b0] = Math.min(cost[b0]!, (L0 - start.offset) * k0);
      if (cost[b0] === (L0 - start.offset) * k0) len[b0] = L0 - start.offset;
      heap.push(cost[a0]!, a0);
      heap.push(cost[b0]!, b0);
      const done = new Uint8Array(n);
      const mult = router.edgeMult(prefs);
      const kOf = (e: number) => (g.edgeLength[e]! > 0 ? g.edgeCost[e]! / g.edgeLength[e]! : 1) * mult[e]! * pen[e]!;
      while (heap.size) {
        const cu = heap.minKey;
        const u = heap.pop();
        if (done[u]) continue;
        done[u] = 1;
        if (len[u]! > x) continue; // nothing beyond the turn point is needed
        for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
          const e = g.adjEdge[i]!;
          const v = g.otherEnd(e, u);
          const cv = cu + g.edgeLength[e]! * kOf(e);
          if (cv < cost[v]!) {
            cost[v] = cv;
            len[v] = len[u]! + g.edgeLength[e]!;
            heap.push(cv, v);
          }
        }
      }
      // the turn point: on an edge whose cheapest approach (from either end) is exactly x long;
      // points on the start edge itself were handled above
      for (let e = 0; e < g.edgeCount; e++) {
        if (e === start.edge) continue;
        const el = g.edgeLength[e]!;
        const k = kOf(e);
        const f = g.edgeFrom[e]!;
        const t = g.edgeTo[e]!;
        for (const [u, w] of [
          [f, t],
          [t, f],
        ] as const) {
          const along = x - len[u]!;
          if (!(along >= 0 && along <= el)) continue;
          const c = cost[u]! + along * k;
          if (c > cost[w]! + (el - along) * k || c >= bestCost) continue; // cheaper from the other end
          bestCost = c;
          bestEdge = e;
          bestOffset = u === f ? along : el - along;
        }
      }
      if (bestEdge < 0 && allowShort) {
        // the network is too small for the full distance: turn at the farthest reachable point
        let far = -1;
        for (let v = 0; v < n; v++) if (len[v]! < Infinity && (far < 0 || len[v]! > len[far]!)) far = v;
        if (far >= 0 && len[far]! > 0) {
          const e = g.adjEdge[g.adjOffset[far]!]!;
          bestEdge = e;
          bestOffset = g.edgeFrom[e] === far ? 0 : g.edgeLength[e]!;
        }
      }
      if (bestEdge < 0) return null;
      const turn = this.planner.index.atOffset(bestEdge, bestOffset);
      const out = router.route(start, turn, { preferences: prefs, edgePenalty: pen });
      if (!out) return null;
      const back = [...out.steps].reverse().map((s) => ({ edge: s.edge, start: s.end, end: s.start }));
      const steps = [...out.steps, ...back, ...c.steps];
      const length = 2 * out.length + c.length;
      return {
        heading: c.heading,
        vias: [turn, ...c.vias],
        steps,
        length,
        cost: 2 * out.cost + c.cost,
        retrace: length > 0 ? retraced(steps) / length : 0,
      };
    } finally {
      for (const e of touched) pen[e] = 1;
    }
  }

  /** Route one closed loop through the vias; returns its steps, length, cost and retrace share. */
  private evaluate(start: Snap, vias: Snap[], prefs: RoutePreferences | undefined): Omit<Candidate, 'heading' | 'vias'> | null {
    const g = this.planner.graph;
    const router = this.planner.router;
    const pen = this.penalty;
    const touched: number[] = [];
    const steps: PathStep[] = [];
    let length = 0;
    let cost = 0;
    const pts = [start, ...vias, start];
    try {
      for (let i = 0; i < pts.length - 1; i++) {
        const r = router.route(pts[i]!, pts[i + 1]!, { preferences: prefs, edgePenalty: pen });
        if (!r) return null;
        for (const s of r.steps) {
          steps.push(s);
          // not on a closed way: its vias already fix which way round each leg goes (see
          // roundClosedWays), and a penalty on the whole edge cannot tell its halves apart
          if (pen[s.edge] === 1 && g.edgeFrom[s.edge] !== g.edgeTo[s.edge]) {
            pen[s.edge] = REUSE_PENALTY;
            touched.push(s.edge);
          }
        }
        length += r.length;
        cost += r.cost;
      }
    } finally {
      for (const e of touched) pen[e] = 1;
    }
    return { steps, length, cost, retrace: length > 0 ? retraced(steps) / length : 0 };
  }

  /**
   * Vias that take the loop round the closed ways they lie on. A closed way (one edge from its
   * only junction back to it: a square, a pond, a roundabout mapped as one way) is entered and
   * left at that junction, and a route there and on to one point on it takes the nearer way round
   * both times: an out-and-back. So each run of consecutive vias on one closed way becomes two
   * vias, a third and two thirds of the way round from where the loop enters it (its junction, or
   * the start when the start lies on it): every leg's nearer way is then the next third, and the
   * loop runs round the whole way once.
   */
  private roundClosedWays(start: Snap, vias: Snap[]): Snap[] {
    const g = this.planner.graph;
    const out: Snap[] = [];
    for (let i = 0; i < vias.length;) {
      const e = vias[i]!.edge;
      const L = g.edgeLength[e]!;
      let j = i + 1;
      if (g.edgeFrom[e] !== g.edgeTo[e] || !(L > 0)) {
        out.push(vias[i]!);
        i = j;
        continue;
      }
      while (j < vias.length && vias[j]!.edge === e) j++;
      const entry = start.edge === e ? start.offset : 0;
      for (const f of [1 / 3, 2 / 3]) out.push(this.planner.index.atOffset(e, (entry + f * L) % L));
      i = j;
    }
    return out;
  }

  /** Find the radius for one heading/shape by secant steps on the measured length. */
  private fit(
    start: Snap,
    D: number,
    heading: number,
    k: number,
    clockwise: boolean,
    prefs: RoutePreferences | undefined,
  ): Candidate | null {
    const g = this.planner.graph;
    const comp = g.edgeComponent(start.edge);
    const accept = (e: number) => this.bridge[e] === 0 && g.nodeComponent[g.edgeFrom[e]!] === comp;
    let r = D / (2 * Math.PI * (k === 1 ? 0.7 : 1.25));
    let best: Candidate | null = null;
    let lo: [number, number] | null = null; // [radius, length] with length < D
    let hi: [number, number] | null = null; // … with length > D
    for (let iter = 0; iter < FIT_ITERATIONS; iter++) {
      const vias: Snap[] = [];
      const th = (heading * Math.PI) / 180;
      const sx = (start.lon - g.lon0) * g.kx;
      const sy = (start.lat - g.lat0) * g.ky;
      const cx = sx + r * Math.sin(th);
      const cy = sy + r * Math.cos(th);
      const phi0 = Math.atan2(sy - cy, sx - cx);
      for (let j = 1; j <= k; j++) {
        const phi = phi0 + ((clockwise ? -1 : 1) * (j * 2 * Math.PI)) / (k + 1);
        const x = cx + r * Math.cos(phi);
        const y = cy + r * Math.sin(phi);
        const s = this.planner.index.snap([x / g.kx + g.lon0, y / g.ky + g.lat0], Math.max(1500, r), accept);
        if (s) vias.push(s);
      }
      if (!vias.length) return best;
      const routed = this.roundClosedWays(start, vias);
      const ev = this.evaluate(start, routed, prefs);
      if (!ev || ev.length <= 0) return best;
      const c: Candidate = { heading, vias: routed, ...ev };
      const err = (x: Candidate) => Math.abs(x.length - D) / D + (x.retrace > 0.1 ? x.retrace : 0);
      if (!best || err(c) < err(best)) best = c;
      if (Math.abs(ev.length - D) <= D * TOLERANCE * 0.5 && ev.retrace <= 0.1) break;
      if (ev.length < D) lo = !lo || r > lo[0] ? [r, ev.length] : lo;
      else hi = !hi || r < hi[0] ? [r, ev.length] : hi;
      if (lo && hi && hi[0] > lo[0]) {
        // secant inside the bracket, kept away from its ends
        const w = hi[0] - lo[0];
        const t = hi[1] > lo[1] ? (D - lo[1]) / (hi[1] - lo[1]) : 0.5;
        r = lo[0] + w * Math.min(0.85, Math.max(0.15, t));
      } else r *= Math.min(1.8, Math.max(0.55, D / ev.length));
    }
    return best;
  }

  private toResult(start: Snap, c: Candidate, pace: number): LoopResult {
    const p = this.planner;
    const g = p.graph;
    const lon: number[] = [];
    const lat: number[] = [];
    const ele: number[] = [];
    const dist: number[] = [];
    const wayTypes: Record<string, number> = {};
    const surfaces: Record<string, number> = {};
    let green = 0;
    let total = 0;
    const stepEnds: number[] = [];
    for (const s of c.steps) {
      const piece = { lon: [] as number[], lat: [] as number[], ele: [] as number[], cls: '', surface: '' };
      p.stepGeometry(s, piece);
      for (let j = 0; j < piece.lon.length; j++) {
        if (lon.length) {
          const d = Math.hypot((piece.lon[j]! - lon[lon.length - 1]!) * g.kx, (piece.lat[j]! - lat[lat.length - 1]!) * g.ky);
          if (d < 0.01) continue;
          total += d;
        }
        lon.push(piece.lon[j]!);
        lat.push(piece.lat[j]!);
        ele.push(piece.ele[j]!);
        dist.push(total);
      }
      const len = Math.abs(s.end - s.start);
      const cls = WAY_CLASS_NAMES[g.edgeClass[s.edge]!] ?? 'road';
      const sf = SURFACE_NAMES[g.edgeSurface[s.edge]!] ?? 'unknown';
      wayTypes[cls] = (wayTypes[cls] ?? 0) + len;
      surfaces[sf] = (surfaces[sf] ?? 0) + len;
      green += (len * g.edgeGreen[s.edge]!) / 255;
      stepEnds.push(lon.length - 1);
    }
    // distances from the edge lengths (geodesic) rather than the projection: rescale
    const scale = total > 0 ? c.length / total : 1;
    for (let i = 0; i < dist.length; i++) dist[i]! *= scale;
    // Editable waypoints: as few as possible such that the shortest path between consecutive ones
    // is exactly this loop's stretch (greedy along step ends, checked by routing), so snapping
    // legs through them reproduces the loop instead of short-cutting it. Checked with the plain
    // running cost, as `RoutePlanner.route` (and so the editor) routes a leg without preferences:
    // a loop generated with preferences still comes back unchanged when it is edited.
    const last = lon.length - 1;
    const snapAt = (i: number) => p.index.snap([lon[i]!, lat[i]!], 5) ?? p.index.snap([lon[i]!, lat[i]!], 200)!;
    const same = (a: number, b: number) => {
      const r = p.router.route(snapAt(a), snapAt(b), {});
      const want = dist[b]! - dist[a]!;
      return r !== null && Math.abs(r.length - want) <= 1 + 0.002 * want;
    };
    const ends = [...new Set(stepEnds)].filter((i) => i > 0).sort((x, y) => x - y);
    if (ends[ends.length - 1] !== last) ends.push(last);
    const idx = [0];
    let k = 0;
    while (idx[idx.length - 1]! < last && idx.length < MAX_WAYPOINTS - 1) {
      const a = idx[idx.length - 1]!;
      while (k < ends.length && ends[k]! <= a) k++;
      // the farthest step end the shortest path from a still follows: a stretch of a shortest path
      // is one too, so gallop (k, k+1, k+3, k+7 …) to the first end it does not, then bisect
      let best = -1;
      let ok = k - 1; // ends[ok] is known to follow (k − 1: none yet)
      let bad = ends.length; // ends[bad] is known not to
      for (let step = 1; ok + step < bad; step *= 2) {
        const j = ok + step;
        if (same(a, ends[j]!)) ok = j;
        else {
          bad = j;
          break;
        }
      }
      while (bad - ok > 1) {
        const j = (ok + bad) >> 1;
        if (same(a, ends[j]!)) ok = j;
        else bad = j;
      }
      if (ok >= k) best = ends[ok]!;
      if (best < 0) {
        // even the next step is not a shortest path on its own: pin its middle
        const nb = ends[k] ?? last;
        const mid = (dist[a]! + dist[nb]!) / 2;
        let i = a + 1;
        while (i < nb && dist[i]! < mid) i++;
        best = i;
      }
      idx.push(best);
    }
    if (idx[idx.length - 1] !== last) idx.push(last);
    const waypoints: [number, number][] = idx.map((i) => [lon[i]!, lat[i]!]);
    waypoints[0] = waypoints[waypoints.length - 1] = [start.lon, start.lat];
    const legs = idx
      .slice(1)
      .map((b, i) => ({ mode: 'snap' as const, routed: true, from: idx[i]!, to: b, distance: dist[b]! - dist[idx[i]!]! }));
    const res = p.finish(lon, lat, ele, dist, waypoints, legs, wayTypes, surfaces, pace, green);
    return { ...res, heading: Math.round(c.heading), retrace: c.retrace };
  }
}

/** metres of `steps` that cover ground already covered by earlier steps (interval union per edge) */
export function retraced(steps: PathStep[]): number {
  const byEdge = new Map<number, [number, number][]>();
  let total = 0;
  for (const s of steps) {
    const a = Math.min(s.start, s.end);
    const b = Math.max(s.start, s.end);
    total += b - a;
    let list = byEdge.get(s.edge);
    if (!list) byEdge.set(s.edge, (list = []));
    list.push([a, b]);
  }
  let covered = 0;
  for (const list of byEdge.values()) {
    list.sort((x, y) => x[0] - y[0]);
    let [ca, cb] = list[0]!;
    for (let i = 1; i < list.length; i++) {
      const [a, b] = list[i]!;
      if (a > cb) {
        covered += cb - ca;
        ca = a;
        cb = b;
      } else if (b > cb) cb = b;
    }
    covered += cb - ca;
  }
  return Math.max(0, total - covered);
}

/** two candidates that walk exactly the same steps */
function sameWalk(a: Candidate, b: Candidate): boolean {
  return (
    a.steps.length === b.steps.length &&
    a.steps.every(
      (s, i) => s.edge === b.steps[i]!.edge && Math.abs(s.start - b.steps[i]!.start) < 0.01 && Math.abs(s.end - b.steps[i]!.end) < 0.01,
    )
  );
}

/** metres two step lists share (approximate: whole-edge overlap, capped by the shorter use) */
function overlap(edgeLength: Float32Array, a: PathStep[], b: PathStep[]): number {
  const used = new Map<number, number>();
  for (const s of a) used.set(s.edge, (used.get(s.edge) ?? 0) + Math.abs(s.end - s.start));
  let shared = 0;
  const seen = new Set<number>();
  for (const s of b) {
    if (seen.has(s.edge)) continue;
    seen.add(s.edge);
    const u = used.get(s.edge);
    if (u !== undefined) shared += Math.min(u, edgeLength[s.edge]!, Math.abs(s.end - s.start));
  }
  return shared;
}

/** Bridges of the undirected graph (iterative Tarjan low-link); parallel edges are not bridges. */
function findBridges(p: RoutePlanner): Uint8Array {
  const g = p.graph;
  const n = g.nodeCount;
  const bridge = new Uint8Array(g.edgeCount);
  const disc = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const parentEdge = new Int32Array(n).fill(-1);
  const iter = new Uint32Array(n);
  const stack = new Int32Array(n);
  let time = 0;
  for (let root = 0; root < n; root++) {
    if (disc[root] !== -1) continue;
    let sp = 0;
    stack[sp++] = root;
    disc[root] = low[root] = time++;
    iter[root] = g.adjOffset[root]!;
    while (sp > 0) {
      const u = stack[sp - 1]!;
      if (iter[u]! < g.adjOffset[u + 1]!) {
        const e = g.adjEdge[iter[u]!++]!;
        if (e === parentEdge[u]) continue;
        const v = g.otherEnd(e, u);
        if (disc[v] === -1) {
          parentEdge[v] = e;
          disc[v] = low[v] = time++;
          iter[v] = g.adjOffset[v]!;
          stack[sp++] = v;
        } else if (disc[v]! < low[u]!) low[u] = disc[v]!;
      } else {
        sp--;
        const pe = parentEdge[u]!;
        if (pe >= 0) {
          const par = g.otherEnd(pe, u);
          if (low[u]! < low[par]!) low[par] = low[u]!;
          if (low[u]! > disc[par]!) bridge[pe] = 1;
        }
      }
    }
  }
  return bridge;
}
