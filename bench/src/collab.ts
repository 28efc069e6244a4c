// `npm run bench:collab`: N simulated editors (10, 50, 200; BENCH_COLLAB_CLIENTS) on one project
// map, against the real server (Hocuspocus, durable-before-ack appends, validation, materialised
// tables; PGlite in a temp DATA_DIR, or DATABASE_URL) and, in the same run, against a plain
// y-websocket-style relay (bench/src/peers/y-relay.mjs: y-protocols, memory only). Both sides use the
// same document model (packages/collab ProjectMap) on the client.
//
// Per N: every client owns one feature and sets a property on it (a timestamp); the edit rate is
// one edit per client per second up to 50 clients and 50 edits/s in total beyond. The clients are
// spread over BENCH_COLLAB_WORKERS worker threads (default 4) so the bench itself does not saturate
// first; stamps and receive times come from one clock every thread shares (timeOrigin + now).
// Four observer clients record when each other client's edit becomes visible: p50/p99
// edit-to-remote-visible latency. Server CPU (% of one core) and peak RSS from /proc, and the bench
// process's own CPU (every thread), so a saturated bench shows. BENCH_COLLAB_LOAD=0 skips the load.
// BENCH_COLLAB_DB=postgres runs our server on a throwaway PostgreSQL cluster (scripts/pg-cluster.mjs;
// or on DATABASE_URL when set) and reports the cluster's CPU beside the server's. Then a map of 10,000 features: its encoded size and the time a fresh
// client takes from connect to synced — for ours after a server restart (loaded from the database),
// for the relay from memory (it cannot do otherwise).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import pg from 'pg';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { FEATURES, MODEL_VERSION, ProjectMap } from '@waymark/collab';
import { waitForLine } from './built-server.ts';
import { printTable, type Row } from './table.ts';
import { clusterPids, createDatabase } from './postgres.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' };
const COUNTS = (process.env.BENCH_COLLAB_CLIENTS ?? '10,50,200')
  .split(',')
  .filter((x) => x.trim())
  .map(Number);
const SECONDS = Number(process.env.BENCH_COLLAB_SECONDS ?? 10);
const OBSERVERS = 4;
/** worker threads simulating the clients */
const WORKERS = Math.max(1, Number(process.env.BENCH_COLLAB_WORKERS ?? 4));
/** BENCH_COLLAB_LOAD=0 skips the 10,000-feature load */
const LOAD = process.env.BENCH_COLLAB_LOAD !== '0';
const LOAD_FEATURES = 10_000;
/** restarts timed for the load after a restart (the median is reported) */
const COLD_RUNS = Math.max(1, Number(process.env.BENCH_COLLAB_COLD_RUNS ?? 1));
/** `pglite` (default) or `postgres` (a throwaway cluster, or DATABASE_URL when set) */
const DB = process.env.BENCH_COLLAB_DB ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
if (DB !== 'pglite' && DB !== 'postgres') throw new Error(`BENCH_COLLAB_DB must be pglite or postgres, not ${DB}`);

// ---------------------------------------------------------------- processes

interface Proc {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

function spawnProc(args: string[], env: Record<string, string>, line: RegExp): Promise<Proc> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  // BENCH_SERVER_LOG=1: the servers' output on stderr too (e.g. "collab: document loaded" timings)
  if (process.env.BENCH_SERVER_LOG === '1') child.stdout!.on('data', (d: Buffer) => process.stderr.write(d));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  };
  return waitForLine(child, line).then(
    (url) => ({ child, url, stop }),
    async (err: Error) => {
      await stop();
      throw err;
    },
  );
}

/** Our server's database: PGlite in the data dir, or a fresh database on a PostgreSQL cluster. */
interface Database {
  env: Record<string, string>;
  label: string;
  /** the cluster's processes (postmaster and backends), for their CPU; empty on PGlite or an outside server */
  pids(): number[];
  stop(): Promise<void>;
}

