// `npm run bench:server`: request throughput and latency of the real server, endpoint by endpoint,
// on the embedded PGlite and on a throwaway PostgreSQL 15 cluster, beside two peers measured in the
// same run: a bare node:http "hello world" (the ceiling of a Node HTTP server on this machine) and
// a bare Hono app on @hono/node-server (the framework alone, so its cost and ours are told apart).
// autocannon, 50 connections, BENCH_SECONDS (default 6) per endpoint after a 1 s warm-up.
//
// Targets (issue 19, ratios within one run): anonymous JSON endpoints ≥ 50 % of bare Hono; the
// signed-in session and a 20-item list ≥ 25 % of bare node:http on PostgreSQL and ≥ 10 % on PGlite,
// with p99 ≤ 100 ms on both.
//
// Beside req/s and latency, the CPU time per request of each server process (and of the PostgreSQL
// cluster) is read from /proc: on a shared, loaded machine it moves much less than req/s does.
//
// Environment: BENCH_SECONDS, BENCH_CONNECTIONS (50), BENCH_SERVER_DB (`pglite,postgres`),
// BENCH_ACCEPT_ENCODING (sent with our requests, e.g. `gzip, deflate, br`; none by default),
// BENCH_BASELINE (another checkout whose server is measured right after ours, for a before/after),
// BENCH_SERVER_ONLY (a regular expression on endpoint names), BENCH_CPU_PROF=<dir> (run our server
// under `node --cpu-prof`, one fresh process and profile per endpoint; summarise a profile with
// `npx tsx bench/src/cpuprofile-top.ts <file>`), BENCH_AB_SLICES=<n> with BENCH_BASELINE (n more short
// slices of BENCH_AB_SECONDS, default 1, ours and the baseline alternating: lowest and median CPU per
// request of each), BENCH_ROUNDS (default 1: each endpoint measured this many
// times, the peers, ours and the baseline in each round, ours and the baseline in alternating order;
// the table gives the median of the rounds for each figure, and each round is printed as it ends).
// Then the map pages' population endpoint in its own table (bench/src/maps.ts; BENCH_SKIP_MAPS=1 skips it).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { encodeRouteGeometry } from '@waymark/geo';
import { createProjects } from './projects-seed.ts';
import { createTasks } from './tasks-seed.ts';
import { benchMaps } from './maps.ts';
import { clusterPids, createDatabase } from './postgres.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 1)) || 1);
/** With BENCH_BASELINE: this many extra short slices per endpoint, ours and the baseline alternating (see `slice`). */
const AB_SLICES = Math.max(0, Math.floor(Number(process.env.BENCH_AB_SLICES ?? 0)) || 0);
const AB_SECONDS = Math.max(1, Number(process.env.BENCH_AB_SECONDS ?? 1) || 1);
/** Tasks seeded for the task list (issue 13: 10,000 over 100 projects). */
const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'web/dist');
/**
 * The bundled region packs (andorra, monaco), built by `node scripts/prepare.mjs` (or here, when
 * missing): every server measured — ours and the BENCH_BASELINE checkout's — serves the same ones,
 * so `GET /api/regions` lists real regions and the place search has an index.
 */
const PACKS = path.resolve(ROOT, process.env.REGIONS_DIR ?? 'data/packs');
/**
 * Another checkout of Waymark (with its node_modules), e.g. the main branch exported to a directory:
 * its server is measured too, right after ours, endpoint by endpoint — a before/after in one run.
 */
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : null;
/** Requests carry no Accept-Encoding unless BENCH_ACCEPT_ENCODING is set (e.g. `gzip, deflate, br`, as browsers send). */
const ACCEPT_ENCODING: Record<string, string> = process.env.BENCH_ACCEPT_ENCODING
  ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING }
  : {};

/** What the demo user's requests need: the session cookie and a csrf pair for writes. */
export interface BenchClient {
  base: string;
  cookie: string;
  csrfToken: string;
  /** A signed-in JSON request with csrf headers (for setup: creating data). */
  send(method: string, path: string, body?: unknown): Promise<Response>;
}

export interface Endpoint {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  signedIn?: boolean;
  /** Which issue-19 target applies; none for the others (shown for information). */
  target?: 'anonymous-json' | 'signed-in';
  /** Checks the answer's JSON before the measurement: a message when it does not show what the row is meant to measure. */
  verify?(body: unknown): string | null;
  /** Creates the data the endpoint reads, once per database, before it is measured. */
  setup?(client: BenchClient): Promise<void>;
}

