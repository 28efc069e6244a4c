// Server request throughput: our GET /api/health (PGlite ping, JSON, security headers, request
// log) beside a bare node:http "hello world", both in their own process on this machine, measured
// with autocannon in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { waitForLine } from './built-server.ts';
import { printTable } from './table.ts';
import { benchMaps } from './maps.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

async function measure(url: string) {
  await autocannon({ url, connections: 10, duration: 1 }); // warm-up
  const r = await autocannon({ url, connections: 50, pipelining: 1, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export async function benchServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  const ours = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bare = spawn(
    process.execPath,
    [
      '-e',
      "const s=require('http').createServer((q,r)=>{r.setHeader('content-type','text/plain');r.end('hello world')});s.listen(0,'127.0.0.1',()=>console.log('port '+s.address().port))",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const oursUrl = `${await waitForLine(ours, /Waymark listening on (http:\/\/[\d.:]+)/)}/api/health`;
    const barePort = await waitForLine(bare, /port (\d+)/);
    // Silence per-request info logs for the measurement? No: we measure the server as it runs.
    const a = await measure(oursUrl);
    const b = await measure(`http://127.0.0.1:${barePort}/`);
    printTable(`Server throughput (${DURATION} s, 50 connections, ${os.cpus().length} cores)`, [
      { metric: 'requests/s', ours: a.rps, peer: b.rps, peerName: 'node:http hello world', unit: 'req/s', higherIsBetter: true },
      { metric: 'p99 latency', ours: a.p99, peer: b.p99, peerName: 'node:http hello world', unit: 'ms', higherIsBetter: false },
    ]);
    if (a.errors) console.log(`warning: ${a.errors} errors/non-2xx from our server`);
  } finally {
    ours.kill('SIGTERM');
    bare.kill('SIGTERM');
    await new Promise((r) => ours.on('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // the map pages' data endpoints (population density), in their own table
  await benchMaps();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchServer();