async function openDatabase(): Promise<Database> {
  if (DB === 'pglite') return { env: {}, label: 'PGlite', pids: () => [], stop: async () => undefined };
  let base = process.env.DATABASE_URL;
  let cluster: { url: string; dir: string; stop: () => void } | null = null;
  if (!base) {
    // @ts-expect-error -- plain ESM JavaScript helper shared with the test runner
    const { startPostgres } = (await import('../../scripts/pg-cluster.mjs')) as {
      startPostgres: () => Promise<{ url: string; dir: string; stop: () => void }>;
    };
    cluster = await startPostgres();
    base = cluster.url;
  }
  const name = `waymark_bench_collab_${Date.now().toString(36)}`;
  const url = await createDatabase(base, name);
  return {
    env: { DATABASE_URL: url },
    label: cluster ? 'PostgreSQL (throwaway cluster, fsync off)' : 'PostgreSQL (DATABASE_URL)',
    pids: () => (cluster ? clusterPids(path.join(cluster.dir, 'data')) : []),
    stop: async () => {
      if (cluster) cluster.stop();
      else {
        const a = new pg.Client({ connectionString: base });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      }
    },
  };
}

/** CPU seconds of these processes together (0 for any that are gone). */
const cpuOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + procStats(pid).cpuS;
    } catch {
      return sum;
    }
  }, 0);

const startOurs = (dataDir: string, db: Database) =>
  spawnProc(
    [
      // BENCH_CPU_PROF=<dir>: a V8 CPU profile of our server per start (summarise with bench/src/cpuprofile-top.ts)
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : []),
      '--import',
      'tsx',
      path.join(ROOT, 'server/src/main.ts'),
    ],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      AUTH_RATE_IP_MAX: '1000000',
      ...db.env,
    },
    /Waymark listening on (http:\/\/[\d.:]+)/,
  );
const startRelay = () => spawnProc([path.join(ROOT, 'bench/src/peers/y-relay.mjs')], {}, /relay listening on (ws:\/\/[\d.:]+)/);

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
function procStats(pid: number): { cpuS: number; rssMb: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuS: ticks / 100, rssMb: rss ? Number(rss[1]) / 1024 : 0 };
}

// ---------------------------------------------------------------- clients

interface Client {
  doc: Y.Doc;
  map: ProjectMap;
  synced: Promise<void>;
  /** every local change acknowledged (ours) or sent (relay) */
  settled(): Promise<void>;
  close(): void;
}

async function until(cond: () => boolean, timeoutMs: number, what: string) {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

class Session {
  cookies = new Map<string, string>();
  token = '';
  constructor(readonly base: string) {}
  cookie = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async req(method: string, p: string, body?: unknown): Promise<Response> {
    const res = await fetch(this.base + p, {
      method,
      headers: {
        origin: this.base,
        'x-csrf-token': this.token,
        cookie: this.cookie(),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const i = pair.indexOf('=');
      if (pair.slice(i + 1)) this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  static async signIn(base: string) {
    const s = new Session(base);
    s.token = ((await (await s.req('GET', '/api/_auth/csrf')).json()) as { token: string }).token;
    const r = await s.req('POST', '/api/auth/signin', DEMO);
    if (r.status !== 200) throw new Error(`sign-in failed: ${r.status}`);
    return s;
  }
}

/** BENCH_COLLAB_TRACE=1: epoch-ms timeline of a load's client (printed with the server's load log). */
const TRACE = process.env.BENCH_COLLAB_TRACE === '1';
const epoch = () => Math.round((performance.timeOrigin + performance.now()) * 10) / 10;

function oursClient(base: string, session: Session, projectId: string, trace?: (what: string) => void): Client {
  const doc = new Y.Doc();
  const headers = { origin: base, cookie: session.cookie() };
  class Socket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
      if (trace) {
        trace('ws created');
        this.on('upgrade', () => trace('ws upgrade response'));
        this.on('open', () => trace('ws open'));
        this.on('message', (d: Buffer) => trace(`ws message ${d.byteLength} B`));
      }
    }
  }
  if (trace) doc.on('afterTransaction', (tr: Y.Transaction) => trace(`doc transaction applied (local ${tr.local})`));
  let onSynced!: () => void;
  const synced = new Promise<void>((r) => (onSynced = r));
  const provider = new HocuspocusProvider({
    url: `${base.replace(/^http/, 'ws')}/api/collab?model=${MODEL_VERSION}`,
    name: projectId,
    document: doc,
    token: 'session-cookie',
    WebSocketPolyfill: Socket,
    quiet: true,
    onSynced: () => {
      trace?.('synced');
      onSynced();
    },
    ...(trace
      ? {
          onOpen: () => trace('provider open'),
          onAuthenticated: () => trace('authenticated'),
          onOutgoingMessage: () => trace('provider sends'),
        }
      : {}),
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);
  return {
    doc,
    map: new ProjectMap(doc, { userId: 'bench' }),
    synced,
    settled: () => until(() => provider.unsyncedChanges === 0, 120_000, 'acknowledgements'),
    close: () => provider.destroy(),
  };
}

function relayClient(base: string, room: string): Client {
  const doc = new Y.Doc();
  const ws = new WebSocket(`${base}/${room}`, { perMessageDeflate: false });
  const REMOTE = Symbol('remote');
  let onSynced!: () => void;
  const synced = new Promise<void>((r) => (onSynced = r));
  const send = (write: (enc: encoding.Encoder) => void) => {
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, 0);
    write(enc);
    if (ws.readyState === WebSocket.OPEN) ws.send(encoding.toUint8Array(enc));
  };
  ws.on('open', () => send((enc) => syncProtocol.writeSyncStep1(enc, doc)));
  ws.on('message', (data: Buffer) => {
    const dec = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(dec) !== 0) return;
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, 0);
    const type = syncProtocol.readSyncMessage(dec, enc, doc, REMOTE);
    if (encoding.length(enc) > 1) ws.send(encoding.toUint8Array(enc));
    if (type === syncProtocol.messageYjsSyncStep2) onSynced();
  });
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== REMOTE) send((enc) => syncProtocol.writeUpdate(enc, update));
  });
  return {
    doc,
    map: new ProjectMap(doc, { userId: 'bench' }),
    synced,
    settled: async () => {
      await until(() => ws.bufferedAmount === 0, 120_000, 'the send buffer');
    },
    close: () => ws.close(),
  };
}

