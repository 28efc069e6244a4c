// `npm run bench:routing`: shortest-path queries on the Andorra running graph — ours (the
// contraction hierarchy that answers plain queries, and ALT A*, which answers queries with
// preferences) beside ngraph.path A* and pgRouting pgr_dijkstra on a real PostgreSQL, for the same
// 1,000 random snapped point pairs in one run — and the loop generator's quality figures; then the
// growth table on generated 10k / 100k / 1M-node networks (routing-scale.ts;
// BENCH_ROUTING_SCALE=10k,100k,1M picks the sizes, `none` skips it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { LoopGenerator, mulberry32, RoutePlanner, Router, type RunningGraph, type Snap } from '@waymark/geo';
import { andorraGraph, loopStart } from '@waymark/geo/test-support/andorra';
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import pg from 'pg';
import { ngraphPathCost } from './ngraph-peer.ts';
import { benchRoutingScale } from './routing-scale.ts';
import { printTable } from './table.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 1000);
/** each pair is timed this many times and the fastest kept (same for every engine): filters out
 * preemption by other processes on a shared machine without hiding slow queries */
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

function timeIt(fn: () => unknown): number {
  let best = Infinity;
  for (let r = 0; r < REPEAT; r++) {
    const s = performance.now();
    fn();
    best = Math.min(best, performance.now() - s);
  }
  return best;
}
const LOOP_STARTS = Number(process.env.BENCH_LOOP_STARTS ?? 100);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** Random points in the region's bbox snapped onto the main network (deterministic). */
function randomPairs(planner: RoutePlanner, count: number, seed: number): [Snap, Snap][] {
  const g = planner.graph;
  const rnd = mulberry32(seed);
  const [a, b, c, d] = g.bbox;
  const one = () => {
    for (;;) {
      const s = planner.snap([a + (c - a) * rnd(), b + (d - b) * rnd()], 500, 0); // main network: every pair is connected
      if (s) return s;
    }
  };
  return Array.from({ length: count }, () => [one(), one()]);
}

/** the graph node a snapped point is nearest to along its edge */
const nearNode = (g: RunningGraph, s: Snap) => (s.offset <= g.edgeLength[s.edge]! / 2 ? g.edgeFrom[s.edge]! : g.edgeTo[s.edge]!);

async function pgRouting(
  g: RunningGraph,
  nodePairs: [number, number][],
): Promise<{ times: number[]; costs: number[] } | { reason: string }> {
  const ext = '/usr/share/postgresql/15/extension/pgrouting.control';
  if (!fs.existsSync(ext)) {
    console.log('pgRouting not installed: apt-get install -y postgresql-15-pgrouting …');
    const r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql-15-pgrouting'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 600_000,
    });
    if (r.status !== 0 || !fs.existsSync(ext))
      return {
        reason: `apt-get install postgresql-15-pgrouting failed (exit ${r.status}); pgRouting must match the PostgreSQL 15 of \`which initdb\``,
      };
  }
  // @ts-expect-error -- plain ESM JavaScript helper shared with the test runner
  const { startPostgres } = (await import('../../scripts/pg-cluster.mjs')) as {
    startPostgres: () => Promise<{ url: string; stop: () => void }>;
  };
  const cluster = await startPostgres();
  const client = new pg.Client({ connectionString: cluster.url });
  try {
    await client.connect();
    await client.query('CREATE EXTENSION pgrouting CASCADE');
    await client.query(
      'CREATE TABLE edges (id integer PRIMARY KEY, source integer NOT NULL, target integer NOT NULL, cost double precision NOT NULL, reverse_cost double precision NOT NULL)',
    );
    const m = g.edgeCount;
    for (let from = 0; from < m; from += 2000) {
      const rows: string[] = [];
      for (let e = from; e < Math.min(m, from + 2000); e++)
        rows.push(`(${e},${g.edgeFrom[e]},${g.edgeTo[e]},${g.edgeCost[e]},${g.edgeCost[e]})`);
      await client.query(`INSERT INTO edges VALUES ${rows.join(',')}`);
    }
    await client.query('ANALYZE edges');
    const sql =
      "SELECT coalesce(max(agg_cost), 0) AS cost FROM pgr_dijkstra('SELECT id, source, target, cost, reverse_cost FROM edges', $1::bigint, $2::bigint, directed => false)";
    for (let i = 0; i < 20; i++) await client.query(sql, nodePairs[i % nodePairs.length]!); // warm-up
    const times: number[] = [];
    const costs: number[] = [];
    for (const [s, t] of nodePairs) {
      let best = Infinity;
      let r;
      for (let k = 0; k < REPEAT; k++) {
        const t0 = performance.now();
        r = await client.query(sql, [s, t]);
        best = Math.min(best, performance.now() - t0);
      }
      times.push(best);
      costs.push(Number(r!.rows[0].cost));
    }
    return { times, costs };
  } catch (e) {
    return { reason: `pgRouting failed: ${(e as Error).message}` };
  } finally {
    await client.end().catch(() => {});
    cluster.stop();
  }
}

