// The map pages' data endpoints on our server (fresh process, so the first request computes):
// GET /api/maps/population for a world view (H3 resolution 2 and 3) and a country view
// (resolution 5 and 6) — the first request's time, then p50/p95 over warm sequential requests —
// beside a bare node:http "hello world" measured the same way in the same run.
// Targets (issue 16): first computation ≤ 3 s, warm p95 ≤ 200 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForLine } from './built-server.ts';
import { printTable } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WARM_REQUESTS = Number(process.env.BENCH_MAPS_REQUESTS ?? 40);

export const POPULATION_VIEWS = [
  { name: 'world view, res 2', query: 'bbox=-180,-85,180,85&res=2' },
  { name: 'world view, res 3', query: 'bbox=-180,-85,180,85&res=3' },
  // what a 1280 px map shows at zoom ~6.5 (res 5) and ~8 (res 6)
  { name: 'country view (France), res 5', query: 'bbox=-5,42,8.5,51.2&res=5' },
  { name: 'country view (Switzerland), res 6', query: 'bbox=5.9,45.8,10.5,47.8&res=6' },
];

async function timed(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength, status: res.status };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function warm(url: string) {
  const ms: number[] = [];
  for (let i = 0; i < WARM_REQUESTS; i++) ms.push((await timed(url)).ms);
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95) };
}

function startBare(): { child: ChildProcess; port: Promise<string> } {
  const child = spawn(
    process.execPath,
    [
      '-e',
      "const s=require('http').createServer((q,r)=>{r.setHeader('content-type','text/plain');r.end('hello world')});s.listen(0,'127.0.0.1',()=>console.log('port '+s.address().port))",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return { child, port: waitForLine(child, /port (\d+)/) };
}

/** Start our server and the bare peer, measure, print, stop both. */
export async function benchMaps() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-maps-'));
  const ours = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bare = startBare();
  try {
    const base = await waitForLine(ours, /Waymark listening on (http:\/\/[\d.:]+)/);
    const bareUrl = `http://127.0.0.1:${await bare.port}/`;
    const bareWarm = await warm(bareUrl);
    const firsts: { name: string; ms: number; bytes: number }[] = [];
    const rows = [];
    for (const v of POPULATION_VIEWS) {
      const url = `${base}/api/maps/population?${v.query}`;
      const first = await timed(url);
      if (first.status !== 200) throw new Error(`${v.name}: HTTP ${first.status}`);
      firsts.push({ name: v.name, ms: first.ms, bytes: first.bytes });
      const w = await warm(url);
      rows.push({
        metric: `population ${v.name}: warm p95`,
        ours: w.p95,
        peer: bareWarm.p95,
        peerName: 'node:http hello world',
        unit: 'ms',
        higherIsBetter: false,
      });
      rows.push({
        metric: `population ${v.name}: warm p50`,
        ours: w.p50,
        peer: bareWarm.p50,
        peerName: 'node:http hello world',
        unit: 'ms',
        higherIsBetter: false,
      });
    }
    printTable(
      `Map data endpoints (${WARM_REQUESTS} sequential requests each, gzip accepted, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
      rows,
    );
    console.log('First request (cold: cities read and binned at that resolution), target ≤ 3000 ms; warm p95 target ≤ 200 ms:');
    console.table(
      firsts.map((f) => ({ view: f.name, 'first request': `${Math.round(f.ms)} ms`, body: `${Math.round(f.bytes / 1024)} KB` })),
    );
  } finally {
    ours.kill('SIGTERM');
    bare.child.kill('SIGTERM');
    await new Promise((r) => ours.on('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMaps();
