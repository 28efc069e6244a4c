// Fast loop for the contraction hierarchy at scale (issue 15): builds the hierarchy alone on a
// generated network (routing-network.ts, the same seed as the growth table) and times queries.
//   npx tsx bench/src/routing-ch-build.ts 100k [--ref]
// The graph.bin bytes are cached in $CH_BENCH_DIR (default /tmp) so repeated runs skip the
// generation. `CH_BENCH_PAIRS` (default 1000) query pairs, `CH_BENCH_REPEAT` best of N per pair,
// `CH_BENCH_OPTS` build options as JSON (e.g. '{"coreSize":0}' for no core). `CH_BENCH_ORDER=1`
// builds twice: the full build, then from its own order (what a pack with a stored order costs at
// run time); the queries run on the second. `--ref` writes the query costs as the reference; without it they are compared
// with the reference when one exists (any difference > 1e-9 relative fails the run).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunningGraph, SnapIndex, type Snap } from '@waymark/geo';
import { ContractionHierarchy } from '@waymark/geo/routing/ch';
import { parseSizes } from './routing-scale.ts';
import { cachedNetworkBytes, randomSnapPairs } from './routing-network.ts';

const size = parseSizes(process.argv[2] ?? '100k')[0]!;
const { bytes, dir } = cachedNetworkBytes(size);
const refPath = join(dir, `waymark-ch-ref-${size}.json`);
if (process.argv.includes('--gen-only')) process.exit(0);
const g = RunningGraph.fromBytes(bytes);
let t = performance.now();
const cpu0 = process.cpuUsage();
let ch = ContractionHierarchy.build(
  g,
  process.env.CH_BENCH_OPTS ? (JSON.parse(process.env.CH_BENCH_OPTS) as Parameters<typeof ContractionHierarchy.build>[1]) : {},
);
let buildMs = performance.now() - t;
let buildCpu = process.cpuUsage(cpu0);
if (process.env.CH_BENCH_ORDER) {
  // the hierarchy built again from its own order, as the server and the browser build it from a
  // region pack that stores the order (withHierarchyOrder)
  console.log(
    `full build: ${(buildMs / 1000).toFixed(2)} s wall, ${((buildCpu.user + buildCpu.system) / 1e6).toFixed(2)} s CPU, ${ch.shortcuts} shortcuts`,
  );
  t = performance.now();
  const cpu1 = process.cpuUsage();
  ch = ContractionHierarchy.build(g, { rank: ch.rank });
  buildMs = performance.now() - t;
  buildCpu = process.cpuUsage(cpu1);
  console.log(
    `from the order: ${(buildMs / 1000).toFixed(2)} s wall, ${((buildCpu.user + buildCpu.system) / 1e6).toFixed(2)} s CPU, ${ch.shortcuts} shortcuts`,
  );
}
const index = new SnapIndex(g);
const main = (e: number) => g.nodeComponent[g.edgeFrom[e]!] === 0;
const PAIRS = Number(process.env.CH_BENCH_PAIRS ?? 1000);
const pairs = randomSnapPairs(g, (at) => index.snap(at, 500, main), PAIRS);
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
for (let i = 0; i < 200; i++) ch.route(...pairs[i % PAIRS]!);
const times: number[] = [];
const costs: number[] = [];
let settled = 0;
// CH_BENCH_REPEAT=3: best of 3 per pair (filters preemption on a shared machine)
const REPEAT = Number(process.env.CH_BENCH_REPEAT ?? 1);
for (const [p, q] of pairs) {
  let best = Infinity;
  let r = null;
  for (let k = 0; k < REPEAT; k++) {
    t = performance.now();
    r = ch.route(p, q);
    best = Math.min(best, performance.now() - t);
  }
  times.push(best);
  costs.push(r?.cost ?? -1);
  settled += r?.settled ?? 0;
}
const nodeTimes: number[] = [];
for (const [p, q] of pairs) {
  const near = (s: Snap) => (s.offset <= g.edgeLength[s.edge]! / 2 ? g.edgeFrom[s.edge]! : g.edgeTo[s.edge]!);
  const ps = index.atNode(near(p));
  const qs = index.atNode(near(q));
  let best = Infinity;
  for (let k = 0; k < REPEAT; k++) {
    t = performance.now();
    ch.route(ps, qs);
    best = Math.min(best, performance.now() - t);
  }
  nodeTimes.push(best);
}
let check = 'no reference';
if (process.argv.includes('--ref')) {
  writeFileSync(refPath, JSON.stringify(costs));
  check = 'reference written';
} else if (existsSync(refPath)) {
  const ref = JSON.parse(readFileSync(refPath, 'utf8')) as number[];
  let worst = 0;
  for (let i = 0; i < ref.length; i++) worst = Math.max(worst, Math.abs(ref[i]! - costs[i]!) / Math.max(1, ref[i]!));
  check = `max cost difference vs reference ${(worst * 100).toFixed(6)} %`;
  if (worst > 1e-9) process.exitCode = 1;
}
console.log(
  `${g.nodeCount} nodes: build ${(buildMs / 1000).toFixed(2)} s (cpu ${((buildCpu.user + buildCpu.system) / 1e6).toFixed(2)} s), ${ch.shortcuts} shortcuts, core ${ch.coreSize}; ` +
    `snapped p50/p99 ${pct(times, 50).toFixed(3)}/${pct(times, 99).toFixed(3)} ms, ${(settled / PAIRS).toFixed(0)} settled; ` +
    `node pairs p50/p99 ${pct(nodeTimes, 50).toFixed(3)}/${pct(nodeTimes, 99).toFixed(3)} ms; ${check}; ` +
    `rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`,
);