export async function benchRouting() {
  const t0 = performance.now();
  const { graph: g, bytes } = await andorraGraph();
  const buildMs = performance.now() - t0;
  const t1 = performance.now();
  const planner = new RoutePlanner(g);
  const loops = new LoopGenerator(planner);
  const prepMs = performance.now() - t1;
  const t2 = performance.now();
  const ch = planner.router.hierarchy();
  const chMs = performance.now() - t2;
  const alt = new Router(g, 16, false); // ALT A* alone: what queries with preferences (and the loop generator) use
  const t3 = performance.now();
  alt.route(planner.index.atNode(0), planner.index.atNode(1)); // builds the landmarks
  const lmMs = performance.now() - t3;
  console.log(
    `\nAndorra graph: ${g.nodeCount} nodes, ${g.edgeCount} edges, ${g.shapeCount} shape points, graph.bin ${(bytes.length / 1024).toFixed(0)} KiB; build ${buildMs.toFixed(0)} ms (incl. PBF + DEM), snap index ${prepMs.toFixed(0)} ms, contraction hierarchy ${chMs.toFixed(0)} ms (${ch.shortcuts} shortcuts), 16 landmarks ${lmMs.toFixed(0)} ms`,
  );

  const pairs = randomPairs(planner, PAIRS, 20261122);
  const nodePairs = pairs.map(([a, b]) => [nearNode(g, a), nearNode(g, b)] as [number, number]);

  // ours: snapped point → snapped point (mid-edge), and node → node for the like-for-like rows
  const nodeSnaps = nodePairs.map(([a, b]) => [planner.index.atNode(a), planner.index.atNode(b)] as const);
  for (let i = 0; i < 200; i++) planner.router.route(...pairs[i % PAIRS]!); // JIT warm-up
  const oursSnap: number[] = [];
  for (const [a, b] of pairs) oursSnap.push(timeIt(() => planner.router.route(a, b)));
  const oursNode: number[] = [];
  const oursCost: number[] = [];
  for (const [a, b] of nodeSnaps) {
    oursNode.push(timeIt(() => planner.router.route(a, b)));
    const r = planner.router.route(a, b);
    oursCost.push(r ? r.cost : NaN);
  }
  for (let i = 0; i < 200; i++) alt.route(...nodeSnaps[i % PAIRS]!); // JIT warm-up
  const altNode: number[] = [];
  let altWorst = 0;
  nodeSnaps.forEach(([a, b], i) => {
    altNode.push(timeIt(() => alt.route(a, b)));
    const r = alt.route(a, b);
    if (r && Number.isFinite(oursCost[i]!)) altWorst = Math.max(altWorst, Math.abs(r.cost - oursCost[i]!) / Math.max(1, r.cost));
  });

  // ngraph.path A*: same nodes, same edge costs, straight-line heuristic scaled like ours
  const ng = createGraph<{ x: number; y: number }, { w: number }>({ multigraph: true }); // parallel ways between two junctions stay distinct
  for (let i = 0; i < g.nodeCount; i++) ng.addNode(i, { x: g.nodeX[i]!, y: g.nodeY[i]! });
  for (let e = 0; e < g.edgeCount; e++) {
    ng.addLink(g.edgeFrom[e]!, g.edgeTo[e]!, { w: g.edgeCost[e]! });
    ng.addLink(g.edgeTo[e]!, g.edgeFrom[e]!, { w: g.edgeCost[e]! });
  }
  const hScale = g.minCostFactor * 0.995;
  const finder = ngraphPath.aStar(ng, {
    oriented: true,
    distance: (_a, _b, link) => link.data.w,
    heuristic: (a, b) => Math.hypot(a.data.x - b.data.x, a.data.y - b.data.y) * hScale,
  });
  for (let i = 0; i < 200; i++) finder.find(...nodePairs[i % PAIRS]!);
  const ngTimes: number[] = [];
  let worstDiff = 0;
  nodePairs.forEach(([a, b], i) => {
    ngTimes.push(timeIt(() => finder.find(a, b)));
    const path = finder.find(a, b);
    const cost = ngraphPathCost(path);
    if (path.length && Number.isFinite(oursCost[i]!)) worstDiff = Math.max(worstDiff, Math.abs(cost - oursCost[i]!) / Math.max(1, cost));
  });

  const rows = [
    {
      metric: 'query p50 (node pairs)',
      ours: pct(oursNode, 50),
      peer: pct(ngTimes, 50),
      peerName: 'ngraph.path A*',
      unit: 'ms',
      higherIsBetter: false,
    },
    {
      metric: 'query p99 (node pairs)',
      ours: pct(oursNode, 99),
      peer: pct(ngTimes, 99),
      peerName: 'ngraph.path A*',
      unit: 'ms',
      higherIsBetter: false,
    },
    {
      metric: 'ALT A* p50 (node pairs; queries with preferences)',
      ours: pct(altNode, 50),
      peer: pct(ngTimes, 50),
      peerName: 'ngraph.path A*',
      unit: 'ms',
      higherIsBetter: false,
    },
    {
      metric: 'ALT A* p99 (node pairs; queries with preferences)',
      ours: pct(altNode, 99),
      peer: pct(ngTimes, 99),
      peerName: 'ngraph.path A*',
      unit: 'ms',
      higherIsBetter: false,
    },
    {
      metric: 'query p50 (snapped mid-edge points)',
      ours: pct(oursSnap, 50),
      peer: pct(ngTimes, 50),
      peerName: 'ngraph.path A*, node pairs',
      unit: 'ms',
      higherIsBetter: false,
    },
    {
      metric: 'query p99 (snapped mid-edge points)',
      ours: pct(oursSnap, 99),
      peer: pct(ngTimes, 99),
      peerName: 'ngraph.path A*, node pairs',
      unit: 'ms',
      higherIsBetter: false,
    },
  ];
  const pgr = await pgRouting(g, nodePairs);
  let pgNote = '';
  if ('times' in pgr) {
    rows.push(
      {
        metric: 'query p50 (node pairs)',
        ours: pct(oursNode, 50),
        peer: pct(pgr.times, 50),
        peerName: 'pgRouting pgr_dijkstra (SQL round trip)',
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        metric: 'query p99 (node pairs)',
        ours: pct(oursNode, 99),
        peer: pct(pgr.times, 99),
        peerName: 'pgRouting pgr_dijkstra (SQL round trip)',
        unit: 'ms',
        higherIsBetter: false,
      },
    );
    let worst = 0;
    pgr.costs.forEach((c, i) => {
      if (c > 0 && Number.isFinite(oursCost[i]!)) worst = Math.max(worst, Math.abs(c - oursCost[i]!) / c);
    });
    pgNote = `; max cost difference vs pgRouting ${(worst * 100).toFixed(4)} %`;
  } else pgNote = `; pgRouting: n/a (${pgr.reason})`;
  printTable(
    `Routing on the Andorra graph (${PAIRS} random snapped pairs, one run, best of ${REPEAT} per pair for every engine; "ours" = the router's plain query, answered by the contraction hierarchy)`,
    rows,
  );
  console.log(
    `sanity: max cost difference vs ngraph.path ${(worstDiff * 100).toFixed(4)} %, ALT vs contraction hierarchy ${(altWorst * 100).toFixed(4)} %${pgNote}`,
  );

  // loops: random starts = random points of the region snapped (≤ 300 m) onto the main network
  const loopRows: Record<string, string>[] = [];
  for (const km of [5, 10, 21]) {
    const D = km * 1000;
    let ok = 0;
    let okRetrace = 0;
    let impossible = 0;
    let known = 0;
    const errs: number[] = [];
    const retr: number[] = [];
    const times: number[] = [];
    let offered = 0;
    for (let seed = 1; seed <= LOOP_STARTS; seed++) {
      const start = loopStart(planner, seed);
      const s = performance.now();
      let res;
      try {
        res = loops.generate({ start, distance: D, seed, alternatives: 3 });
      } catch {
        times.push(performance.now() - s);
        continue;
      }
      times.push(performance.now() - s);
      offered += res.length;
      // outside the timing: can any loop from here retrace ≤ 10 %? (false = proven impossible)
      const possible = loops.lowRetracePossible(loops.startSnap(start, D)!, D);
      if (possible === false) impossible++;
      if (possible === true) known++;
      const best = res[0]!;
      const err = Math.abs(best.distance - D) / D;
      errs.push(err);
      retr.push(best.retrace);
      if (err <= 0.05) ok++;
      if (err <= 0.05 && best.retrace <= 0.1) okRetrace++;
    }
    const open = LOOP_STARTS - impossible;
    loopRows.push({
      loop: `${km} km`,
      'within ±5 %': `${((ok / LOOP_STARTS) * 100).toFixed(0)} %`,
      'median |distance error|': `${(pct(errs, 50) * 100).toFixed(2)} %`,
      'median retrace share': `${(pct(retr, 50) * 100).toFixed(1)} %`,
      '±5 % and retrace ≤ 10 %': `${((okRetrace / LOOP_STARTS) * 100).toFixed(0)} %`,
      '≤ 10 % proven impossible': `${((impossible / LOOP_STARTS) * 100).toFixed(0)} %`,
      '… achieved where not ruled out': `${okRetrace} of ${open} (${known} known possible)`,
      'alternatives (mean of 3 asked)': (offered / LOOP_STARTS).toFixed(2),
      'median time': `${pct(times, 50).toFixed(1)} ms`,
      'p95 time': `${pct(times, 95).toFixed(1)} ms`,
    });
  }
  console.log(
    `\nLoop generator on Andorra (${LOOP_STARTS} random starts per distance, 3 alternatives each; figures for the first alternative)`,
  );
  console.table(loopRows);

  benchRoutingScale();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRouting();
  process.exit(0);
}