// ---------------------------------------------------------------- scenarios

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

/** A clock every worker thread of the bench shares (each thread's own origin + its monotonic time). */
const clock = () => performance.timeOrigin + performance.now();

interface EditResult {
  p50: number;
  p99: number;
  samples: number;
  cpuPct: number;
  rssMb: number;
  /** the bench process itself (every worker thread), % of one core: near 100 × cores it is saturated */
  benchCpuPct: number;
  /** the PostgreSQL cluster's processes, % of one core (0 on PGlite, where the database is in the server) */
  dbCpuPct: number;
}

/** How a worker connects its clients. */
type Target = { kind: 'ours'; base: string; cookie: string; name: string } | { kind: 'relay'; base: string; name: string };

interface WorkerInit {
  target: Target;
  /** client indices this worker simulates */
  clients: number[];
  /** of those, the ones that record latencies */
  observers: number[];
  featureIds: string[];
}
type ToWorker = { type: 'go'; startAt: number; endAt: number; intervalMs: number; n: number } | { type: 'close' };
type FromWorker = { type: 'ready' } | { type: 'done'; latencies: number[] } | { type: 'error'; message: string };

function connectTarget(t: Target): Client {
  if (t.kind === 'relay') return relayClient(t.base, t.name);
  const session = new Session(t.base);
  for (const part of t.cookie.split('; ')) {
    const i = part.indexOf('=');
    if (i > 0) session.cookies.set(part.slice(0, i), part.slice(i + 1));
  }
  return oursClient(t.base, session, t.name);
}