const A = { lon: 1.5211, lat: 42.5063 };
const B = { lon: 1.5335, lat: 42.5095 };
const C = { lon: 1.5402, lat: 42.5045 };

async function createRoutes(client: BenchClient, n: number) {
  const geometry = encodeRouteGeometry([
    [A.lon, A.lat, 1050],
    [B.lon, B.lat, 1080],
    [C.lon, C.lat, 1100],
  ]);
  for (let i = 0; i < n; i++) {
    const res = await client.send('POST', '/api/routes', {
      name: `Bench route ${i + 1}`,
      description: 'Up the valley and back',
      region: 'andorra',
      waypoints: [A, B, { ...C, mode: 'freehand' }],
      geometry,
      stats: { distanceM: 3000 + i, ascentM: 120, descentM: 110, timeS: 1200 },
    });
    if (res.status !== 201) throw new Error(`creating bench routes: ${res.status} ${await res.text()}`);
  }
}

/**
 * The measured endpoints, in order. Another list joins with one entry, e.g. the project list:
 *   { name: 'GET /api/projects?pageSize=20 (200)', path: '/api/projects?pageSize=20', signedIn: true,
 *     target: 'signed-in', setup: (c) => createMany(c, '/api/projects', 200, (i) => ({ name: `P${i}` })) },
 */
export const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/regions',
    path: '/api/regions',
    target: 'anonymous-json',
    verify: (body) =>
      (body as { regions?: { name: string }[] }).regions?.some((r) => r.name === 'andorra')
        ? null
        : `the region list has no andorra (${JSON.stringify(body).slice(0, 120)}): are the bundled packs built?`,
  },
  { name: 'GET /login (html)', path: '/login' },
  { name: 'GET /api/regions/andorra/places?q=enc', path: '/api/regions/andorra/places?q=enc', target: 'anonymous-json' },
  { name: 'GET /api/health', path: '/api/health', target: 'anonymous-json' },
  { name: 'GET /api/_auth/session (signed in)', path: '/api/_auth/session', signedIn: true, target: 'signed-in' },
  {
    name: 'GET /api/routes?pageSize=20 (signed in, 200 routes)',
    path: '/api/routes?pageSize=20',
    signedIn: true,
    target: 'signed-in',
    setup: (c) => createRoutes(c, 200),
  },
  {
    name: 'GET /api/projects?pageSize=20 (signed in, 100 projects)',
    path: '/api/projects?pageSize=20',
    signedIn: true,
    target: 'signed-in',
    setup: (c) => createProjects(c, 100),
  },
  {
    // The first page, newest first, with its facet counts (one scan over every task of the user's projects).
    name: `GET /api/tasks?pageSize=20 (signed in, ${TASKS} tasks)`,
    path: '/api/tasks?pageSize=20',
    signedIn: true,
    target: 'signed-in',
    setup: (c) => createTasks(c, TASKS),
  },
  {
    name: 'GET /api/tasks filtered, searched, by due date',
    path: '/api/tasks?pageSize=20&status=todo,in_progress&priority=high,critical&q=junction&sort=due',
    signedIn: true,
  },
  { name: 'POST /api/route (3 waypoints)', method: 'POST', path: '/api/route', body: { region: 'andorra', waypoints: [A, B, C] } },
];

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time (user + system) the server process used per request, µs */
  cpu: number;
  /** the same for the PostgreSQL cluster's processes (0 for the others) */
  dbCpu: number;
  /** the part of `cpu` spent in the kernel (system time: the socket writes and, on loopback, the TCP path behind them) */
  sysCpu: number;
  /** bytes of the answer's body (the check request's) */
  bytes?: number;
}

/** The median of each figure over several rounds (each figure on its own). */
export function medianOf(rounds: Measured[]): Measured {
  const mid = (pick: (m: Measured) => number) => {
    const v = rounds.map(pick).sort((a, b) => a - b);
    const h = Math.floor(v.length / 2);
    return v.length % 2 ? v[h]! : (v[h - 1]! + v[h]!) / 2;
  };
  return {
    rps: mid((m) => m.rps),
    p50: mid((m) => m.p50),
    p99: mid((m) => m.p99),
    errors: rounds.reduce((n, m) => n + m.errors, 0),
    cpu: mid((m) => m.cpu),
    dbCpu: mid((m) => m.dbCpu),
    sysCpu: mid((m) => m.sysCpu),
    bytes: rounds[0]?.bytes,
  };
}

