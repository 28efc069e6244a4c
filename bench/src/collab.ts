// `npm run bench:collab`: N simulated editors (10, 50, 200; BENCH_COLLAB_CLIENTS) on one project
// map, against the real server (Hocuspocus, durable-before-ack appends, validation, materialised
// tables; PGlite in a temp DATA_DIR, or DATABASE_URL) and, in the same run, against a plain
// y-websocket-style relay (bench/src/peers/y-relay.mjs: y-protocols, memory only). Both sides use the
// same document model (packages/collab ProjectMap) on the client.
//
// Per N: every client owns one feature and sets a property on it (a timestamp); the edit rate is
// one edit per client per second up to 50 clients and 50 edits/s in total beyond (one process
// simulates every client on a shared machine). Four observer clients record when each other
// client's edit becomes visible: p50/p99 edit-to-remote-visible latency. Server CPU (% of one core)
// and peak RSS from /proc. Then a map of 10,000 features: its encoded size and the time a fresh
// client takes from connect to synced — for ours after a server restart (loaded from the database),
// for the relay from memory (it cannot do otherwise).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { FEATURES, ProjectMap } from '@waymark/collab';
import { waitForLine } from './built-server.ts';
import { printTable, type Row } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' };
const COUNTS = (process.env.BENCH_COLLAB_CLIENTS ?? '10,50,200').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_COLLAB_SECONDS ?? 10);
const OBSERVERS = 4;
const LOAD_FEATURES = 10_000;

// ---------------------------------------------------------------- processes

interface Proc {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

function spawnProc(args: string[], env: Record<string, string>, line: RegExp): Promise<Proc> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
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

const startOurs = (dataDir: string) =>
  spawnProc(
    ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      AUTH_RATE_IP_MAX: '1000000',
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

function oursClient(base: string, session: Session, projectId: string): Client {
  const doc = new Y.Doc();
  const headers = { origin: base, cookie: session.cookie() };
  class Socket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  let onSynced!: () => void;
  const synced = new Promise<void>((r) => (onSynced = r));
  const provider = new HocuspocusProvider({
    url: `${base.replace(/^http/, 'ws')}/api/collab`,
    name: projectId,
    document: doc,
    token: 'session-cookie',
    WebSocketPolyfill: Socket,
    quiet: true,
    onSynced: () => onSynced(),
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

interface EditResult {
  p50: number;
  p99: number;
  samples: number;
  cpuPct: number;
  rssMb: number;
}

async function editRun(n: number, connect: () => Client, serverPid: number): Promise<EditResult> {
  const clients = Array.from({ length: n }, connect);
  await Promise.all(clients.map((c) => c.synced));
  const owner = clients[0]!;
  const layerId = owner.map.addLayer({ name: 'Bench' });
  const featureIds = clients.map((_, i) =>
    owner.map.addFeature({ layerId, geometry: { type: 'Point', coordinates: [1.5 + i / 1000, 42.5] }, properties: { stamp: '' } }),
  );
  await owner.settled();
  await until(() => clients.every((c) => c.doc.getMap(FEATURES).size >= n), 60_000, 'the features at every client');

  const latencies: number[] = [];
  const observers = clients.slice(1, 1 + OBSERVERS);
  for (const [oi, o] of observers.entries()) {
    o.doc.getMap(FEATURES).observeDeep((events) => {
      const now = performance.now();
      for (const e of events) {
        if (!(e instanceof Y.YMapEvent) || !e.keysChanged.has('stamp')) continue;
        const v = e.target.get('stamp');
        if (typeof v !== 'string' || !v) continue;
        const [writer, at] = v.split('@');
        if (Number(writer) === oi + 1) continue; // its own edit
        latencies.push(now - Number(at));
      }
    });
  }
  const intervalMs = Math.max(1000, n * 20);
  const before = procStats(serverPid);
  let peakRss = before.rssMb;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, procStats(serverPid).rssMb)), 200);
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  await Promise.all(
    clients.map(async (c, i) => {
      await new Promise((r) => setTimeout(r, (i / n) * intervalMs));
      while (performance.now() < end) {
        c.map.setProperties(featureIds[i]!, { stamp: `${i}@${performance.now()}` });
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    }),
  );
  await Promise.all(clients.map((c) => c.settled()));
  await new Promise((r) => setTimeout(r, 500));
  clearInterval(sampler);
  const after = procStats(serverPid);
  const wall = (performance.now() - t0) / 1000;
  for (const c of clients) c.close();
  return {
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    samples: latencies.length,
    cpuPct: ((after.cpuS - before.cpuS) / wall) * 100,
    rssMb: peakRss,
  };
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
  let ours = await startOurs(dataDir);
  const relay = await startRelay();
  try {
    const session = await Session.signIn(ours.url);
    const newProject = async (name: string) => {
      const r = await session.req('POST', '/api/projects', { name });
      if (r.status !== 201) throw new Error(`project: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { id: string }).id;
    };
    console.log(
      `bench:collab — ${SECONDS} s of edits per run, ${OBSERVERS} observers, server ${process.env.DATABASE_URL ? 'on PostgreSQL' : 'on PGlite'}; ${os.cpus().length} CPUs`,
    );
    for (const n of COUNTS) {
      const project = await newProject(`Bench ${n}`);
      const o = await editRun(n, () => oursClient(ours.url, session, project), ours.child.pid!);
      const p = await editRun(n, () => relayClient(relay.url, `bench-${n}`), relay.child.pid!);
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
        { metric: 'server peak RSS', ours: o.rssMb, peer: p.rssMb, peerName: 'y-protocols relay', unit: 'MB', higherIsBetter: false },
      ];
      printTable(`${n} clients (${o.samples} / ${p.samples} latency samples; target p99 ≤ 150 ms at 50)`, rows);
    }

    // A map of 10,000 features: size, and load time from the database after a restart.
    const big = await newProject('Bench 10k');
    const filler = oursClient(ours.url, session, big);
    await fill(filler);
    filler.close();
    await ours.stop();
    ours = await startOurs(dataDir);
    const session2 = await Session.signIn(ours.url);
    // the first client keeps the document loaded while the second connects
    const cold = await timeLoad(() => oursClient(ours.url, session2, big), true);
    const warm = await timeLoad(() => oursClient(ours.url, session2, big));
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
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

void main().catch((err: Error) => {
  console.error(err);
  process.exit(1);
});