/** Body of a client worker thread: connect, wait for the start, edit, report the latencies seen. */
async function clientWorker(init: WorkerInit) {
  const port = parentPort!;
  const clients = new Map(init.clients.map((i) => [i, connectTarget(init.target)]));
  await Promise.all([...clients.values()].map((c) => c.synced));
  const n = init.featureIds.length;
  await until(() => [...clients.values()].every((c) => c.doc.getMap(FEATURES).size >= n), 60_000, 'the features at every client');
  const latencies: number[] = [];
  let lastSample = 0;
  for (const oi of init.observers) {
    clients
      .get(oi)!
      .doc.getMap(FEATURES)
      .observeDeep((events) => {
        const now = clock();
        lastSample = now;
        for (const e of events) {
          // the stamp property: `p:stamp` of a lean feature's map (model 2), `stamp` of a nested `props` map
          if (!(e instanceof Y.YMapEvent)) continue;
          const key = e.keysChanged.has('p:stamp') ? 'p:stamp' : e.keysChanged.has('stamp') ? 'stamp' : null;
          if (!key) continue;
          const v = e.target.get(key);
          if (typeof v !== 'string' || !v) continue;
          const [writer, at] = v.split('@');
          if (Number(writer) === oi) continue; // its own edit
          latencies.push(now - Number(at));
        }
      });
  }
  port.on('message', (m: ToWorker) => {
    if (m.type === 'close') {
      for (const c of clients.values()) c.close();
      setTimeout(() => process.exit(0), 100);
      return;
    }
    void (async () => {
      await Promise.all(
        [...clients].map(async ([i, c]) => {
          const first = m.startAt + (i / m.n) * m.intervalMs;
          await new Promise((r) => setTimeout(r, Math.max(0, first - clock())));
          let next = first;
          while (clock() < m.endAt) {
            c.map.setProperties(init.featureIds[i]!, { stamp: `${i}@${clock()}` });
            next += m.intervalMs;
            await new Promise((r) => setTimeout(r, Math.max(0, next - clock())));
          }
        }),
      );
      await Promise.all([...clients.values()].map((c) => c.settled()));
      // the last edits may still be on their way to the observers: wait until they go quiet
      if (init.observers.length) await until(() => clock() - lastSample > 500, 30_000, 'the observers to go quiet').catch(() => undefined);
      port.postMessage({ type: 'done', latencies } satisfies FromWorker);
    })().catch((err: Error) => port.postMessage({ type: 'error', message: String(err?.stack ?? err) } satisfies FromWorker));
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}

/**
 * N clients on one map, spread round-robin over WORKERS worker threads (one bench process could
 * not simulate 50+ clients without saturating). Latency: the observer's receive time minus the
 * writer's stamp, both from the shared clock above. Server and bench CPU are both reported.
 */
async function editRun(
  n: number,
  target: Target,
  setup: Client,
  serverPid: number,
  dbPids: () => number[] = () => [],
): Promise<EditResult> {
  // One extra client (in this thread) creates the layer and one feature per simulated client.
  await setup.synced;
  const layerId = setup.map.addLayer({ name: `Bench ${n}` });
  const featureIds = Array.from({ length: n }, (_, i) =>
    setup.map.addFeature({ layerId, geometry: { type: 'Point', coordinates: [1.5 + i / 1000, 42.5] }, properties: { stamp: '' } }),
  );
  await setup.settled();
  const observers = Array.from({ length: Math.min(OBSERVERS, n) }, (_, i) => i);
  const workers = Array.from({ length: Math.min(WORKERS, n) }, (_, w) => {
    const mine = Array.from({ length: n }, (_, i) => i).filter((i) => i % WORKERS === w);
    const init: WorkerInit = { target, clients: mine, observers: observers.filter((o) => mine.includes(o)), featureIds };
    // the worker runs this file too, through a small entry that registers tsx's loader
    return new Worker(new URL('./collab-worker.mjs', import.meta.url), { workerData: init });
  });
  const inbox = workers.map((w) => {
    const queue: FromWorker[] = [];
    const waiters: ((m: FromWorker) => void)[] = [];
    w.on('message', (m: FromWorker) => (waiters.length ? waiters.shift()!(m) : queue.push(m)));
    w.on('error', (err) => {
      const m: FromWorker = { type: 'error', message: String(err.stack ?? err) };
      if (waiters.length) waiters.shift()!(m);
      else queue.push(m);
    });
    return () =>
      new Promise<FromWorker>((r) => (queue.length ? r(queue.shift()!) : waiters.push(r))).then((m) => {
        if (m.type === 'error') throw new Error(`bench worker: ${m.message}`);
        return m;
      });
  });
  try {
    await Promise.all(inbox.map((next) => next()));
    const intervalMs = Math.max(1000, n * 20);
    const before = procStats(serverPid);
    const pids = dbPids();
    const dbBefore = cpuOf(pids);
    const benchBefore = process.cpuUsage();
    let peakRss = before.rssMb;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, procStats(serverPid).rssMb)), 200);
    const t0 = clock();
    const startAt = t0 + 200;
    for (const w of workers) w.postMessage({ type: 'go', startAt, endAt: startAt + SECONDS * 1000, intervalMs, n } satisfies ToWorker);
    const results = await Promise.all(inbox.map((next) => next()));
    await new Promise((r) => setTimeout(r, 300));
    clearInterval(sampler);
    const after = procStats(serverPid);
    const dbAfter = cpuOf(pids);
    const bench = process.cpuUsage(benchBefore);
    const wall = (clock() - t0) / 1000;
    const latencies = results.flatMap((r) => (r.type === 'done' ? r.latencies : []));
    return {
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      samples: latencies.length,
      cpuPct: ((after.cpuS - before.cpuS) / wall) * 100,
      rssMb: peakRss,
      benchCpuPct: ((bench.user + bench.system) / 1e6 / wall) * 100,
      dbCpuPct: ((dbAfter - dbBefore) / wall) * 100,
    };
  } finally {
    for (const w of workers) w.postMessage({ type: 'close' } satisfies ToWorker);
    await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
  }
}

