// The routing growth table of `npm run bench:routing` (issue 15, "Scale"): generated road
// networks of 10k, 100k and 1M graph nodes (routing-network.ts) built through the pack's own path
// — `buildRunningGraph` → graph.bin bytes → `PlanningEngine.fromBytes` + `warm()`, what the routing
// worker does — then queries, loops and ngraph.path A* beside us on the same nodes and costs.
//
// Each size runs in a child process of its own (clean heap and RSS figures, ≤ 6 GB old space).
// `BENCH_ROUTING_SCALE=10k,100k,1M` picks the sizes (default all three; `0` or `none` skips);
// `BENCH_SCALE_PAIRS` (default 1000) query pairs; `BENCH_SCALE_LOOPS` (default 30) loop starts;
// `BENCH_SCALE_ALT_PAIRS` / `BENCH_SCALE_NG_PAIRS` cap the ALT and ngraph.path pairs (defaults: all
// pairs up to 30k nodes; ngraph.path 300 at 100k and 40 at 1M, ALT 200 at 1M — long random pairs
// across a 1M-node region take ngraph.path seconds each); `BENCH_SCALE_JSON=1` also prints raw results.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildRunningGraph, PlanningEngine, withHierarchyOrder, type RunningGraph, type Snap } from '@waymark/geo';
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { ngraphPathCost } from './ngraph-peer.ts';
import { randomSnapPairs, syntheticNetwork } from './routing-network.ts';

const TARGETS_1M = { chS: 20, p99Ms: 1, loopMedianMs: 300, bytesPerNode: 40 };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mib = (b: number) => b / 1048576;

export function parseSizes(spec: string | undefined): number[] {
  if (spec === undefined || spec.trim() === '') return [10_000, 100_000, 1_000_000];
  if (/^(0|none|off)$/i.test(spec.trim())) return [];
  return spec.split(',').map((s) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([kKmM]?)\s*$/.exec(s);
    if (!m) throw new Error(`BENCH_ROUTING_SCALE: cannot read size "${s}" (e.g. 10k,100k,1M)`);
    const n = Number(m[1]) * (m[2]!.toLowerCase() === 'k' ? 1e3 : m[2]!.toLowerCase() === 'm' ? 1e6 : 1);
    if (!(n >= 100 && n <= 5e6)) throw new Error(`BENCH_ROUTING_SCALE: size ${s} out of range (100 … 5M)`);
    return Math.round(n);
  });
}

export interface ScaleResult {
  target: number;
  osmNodes: number;
  ways: number;
  nodes: number;
  edges: number;
  shapes: number;
  genMs: number;
  buildMs: number;
  /** the region builder's full hierarchy build, whose order goes into graph.bin: wall, CPU */
  orderMs: number;
  orderCpuMs: number;
  bytes: number;
  gridBytes: number;
  decodeMs: number;
  chMs: number;
  chCpuMs: number;
  shortcuts: number;
  coreSize: number;
  landmarkMs: number;
  /** landmarks built, and the memory of their distances (MiB) */
  landmarks: number;
  landmarkMiB: number;
  heapMiB: number;
  rssMiB: number;
  pairs: number;
  repeat: number;
  chP50: number;
  chP99: number;
  chSettledMean: number;
  altPairs: number;
  altP50: number;
  altP99: number;
  loopStarts: number;
  loopMedian: number;
  loopP95: number;
  loopFailed: number;
  ngBuildMs: number;
  ngHeapMiB: number;
  ngPairs: number;
  ngP50: number;
  ngP99: number;
  oursNodeP50: number;
  oursNodeP99: number;
  worstDiff: number;
}

