// Fast loop for queries with preferences at scale (ALT A*, `Router` in search.ts): loads the growth
// table's generated network (routing-network.ts, the same seed; graph.bin cached in /tmp, shared with
// routing-ch-build.ts), builds the landmarks on the first query with `avoidBusyRoads` and times the
// same snapped random pairs as the growth table.
//   npx tsx bench/src/routing-alt.ts 1M [--ref]
// `ALT_BENCH_LANDMARKS` overrides the planner's landmark count (0 = plain A*); `ALT_BENCH_PAIRS`
// (default 200) pairs; `ALT_BENCH_REPEAT` best of N per pair (default 1). `--ref` writes the costs
// as the reference; without it they are compared with the reference when one exists (any difference
// > 1e-9 relative fails the run). To time another checkout's code (e.g. main's, for a before/after
// in one sitting), point tsx at a tsconfig whose `paths` map `@waymark/geo` and `@waymark/geo/*`
// into that checkout's packages/geo/src (`TSX_TSCONFIG_PATH=/tmp/…json npx tsx …`). The landmark
// memory is the table's size where the router exposes it (`landmarkTable`, since 2026-11-28),
// else the growth of arrayBuffers over the first query (rough).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RoutePlanner, RunningGraph } from '@waymark/geo';
import { parseSizes } from './routing-scale.ts';
import { cachedNetworkBytes, randomSnapPairs } from './routing-network.ts';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const size = parseSizes(process.argv[2] ?? '1M')[0]!;
const { bytes, dir } = cachedNetworkBytes(size);
const refPath = join(dir, `waymark-alt-ref-${size}.json`);
const g = RunningGraph.fromBytes(bytes);
const lmEnv = process.env.ALT_BENCH_LANDMARKS;
const planner = new RoutePlanner(g, { contraction: false, ...(lmEnv !== undefined ? { landmarks: Number(lmEnv) } : {}) });
const router = planner.router;
const PAIRS = Number(process.env.ALT_BENCH_PAIRS ?? 200);
const REPEAT = Number(process.env.ALT_BENCH_REPEAT ?? 1);
const pairs = randomSnapPairs(g, (at) => planner.snap(at, 500, 0), PAIRS);
const prefs = process.env.ALT_BENCH_PREFS === 'none' ? {} : { preferences: { avoidBusyRoads: true } };
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

gc();
const ab0 = process.memoryUsage().arrayBuffers;
let t = performance.now();
const cpu0 = process.cpuUsage();
router.route(pairs[0]![0], pairs[0]![1], prefs); // builds the landmarks
const firstMs = performance.now() - t;
const cpu = process.cpuUsage(cpu0);
gc();
const table = (router as { landmarkTable?: () => { d: Float32Array } }).landmarkTable?.();
const lmMiB = (table ? table.d.byteLength : process.memoryUsage().arrayBuffers - ab0) / 1048576;

const times: number[] = [];
const costs: number[] = [];
let settled = 0;
const qcpu0 = process.cpuUsage();
for (const [p, q] of pairs) {
  let best = Infinity;
  let r = null;
  for (let k = 0; k < REPEAT; k++) {
    t = performance.now();
    r = router.route(p, q, prefs);
    best = Math.min(best, performance.now() - t);
  }
  times.push(best);
  costs.push(r?.cost ?? -1);
  settled += r?.settled ?? 0;
}
const qcpu = process.cpuUsage(qcpu0);
let check = 'no reference';
if (process.argv.includes('--ref')) {
  writeFileSync(refPath, JSON.stringify(costs));
  check = `reference written (${refPath})`;
} else if (existsSync(refPath)) {
  const ref = JSON.parse(readFileSync(refPath, 'utf8')) as number[];
  let worst = 0;
  for (let i = 0; i < Math.min(ref.length, costs.length); i++)
    worst = Math.max(worst, Math.abs(costs[i]! - ref[i]!) / Math.max(1, ref[i]!));
  check = `max relative cost difference from the reference ${(worst * 100).toFixed(6)} %`;
  if (worst > 1e-9) {
    console.log(`FAIL: ${check}`);
    process.exitCode = 1;
  }
}
const f = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
console.log(
  `${size} nodes (${g.nodeCount}), landmarks ${router.landmarkCount}: first query (builds them) ${f(firstMs)} ms wall, ` +
    `${f((cpu.user + cpu.system) / 1000)} ms CPU; landmark memory ${table ? '' : '≈ '}${lmMiB.toFixed(1)} MiB${table ? '' : ' (arrayBuffers delta)'}; ` +
    `${PAIRS} pairs × best of ${REPEAT}: p50 ${f(pct(times, 50))} / p90 ${f(pct(times, 90))} / p99 ${f(pct(times, 99))} / ` +
    `max ${f(Math.max(...times))} ms, mean ${f(times.reduce((x, y) => x + y, 0) / PAIRS)} ms, ${(settled / PAIRS).toFixed(0)} settled per query ` +
    `(${((1000 * times.reduce((x, y) => x + y, 0)) / settled).toFixed(2)} µs each), all queries ${f((qcpu.user + qcpu.system) / 1000)} ms CPU; ${check}`,
);