/** Fill a map with LOAD_FEATURES features through one client; returns nothing (the caller reloads). */
async function fill(c: Client) {
  await c.synced;
  const layerId = c.map.addLayer({ name: 'Big' });
  c.doc.transact(() => {
    for (let i = 0; i < LOAD_FEATURES; i++) {
      c.map.addFeature({
        layerId,
        geometry: { type: 'Point', coordinates: [1.4 + (i % 100) / 500, 42.4 + Math.floor(i / 100) / 500] },
        properties: { name: `Point ${i}`, index: i, kind: i % 3 ? 'marker' : 'checkpoint' },
      });
    }
  });
  await c.settled();
}

async function timeLoad(connect: () => Client, keepOpen = false): Promise<{ ms: number; bytes: number; features: number; client: Client }> {
  const t0 = performance.now();
  const c = connect();
  await c.synced;
  await until(() => c.doc.getMap(FEATURES).size >= LOAD_FEATURES, 60_000, 'the loaded features');
  const ms = performance.now() - t0;
  const bytes = Y.encodeStateAsUpdate(c.doc).byteLength;
  const features = c.map.features().length;
  if (!keepOpen) c.close();
  return { ms, bytes, features, client: c };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-collab-'));
  const db = await openDatabase();
  let ours: Proc;
  try {
    ours = await startOurs(dataDir, db);
  } catch (err) {
    await db.stop();
    throw err;
  }
  const relay = await startRelay();
  try {
    const session = await Session.signIn(ours.url);
    const newProject = async (name: string) => {
      const r = await session.req('POST', '/api/projects', { name });
      if (r.status !== 201) throw new Error(`project: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { id: string }).id;
    };
    console.log(
      `bench:collab — ${SECONDS} s of edits per run, ${OBSERVERS} observers, server on ${db.label}; ${os.cpus().length} CPUs; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    for (const n of COUNTS) {
      const project = await newProject(`Bench ${n}`);
      const oSetup = oursClient(ours.url, session, project);
      const o = await editRun(
        n,
        { kind: 'ours', base: ours.url, cookie: session.cookie(), name: project },
        oSetup,
        ours.child.pid!,
        db.pids,
      );
      oSetup.close();
      const pSetup = relayClient(relay.url, `bench-${n}`);
      const p = await editRun(n, { kind: 'relay', base: relay.url, name: `bench-${n}` }, pSetup, relay.child.pid!);
      pSetup.close();
      const rows: Row[] = [
        { metric: 'edit → remote visible p50', ours: o.p50, peer: p.p50, peerName: 'y-protocols relay', unit: 'ms', higherIsBetter: false },
        { metric: 'edit → remote visible p99', ours: o.p99, peer: p.p99, peerName: 'y-protocols relay', unit: 'ms', higherIsBetter: false },
        {
          metric: 'server CPU (% of a core)',
          ours: o.cpuPct,
          peer: p.cpuPct,
          peerName: 'y-protocols relay',
          unit: '%',
          higherIsBetter: false,
        },
        ...(DB === 'postgres'
          ? [
              {
                metric: 'PostgreSQL CPU (% of a core; the relay has none)',
                ours: o.dbCpuPct,
                peer: p.dbCpuPct,
                peerName: 'y-protocols relay',
                unit: '%',
                higherIsBetter: false,
              } satisfies Row,
            ]
          : []),
        { metric: 'server peak RSS', ours: o.rssMb, peer: p.rssMb, peerName: 'y-protocols relay', unit: 'MB', higherIsBetter: false },
        {
          metric: `bench process CPU (% of a core, ${WORKERS} workers)`,
          ours: o.benchCpuPct,
          peer: p.benchCpuPct,
          peerName: 'y-protocols relay',
          unit: '%',
          higherIsBetter: false,
        },
      ];
      printTable(`${n} clients (${o.samples} / ${p.samples} latency samples; target p99 ≤ 150 ms at 50)`, rows);
    }

    if (!LOAD) return;
    // A map of 10,000 features: size, and load time from the database after a restart.
    const big = await newProject('Bench 10k');
    const filler = oursClient(ours.url, session, big);
    await fill(filler);
    filler.close();
    // BENCH_COLLAB_COLD_RUNS=k: k restarts, each timed (the table shows the median); the last one's
    // client keeps the document loaded while the in-memory client connects
    const coldTimes: number[] = [];
    let cold!: Awaited<ReturnType<typeof timeLoad>>;
    let session2!: Session;
    for (let run = 0; run < COLD_RUNS; run++) {
      if (run > 0) cold.client.close();
      await ours.stop();
      ours = await startOurs(dataDir, db);
      session2 = await Session.signIn(ours.url);
      const events: [number, string][] = [];
      const trace = TRACE
        ? (what: string) => {
            const u = process.cpuUsage();
            events.push([epoch(), `${what} (cpu ${Math.round((u.user + u.system) / 1000)} ms)`]);
          }
        : undefined;
      cold = await timeLoad(() => oursClient(ours.url, session2, big, trace), true);
      coldTimes.push(cold.ms);
      if (TRACE) {
        const t0 = events[0]?.[0] ?? 0;
        console.log(`cold load ${run + 1} trace (client), t0 = ${t0}:`);
        for (const [t, what] of events) console.log(`  +${(t - t0).toFixed(1)} ms  ${what}`);
      }
    }
    if (COLD_RUNS > 1) console.log(`cold loads: ${coldTimes.map((t) => Math.round(t)).join(', ')} ms`);
    cold.ms = pct(coldTimes, 50);
    const wevents: [number, string][] = [];
    const warm = await timeLoad(() =>
      oursClient(ours.url, session2, big, TRACE ? (what: string) => wevents.push([epoch(), what]) : undefined),
    );
    if (TRACE) {
      const t0 = wevents[0]?.[0] ?? 0;
      console.log(`in-memory load trace (client), t0 = ${t0}:`);
      for (const [t, what] of wevents) console.log(`  +${(t - t0).toFixed(1)} ms  ${what}`);
    }
    cold.client.close();
    const peerFiller = relayClient(relay.url, 'big');
    await fill(peerFiller);
    // the relay answers a new client only once it has applied the filler's update: wait for that first
    await timeLoad(() => relayClient(relay.url, 'big'));
    const peerLoad = await timeLoad(() => relayClient(relay.url, 'big'));
    peerFiller.close();
    if (cold.features !== LOAD_FEATURES || peerLoad.features !== LOAD_FEATURES)
      throw new Error(`loaded ${cold.features} / ${peerLoad.features} features`);
    printTable(`A map of ${LOAD_FEATURES.toLocaleString('en')} features (target: load ≤ 1 s)`, [
      {
        metric: 'load, connect → synced (ours: after restart, from the database)',
        ours: cold.ms,
        peer: peerLoad.ms,
        peerName: 'relay, from memory',
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        metric: 'load, connect → synced (ours: document in memory)',
        ours: warm.ms,
        peer: peerLoad.ms,
        peerName: 'relay, from memory',
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        metric: 'encoded document size',
        ours: cold.bytes / 1024,
        peer: peerLoad.bytes / 1024,
        peerName: 'relay',
        unit: 'KB',
        higherIsBetter: false,
      },
    ]);
  } finally {
    await ours.stop();
    await relay.stop();
    await db.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) {
  void main()
    .then(() => process.exit(0))
    .catch((err: Error) => {
      console.error(err);
      process.exit(1);
    });
} else {
  void clientWorker(workerData as WorkerInit).catch((err: Error) =>
    parentPort!.postMessage({ type: 'error', message: String(err?.stack ?? err) } satisfies FromWorker),
  );
}