/** One size, in this process: generate, build, load, measure. */
export function runSize(target: number): ScaleResult {
  const PAIRS = Number(process.env.BENCH_SCALE_PAIRS ?? 1000);
  const LOOPS = Number(process.env.BENCH_SCALE_LOOPS ?? 30);
  // best of REPEAT per pair for every engine alike (filters preemption); one pass on the big graphs
  const REPEAT = Number(process.env.BENCH_REPEAT ?? (target <= 20_000 ? 3 : 1));
  const timeIt = (fn: () => unknown) => {
    let best = Infinity;
    for (let r = 0; r < REPEAT; r++) {
      const s = performance.now();
      fn();
      best = Math.min(best, performance.now() - s);
    }
    return best;
  };

  let t = performance.now();
  const net = syntheticNetwork(target, 15);
  const genMs = performance.now() - t;
  t = performance.now();
  const plain = buildRunningGraph(net.input);
  const buildMs = performance.now() - t;
  // the region builder then orders the hierarchy once (a full build) and stores the order in the file
  t = performance.now();
  const cpuOrder = process.cpuUsage();
  const bytes = withHierarchyOrder(plain);
  const orderMs = performance.now() - t;
  const orderCpu = process.cpuUsage(cpuOrder);
  const orderCpuMs = (orderCpu.user + orderCpu.system) / 1000;
  const { osmNodes, ways } = net;
  (net as { input: unknown }).input = null; // let the OSM-level input go before measuring memory
  gc();

  // load as the worker does: bytes → PlanningEngine (decode, snap index), then warm() (hierarchy)
  t = performance.now();
  const engine = PlanningEngine.fromBytes('synthetic', bytes);
  const decodeMs = performance.now() - t;
  t = performance.now();
  const cpu0 = process.cpuUsage();
  engine.warm();
  const chMs = performance.now() - t;
  const chCpu = process.cpuUsage(cpu0);
  const chCpuMs = (chCpu.user + chCpu.system) / 1000;
  const planner = engine.planner;
  const g: RunningGraph = engine.graph;
  const ch = planner.router.hierarchy();
  const gridBytes = new DataView(bytes.buffer, bytes.byteOffset).getUint32(72, true);

  // random points of the bbox snapped onto the main network (every pair connected)
  const pairs = randomSnapPairs(g, (at) => planner.snap(at, 500, 0), PAIRS);

  // the hierarchy: what every planner leg runs
  for (let i = 0; i < 200; i++) planner.router.route(...pairs[i % PAIRS]!);
  const chTimes: number[] = [];
  let settled = 0;
  for (const [p, q] of pairs) {
    chTimes.push(timeIt(() => planner.router.route(p, q)));
    settled += planner.router.route(p, q)?.settled ?? 0;
  }

  // our hierarchy on the node pairs nearest the snapped points (what ngraph.path gets below), timed
  // here beside the snapped pairs. Timed after A* and the loops (until 2026-11-25) the 1M median
  // was 10 ms against 2.2 ms for the snapped pairs, while timed side by side (routing-ch-build.ts)
  // both are 1.8 ms: the gap came from what ran before, not from the pairs
  const nearNode = (s: Snap) => (s.offset <= g.edgeLength[s.edge]! / 2 ? g.edgeFrom[s.edge]! : g.edgeTo[s.edge]!);
  const nodePairs = pairs.map(([p, q]) => [nearNode(p), nearNode(q)] as [number, number]);
  const nodeSnaps = nodePairs.map(([p, q]) => [planner.index.atNode(p), planner.index.atNode(q)] as const);
  const oursNode: number[] = [];
  const oursCost: number[] = [];
  for (const [p, q] of nodeSnaps) {
    oursNode.push(timeIt(() => planner.router.route(p, q)));
    oursCost.push(planner.router.route(p, q)?.cost ?? NaN);
  }

  // with a preference: ALT A* (landmarks built on the first such query, as in the worker; as many
  // as fit in 48 MiB of float32 distances, 16 up to 786k nodes and 12 at 1M — planner.ts
  // `landmarkCount`; until 2026-11-28 none above 300k nodes, i.e. plain A*)
  const prefs = { preferences: { avoidBusyRoads: true } };
  t = performance.now();
  planner.router.route(pairs[0]![0], pairs[0]![1], prefs);
  const landmarkMs = performance.now() - t;
  const lm = planner.router.landmarkTable();
  gc();
  const mem = process.memoryUsage();
  // typed arrays (everything the graph, snap index, hierarchy and landmarks hold) live outside the
  // JS heap: count heapUsed + arrayBuffers, the graph.bin bytes included
  const heapMiB = mib(mem.heapUsed + mem.arrayBuffers);
  const rssMiB = mib(mem.rss);
  // A* on the big graphs settles a large share of the graph per random pair: cap its time (200
  // pairs at 1M, kept when the landmarks came so that runs compare)
  const altPairs = Math.min(PAIRS, Number(process.env.BENCH_SCALE_ALT_PAIRS ?? (target > 300_000 ? 200 : PAIRS)));
  const altTimes: number[] = [];
  for (let i = 0; i < altPairs; i++) {
    const [p, q] = pairs[i]!;
    altTimes.push(timeIt(() => planner.router.route(p, q, prefs)));
  }

  // loops: 10 km, 3 alternatives, from random snapped starts
  const loopTimes: number[] = [];
  let loopFailed = 0;
  for (let i = 0; i < LOOPS; i++) {
    const s = pairs[i % PAIRS]![0];
    const t0 = performance.now();
    try {
      engine.loops({ start: [s.lon, s.lat], distanceKm: 10, seed: i + 1, alternatives: 3 });
    } catch {
      loopFailed++;
    }
    loopTimes.push(performance.now() - t0);
  }

  // ngraph.path A* beside us (below): the same nodes and edge costs, node pairs nearest the snapped points
  gc();
  const used = () => {
    const u = process.memoryUsage();
    return u.heapUsed + u.arrayBuffers;
  };
  const ngHeap0 = used();
  t = performance.now();
  const ng = createGraph<{ x: number; y: number }, { w: number }>({ multigraph: true });
  for (let i = 0; i < g.nodeCount; i++) ng.addNode(i, { x: g.nodeX[i]!, y: g.nodeY[i]! });
  for (let e = 0; e < g.edgeCount; e++) {
    ng.addLink(g.edgeFrom[e]!, g.edgeTo[e]!, { w: g.edgeCost[e]! });
    ng.addLink(g.edgeTo[e]!, g.edgeFrom[e]!, { w: g.edgeCost[e]! });
  }
  const hScale = g.minCostFactor * 0.995;
  const finder = ngraphPath.aStar(ng, {
    oriented: true,
    distance: (_a, _b, link) => link.data.w,
    heuristic: (x, y) => Math.hypot(x.data.x - y.data.x, x.data.y - y.data.y) * hScale,
  });
  const ngBuildMs = performance.now() - t;
  gc();
  const ngHeapMiB = mib(used() - ngHeap0);
  const ngPairs = Math.min(PAIRS, Number(process.env.BENCH_SCALE_NG_PAIRS ?? (target > 300_000 ? 40 : target > 30_000 ? 300 : PAIRS)));
  for (let i = 0; i < Math.min(50, ngPairs); i++) finder.find(...nodePairs[i]!);
  const ngTimes: number[] = [];
  let worstDiff = 0;
  for (let i = 0; i < ngPairs; i++) {
    const [p, q] = nodePairs[i]!;
    ngTimes.push(timeIt(() => finder.find(p, q)));
    const path = finder.find(p, q);
    const cost = ngraphPathCost(path);
    if (path.length && Number.isFinite(oursCost[i]!)) worstDiff = Math.max(worstDiff, Math.abs(cost - oursCost[i]!) / Math.max(1, cost));
  }

  return {
    target,
    osmNodes,
    ways,
    nodes: g.nodeCount,
    edges: g.edgeCount,
    shapes: g.shapeCount,
    genMs,
    buildMs,
    orderMs,
    orderCpuMs,
    bytes: bytes.byteLength,
    gridBytes,
    decodeMs,
    chMs,
    chCpuMs,
    shortcuts: ch.shortcuts,
    coreSize: ch.coreSize,
    landmarkMs,
    landmarks: lm.k,
    landmarkMiB: mib(lm.d.byteLength),
    heapMiB,
    rssMiB,
    pairs: PAIRS,
    repeat: REPEAT,
    chP50: pct(chTimes, 50),
    chP99: pct(chTimes, 99),
    chSettledMean: settled / PAIRS,
    altPairs,
    altP50: pct(altTimes, 50),
    altP99: pct(altTimes, 99),
    loopStarts: LOOPS,
    loopMedian: pct(loopTimes, 50),
    loopP95: pct(loopTimes, 95),
    loopFailed,
    ngBuildMs,
    ngHeapMiB,
    ngPairs,
    ngP50: pct(ngTimes, 50),
    ngP99: pct(ngTimes, 99),
    oursNodeP50: pct(oursNode.slice(0, ngPairs), 50),
    oursNodeP99: pct(oursNode.slice(0, ngPairs), 99),
    worstDiff,
  };
}