/** Linux USER_HZ: /proc times are in these ticks. */
const CLK_TCK = 100;

/** CPU time (user + system, µs) used so far by each of these processes (all their threads) that /proc still has. */
function cpuMicros(pids: number[], systemOnly = false): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = (systemOnly ? 0 : Number(fields[11])) + Number(fields[12]); // utime, stime (fields 14 and 15)
      out.set(pid, (ticks * 1e6) / CLK_TCK);
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * CPU time (µs) the processes read in `before` used since then. A process gone meanwhile (a
 * PostgreSQL autovacuum worker that finished) is left out: counting its start without its end made
 * the figure negative.
 */
function cpuSince(before: Map<number, number>, systemOnly = false): number {
  let sum = 0;
  for (const [pid, now] of cpuMicros([...before.keys()], systemOnly)) sum += now - before.get(pid)!;
  return sum;
}

interface MeasureOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** see Endpoint.verify */
  verify?: Endpoint['verify'];
  /** the server's pid, and the database cluster's data directory (PostgreSQL), for CPU per request */
  pid?: number;
  dbDir?: string;
}

function autocannonOptions(url: string, opts: MeasureOptions) {
  return {
    url,
    method: (opts.method ?? 'GET') as 'GET',
    headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...opts.headers },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  };
}

/** One timed measurement of a server already checked and warmed up: `measure`'s own, and BENCH_AB_SLICES' short ones. */
async function slice(url: string, opts: MeasureOptions, seconds: number): Promise<Measured> {
  const dbPids = opts.dbDir ? clusterPids(opts.dbDir) : [];
  const cpu0 = cpuMicros(opts.pid ? [opts.pid] : []);
  const sys0 = cpuMicros(opts.pid ? [opts.pid] : [], true);
  const db0 = cpuMicros(dbPids);
  const r = await autocannon({ ...autocannonOptions(url, opts), connections: CONNECTIONS, pipelining: 1, duration: seconds });
  const n = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpu: cpuSince(cpu0) / n,
    sysCpu: cpuSince(sys0, true) / n,
    dbCpu: cpuSince(db0) / n,
  };
}