const label = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));
const ms = (x: number) => (x < 0.1 ? x.toFixed(4) : x < 10 ? x.toFixed(2) : x.toFixed(0));

/** Run every size in a child process and print the growth table. */
export function benchRoutingScale(spec = process.env.BENCH_ROUTING_SCALE): ScaleResult[] {
  const sizes = parseSizes(spec);
  if (!sizes.length) return [];
  const self = fileURLToPath(import.meta.url);
  const results: ScaleResult[] = [];
  for (const n of sizes) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', '--max-old-space-size=6144', self, String(n)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 << 20,
      env: process.env,
    });
    const line = r.stdout.split('\n').find((l) => l.startsWith('SCALE_JSON '));
    if (r.status !== 0 || !line) {
      console.log(`scale ${label(n)}: child failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ''})\n${r.stdout}`);
      continue;
    }
    results.push(JSON.parse(line.slice('SCALE_JSON '.length)) as ScaleResult);
    if (process.env.BENCH_SCALE_JSON) console.log(line);
    console.log(`scale ${label(n)}: done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  printScale(results);
  return results;
}

export function printScale(results: ScaleResult[]) {
  const col = (f: (r: ScaleResult) => string) => Object.fromEntries(results.map((r) => [label(r.target), f(r)]));
  const rows: Record<string, string>[] = [
    { metric: 'graph nodes / edges / shape points', ...col((r) => `${r.nodes} / ${r.edges} / ${r.shapes}`), 'target at 1M': '' },
    { metric: 'OSM nodes / ways in (generated)', ...col((r) => `${r.osmNodes} / ${r.ways}`), 'target at 1M': '' },
    { metric: 'graph build (buildRunningGraph)', ...col((r) => `${ms(r.buildMs)} ms`), 'target at 1M': '' },
    {
      metric: 'pack time: hierarchy ordered (full build), wall, CPU',
      ...col((r) => `${(r.orderMs / 1000).toFixed(2)} s, CPU ${(r.orderCpuMs / 1000).toFixed(2)} s`),
      'target at 1M': '',
    },
    {
      metric: 'graph.bin bytes per node (excl. elevation grid)',
      ...col((r) => `${(r.bytes / r.nodes).toFixed(1)} (${((r.bytes - r.gridBytes) / r.nodes).toFixed(1)})`),
      'target at 1M': `≤ ${TARGETS_1M.bytesPerNode}`,
    },
    { metric: 'load: bytes → graph + snap index', ...col((r) => `${ms(r.decodeMs)} ms`), 'target at 1M': '' },
    {
      metric: "contraction hierarchy build from the pack's order (warm): wall, CPU",
      ...col(
        (r) => `${(r.chMs / 1000).toFixed(2)} s, CPU ${(r.chCpuMs / 1000).toFixed(2)} s (${r.shortcuts} shortcuts, core ${r.coreSize})`,
      ),
      'target at 1M': `≤ ${TARGETS_1M.chS} s`,
    },
    {
      metric: 'ready to route (bytes → graph, snap index, hierarchy)',
      ...col((r) => `${((r.decodeMs + r.chMs) / 1000).toFixed(2)} s`),
      'target at 1M': '',
    },
    {
      metric: 'first query with a preference (builds the landmarks): time, landmarks, their memory',
      ...col((r) => `${ms(r.landmarkMs)} ms, ${r.landmarks} landmarks, ${r.landmarkMiB.toFixed(1)} MiB`),
      'target at 1M': '',
    },
    {
      metric: 'memory after load: JS heap + typed arrays / RSS',
      ...col((r) => `${r.heapMiB.toFixed(0)} / ${r.rssMiB.toFixed(0)} MiB`),
      'target at 1M': '',
    },
    {
      metric: 'CH query p50 / p99, snapped pairs (settled: below the core)',
      ...col((r) => `${ms(r.chP50)} / ${ms(r.chP99)} ms (${r.pairs} pairs, ${r.chSettledMean.toFixed(0)} settled)`),
      'target at 1M': `p99 ≤ ${TARGETS_1M.p99Ms} ms`,
    },
    {
      metric: 'A* query p50 / p99, avoidBusyRoads (ALT, landmarks by graph size)',
      ...col((r) => `${ms(r.altP50)} / ${ms(r.altP99)} ms (${r.altPairs} pairs)`),
      'target at 1M': '',
    },
    {
      metric: 'loops 10 km × 3 alternatives, median / p95',
      ...col((r) => `${ms(r.loopMedian)} / ${ms(r.loopP95)} ms (${r.loopStarts} starts${r.loopFailed ? `, ${r.loopFailed} failed` : ''})`),
      'target at 1M': `median ≤ ${TARGETS_1M.loopMedianMs} ms`,
    },
    {
      metric: 'ngraph.path: graph build / heap',
      ...col((r) => `${ms(r.ngBuildMs)} ms / ${r.ngHeapMiB.toFixed(0)} MiB`),
      'target at 1M': '',
    },
    {
      metric: 'node pairs p50 / p99: ours (CH) | ngraph.path A*',
      ...col((r) => `${ms(r.oursNodeP50)} / ${ms(r.oursNodeP99)} | ${ms(r.ngP50)} / ${ms(r.ngP99)} ms (${r.ngPairs} pairs)`),
      'target at 1M': '',
    },
    {
      metric: 'ngraph.path ÷ ours, p50 / p99',
      ...col((r) => `${(r.ngP50 / r.oursNodeP50).toFixed(0)}× / ${(r.ngP99 / r.oursNodeP99).toFixed(0)}×`),
      'target at 1M': '',
    },
    { metric: 'sanity: max cost difference vs ngraph.path', ...col((r) => `${(r.worstDiff * 100).toFixed(4)} %`), 'target at 1M': '≈ 0' },
  ];
  const big = results.find((r) => r.target === 1_000_000);
  if (big) {
    const ok = (b: boolean) => (b ? 'met' : 'MISSED');
    rows.push({
      metric: 'targets at 1M',
      ...col(() => ''),
      'target at 1M': `CH ${ok(big.chMs <= TARGETS_1M.chS * 1000)}, p99 ${ok(big.chP99 <= TARGETS_1M.p99Ms)}, loops ${ok(big.loopMedian <= TARGETS_1M.loopMedianMs)}, bytes ${ok(big.bytes / big.nodes <= TARGETS_1M.bytesPerNode)}`,
    });
  }
  console.log(
    `\nRouting growth table on generated networks (one child process per size; pairs: random points of the whole region snapped onto the main network; best of ${results[0]?.repeat ?? 1}+ per pair, every engine alike)`,
  );
  console.table(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv[2];
  if (arg && /^\d+$/.test(arg)) {
    const r = runSize(Number(arg));
    console.log(`SCALE_JSON ${JSON.stringify(r)}`);
  } else {
    benchRoutingScale();
  }
  process.exit(0);
}