async function measure(url: string, opts: MeasureOptions = {}): Promise<Measured> {
  const base = autocannonOptions(url, opts);
  // One request first: a benchmark of a 401 or 500 page would measure nothing useful.
  const check = await fetch(url, { method: base.method, headers: base.headers, body: base.body });
  if (check.status >= 300) throw new Error(`${base.method} ${url} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
  const text = await check.text();
  const problem = opts.verify?.(JSON.parse(text));
  if (problem) throw new Error(`${base.method} ${url}: ${problem}`);
  await autocannon({ ...base, connections: 10, duration: 1 });
  return { ...(await slice(url, opts, DURATION)), bytes: Buffer.byteLength(text) };
}

/** Spawn a process and resolve with the first capture group of `re` on its stdout; the rest of its output is drained. */
function spawnUntil(args: string[], env: Record<string, string>, re: RegExp): Promise<{ child: ChildProcess; match: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${re}: ${out.slice(-500)}`)), 180_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = re.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // keep draining (the request log), keep nothing
        child.off('exit', onExit);
        resolve({ child, match: m[1]! });
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`process exited (${code}) before it was ready: ${out.slice(-800)}`));
    };
    child.stdout!.on('data', onData);
    child.on('exit', onExit);
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Move the main thread's profile (`CPU.<date>.<time>.<pid>.0.<seq>.cpuprofile`) out of a run directory; drop the rest. */
function keepMainThreadProfile(runDir: string, to: string) {
  const main = fs.readdirSync(runDir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (main) fs.renameSync(path.join(runDir, main), to);
  fs.rmSync(runDir, { recursive: true, force: true });
}

interface Target {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function startOurs(target: Target, profile?: { dir: string; name: string }, root = ROOT) {
  // --cpu-prof writes one profile per thread (tsx's module hooks run in a thread of their own); the
  // main thread's, whose file name carries thread id 0, is renamed to `name` once the process ends.
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile.dir}`] : [];
  const { child, match } = await spawnUntil(
    [...flags, '--import', 'tsx', path.join(root, 'server/src/main.ts')],
    // As it runs in production: request log at info (to a pipe), demo accounts seeded.
    {
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      SEED_DEMO: 'true',
      WEB_DIST: DIST,
      REGIONS_DIR: PACKS,
      ...target.env,
    },
    /Waymark listening on (http:\/\/[\d.:]+)/,
  );
  return { child, url: match };
}

async function signIn(base: string): Promise<BenchClient> {
  const csrfRes = await fetch(`${base}/api/_auth/csrf`);
  const { token } = (await csrfRes.json()) as { token: string };
  const csrfCookie = csrfRes.headers.getSetCookie().map((l) => l.split(';')[0]!)[0]!;
  const headers = (cookie: string) => ({ 'content-type': 'application/json', origin: base, 'x-csrf-token': token, cookie });
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: headers(csrfCookie),
    body: JSON.stringify({ email: 'demo@waymark.local', password: 'waymark-demo-passphrase' }),
  });
  const session = res.headers
    .getSetCookie()
    .map((l) => l.split(';')[0]!)
    .find((p) => p.startsWith('waymark_session='));
  if (res.status !== 200 || !session) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = `${session}; ${csrfCookie}`;
  return {
    base,
    cookie,
    csrfToken: token,
    send: (method, p, body) =>
      fetch(`${base}${p}`, { method, headers: headers(cookie), ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
  };
}

interface Row {
  endpoint: string;
  db: string;
  m: Measured;
  /** the BENCH_BASELINE server, measured right after ours */
  base?: Measured;
  node: Measured;
  hono: Measured;
  target?: Endpoint['target'];
  /** the 1-minute load average when the row's measurements ended */
  load: number;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

function verdict(r: Row): string {
  if (!r.target) return '—';
  if (r.target === 'anonymous-json') return r.m.rps / r.hono.rps >= 0.5 ? 'met (≥ 50 % of Hono)' : 'MISSED (≥ 50 % of Hono)';
  const share = r.db === 'postgres' ? 0.25 : 0.1;
  const ok = r.m.rps / r.node.rps >= share && r.m.p99 <= 100;
  return `${ok ? 'met' : 'MISSED'} (≥ ${share * 100} % of node:http, p99 ≤ 100 ms)`;
}

const us = (m: Measured) =>
  `${Math.round(m.cpu)}${m.cpu ? ` (sys ${Math.round(m.sysCpu)})` : ''}${m.dbCpu ? ` + ${Math.round(m.dbCpu)} db` : ''} µs${m.bytes === undefined ? '' : `, ${(m.bytes / 1000).toFixed(1)} kB`}`;

function printRows(rows: Row[]) {
  const withBase = rows.some((r) => r.base);
  const lines = [
    `| endpoint | database | req/s | p50 ms | p99 ms | vs node:http | vs Hono | CPU/req | CPU/req node:http, Hono |${withBase ? ' baseline req/s, p99, CPU/req |' : ''} load | target |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|${withBase ? '---:|' : ''}---:|---|`,
  ];
  for (const r of rows) {
    const errs = r.m.errors ? ` (${r.m.errors} errors)` : '';
    const base = r.base
      ? ` ${Math.round(r.base.rps)}, ${r.base.p99} ms, ${us(r.base)}${r.base.errors ? ` (${r.base.errors} errors)` : ''} |`
      : withBase
        ? ' |'
        : '';
    lines.push(
      `| ${r.endpoint}${errs} | ${r.db} | ${Math.round(r.m.rps)} | ${r.m.p50} | ${r.m.p99} | ${pct(r.m.rps / r.node.rps)} of ${Math.round(r.node.rps)} | ${pct(r.m.rps / r.hono.rps)} of ${Math.round(r.hono.rps)} | ${us(r.m)} | ${us(r.node)}, ${us(r.hono)} |${base} ${r.load.toFixed(1)} | ${verdict(r)} |`,
    );
  }
  console.log(
    `\nServer throughput: ${CONNECTIONS} connections, ${DURATION} s per measurement, ${os.cpus().length} cores, Node ${process.version}${ACCEPT_ENCODING['accept-encoding'] ? `, Accept-Encoding: ${ACCEPT_ENCODING['accept-encoding']}` : ''}${BASELINE ? `, baseline ${BASELINE}` : ''}.`,
  );
  console.log(
    'The two peers are measured right before each endpoint, in the same run. CPU/req: CPU time (user + system) of the server process per request, and of the PostgreSQL processes ("db"), from /proc — steadier than req/s on a loaded machine.' +
      (ROUNDS > 1 ? ` Each figure is the median of ${ROUNDS} rounds (peers, ours and the baseline in each).` : '') +
      ' Load: the 1-minute load average when the row ended (2 cores).\n',
  );
  console.log(lines.join('\n'));
}

async function postgresTarget(clusterUrl: string): Promise<Target> {
  const name = `waymark_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = await createDatabase(clusterUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

function pgliteTarget(): Target {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  return { kind: 'pglite', env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

export async function benchServer() {
  if (!fs.existsSync(path.join(DIST, 'index.html')))
    throw new Error(`no web build in ${DIST}: run \`npm run build\` first (GET /login serves it)`);
  if (!process.env.REGIONS_DIR) {
    // @ts-expect-error -- plain ESM JavaScript helper shared with `npm start`
    const { ensureRegions } = (await import('../../scripts/prepare.mjs')) as { ensureRegions: () => void };
    ensureRegions(); // builds the bundled packs into data/packs when missing or stale (minutes, once)
  }
  const dbs = (process.env.BENCH_SERVER_DB ?? 'pglite,postgres').split(',').map((s) => s.trim()) as Target['kind'][];
  const only = process.env.BENCH_SERVER_ONLY ? new RegExp(process.env.BENCH_SERVER_ONLY) : null;
  const endpoints = ENDPOINTS.filter((e) => !only || only.test(e.name));
  const profDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
  if (profDir) fs.mkdirSync(profDir, { recursive: true });

  // @ts-expect-error -- plain ESM JavaScript helper shared with the test runner
  const { startPostgres } = (await import('../../scripts/pg-cluster.mjs')) as {
    startPostgres: () => Promise<{ url: string; dir: string; stop: () => void }>;
  };
  const cluster = dbs.includes('postgres') ? await startPostgres() : null;
  const nodePeer = await spawnUntil([path.join(import.meta.dirname, 'peers/node-hello.mjs')], {}, /port (\d+)/);
  const honoPeer = await spawnUntil([path.join(import.meta.dirname, 'peers/hono-hello.mjs')], {}, /port (\d+)/);
  const rows: Row[] = [];
  try {
    for (const kind of dbs) {
      const target = kind === 'postgres' ? await postgresTarget(cluster!.url) : pgliteTarget();
      const baseTarget = BASELINE ? (kind === 'postgres' ? await postgresTarget(cluster!.url) : pgliteTarget()) : null;
      let ours: { child: ChildProcess; url: string } | null = null;
      let base: { child: ChildProcess; url: string; client: BenchClient } | null = null;
      try {
        ours = await startOurs(target);
        const client = await signIn(ours.url);
        for (const e of endpoints) await e.setup?.(client);
        if (baseTarget) {
          const started = await startOurs(baseTarget, undefined, BASELINE!);
          base = { ...started, client: await signIn(started.url) };
          for (const e of endpoints) await e.setup?.(base.client);
        }
        for (const e of endpoints) {
          const profile = profDir && {
            dir: fs.mkdtempSync(path.join(profDir, 'run-')),
            name: `${kind}-${e.name.replace(/[^\w]+/g, '_').slice(0, 60)}.cpuprofile`,
          };
          let spawnedAt = 0;
          if (profile) {
            await stopChild(ours.child);
            spawnedAt = performance.now();
            ours = await startOurs(target, profile);
          }
          const oursOpts = {
            method: e.method,
            body: e.body,
            verify: e.verify,
            headers: { ...ACCEPT_ENCODING, ...(e.signedIn ? { cookie: client.cookie } : {}) },
            dbDir: kind === 'postgres' ? path.join(cluster!.dir, 'data') : undefined,
          };
          const runs: { node: Measured; hono: Measured; m: Measured; b: Measured | null }[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            // The peers are measured right before each endpoint: the load of a shared machine moves.
            const node = await measure(`http://127.0.0.1:${nodePeer.match}/`, { pid: nodePeer.child.pid });
            const hono = await measure(`http://127.0.0.1:${honoPeer.match}/`, { pid: honoPeer.child.pid });
            // The profile's start-up part (module loading, migrations, the seed) is left out of its summary.
            if (profile && round === 0)
              fs.writeFileSync(
                path.join(profDir, `${profile.name}.json`),
                JSON.stringify({ measureFromMs: performance.now() - spawnedAt }),
              );
            const measureOurs = () => measure(`${ours!.url}${e.path}`, { ...oursOpts, pid: ours!.child.pid });
            const measureBase = async () =>
              base &&
              (await measure(`${base.url}${e.path}`, {
                ...oursOpts,
                headers: { ...ACCEPT_ENCODING, ...(e.signedIn ? { cookie: base.client.cookie } : {}) },
                pid: base.child.pid,
              }));
            // With a baseline, every other round measures it first (neither always gets the calmer moment).
            const b0 = round % 2 === 1 ? await measureBase() : null;
            const m = await measureOurs();
            const b = b0 ?? (await measureBase());
            runs.push({ node, hono, m, b });
            if (ROUNDS > 1)
              console.log(
                `  round ${round + 1}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms, CPU ${us(m)}/req (${pct(m.rps / hono.rps)} of Hono's ${Math.round(hono.rps)}, ${us(hono)}/req)` +
                  (b ? `; baseline ${Math.round(b.rps)} req/s, p99 ${b.p99} ms, CPU ${us(b)}/req` : '') +
                  `; load ${os.loadavg()[0]!.toFixed(1)}`,
              );
          }
          const against = base;
          if (against && AB_SLICES > 0) {
            // Ours and the baseline in many short alternating slices: on a shared machine the load moves
            // within seconds, and the lowest CPU per request of each side is the figure least disturbed.
            const ab: { m: Measured; b: Measured }[] = [];
            for (let i = 0; i < AB_SLICES; i++) {
              const sliceOurs = () => slice(`${ours!.url}${e.path}`, { ...oursOpts, pid: ours!.child.pid }, AB_SECONDS);
              const sliceBase = () =>
                slice(
                  `${against.url}${e.path}`,
                  {
                    ...oursOpts,
                    headers: { ...ACCEPT_ENCODING, ...(e.signedIn ? { cookie: against.client.cookie } : {}) },
                    pid: against.child.pid,
                  },
                  AB_SECONDS,
                );
              if (i % 2) {
                const b = await sliceBase();
                ab.push({ b, m: await sliceOurs() });
              } else {
                const m = await sliceOurs();
                ab.push({ m, b: await sliceBase() });
              }
            }
            const total = (x: Measured) => x.cpu + x.dbCpu;
            const sorted = (xs: number[]) => xs.sort((p, q) => p - q);
            const oursCpu = sorted(ab.map((r) => total(r.m)));
            const baseCpu = sorted(ab.map((r) => total(r.b)));
            const med = (v: number[]) => v[Math.floor(v.length / 2)]!;
            const wins = ab.filter((r) => total(r.m) < total(r.b)).length;
            console.log(
              `  A/B ${AB_SLICES} slices of ${AB_SECONDS} s (server + db CPU per request): ours min ${Math.round(oursCpu[0]!)} / median ${Math.round(med(oursCpu))} µs, ` +
                `baseline min ${Math.round(baseCpu[0]!)} / median ${Math.round(med(baseCpu))} µs; ours lower in ${wins} of ${AB_SLICES}; load ${os.loadavg()[0]!.toFixed(1)}`,
            );
          }
          const node = medianOf(runs.map((r) => r.node));
          const hono = medianOf(runs.map((r) => r.hono));
          const m = medianOf(runs.map((r) => r.m));
          const b = base ? medianOf(runs.map((r) => r.b!)) : null;
          rows.push({ endpoint: e.name, db: kind, m, ...(b ? { base: b } : {}), node, hono, target: e.target, load: os.loadavg()[0]! });
          if (profile) {
            await stopChild(ours.child);
            keepMainThreadProfile(profile.dir, path.join(profDir, profile.name));
            ours = await startOurs(target);
          }
          console.log(
            `${kind} ${e.name}: ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, CPU ${us(m)}/req${m.errors ? `, ${m.errors} errors` : ''}` +
              ` (node:http ${Math.round(node.rps)} req/s p99 ${node.p99} ms ${us(node)}/req, Hono ${Math.round(hono.rps)} req/s p99 ${hono.p99} ms ${us(hono)}/req)` +
              (b ? `; baseline ${Math.round(b.rps)} req/s, p99 ${b.p99} ms, CPU ${us(b)}/req` : ''),
          );
        }
      } finally {
        if (ours) await stopChild(ours.child);
        if (base) await stopChild(base.child);
        await target.drop();
        await baseTarget?.drop();
      }
    }
    printRows(rows);
    if (profDir) console.log(`\nCPU profiles in ${profDir}`);
  } finally {
    await stopChild(nodePeer.child);
    await stopChild(honoPeer.child);
    cluster?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchServer();
  if (process.env.BENCH_SKIP_MAPS !== '1') await benchMaps();
}
