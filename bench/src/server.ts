// Server request throughput: our GET /api/health (PGlite ping, JSON, security headers, request
// log) beside a bare node:http "hello world", both in their own process on this machine, measured
// with autocannon in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { waitForLine } from './built-server.ts';
import { seedProjectsForBench } from './projects-seed.ts';
import { seedTasksForBench } from './tasks-seed.ts';
import { printTable } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const TASK_CONNECTIONS = 10;

async function measure(url: string, headers: Record<string, string> = {}, connections = 50) {
  await autocannon({ url, headers, connections: 10, duration: 1 }); // warm-up
  const r = await autocannon({ url, headers, connections, pipelining: 1, duration: DURATION, timeout: 30 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export async function benchServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  const ours = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'true', HOST: '127.0.0.1' },
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
    const oursBase = await waitForLine(ours, /Waymark listening on (http:\/\/[\d.:]+)/);
    const oursUrl = `${oursBase}/api/health`;
    const barePort = await waitForLine(bare, /port (\d+)/);
    // Silence per-request info logs for the measurement? No: we measure the server as it runs.
    const a = await measure(oursUrl);
    const b = await measure(`http://127.0.0.1:${barePort}/`);
    // Signed-in project list: 100 projects (the demo user's first page of 20, with members and counts).
    const projectsHeaders = await seedProjectsForBench(oursBase, 100);
    const pl = await measure(`${oursBase}/api/projects?pageSize=20`, projectsHeaders);
    // Signed-in task list: 10,000 tasks over those 100 projects; the first page of 20 (newest
    // first) with its facet counts, and a filtered, searched page sorted by due date. 10
    // connections: the embedded database answers one query at a time, so 50 would measure the
    // queue in front of it rather than a request.
    const seedStart = performance.now();
    await seedTasksForBench(oursBase, projectsHeaders, TASKS);
    console.log(`(seeded ${TASKS} tasks through the API in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);
    const tl = await measure(`${oursBase}/api/tasks?pageSize=20`, projectsHeaders, TASK_CONNECTIONS);
    const tf = await measure(
      `${oursBase}/api/tasks?pageSize=20&status=todo,in_progress&priority=high,critical&q=junction&sort=due`,
      projectsHeaders,
      TASK_CONNECTIONS,
    );
    printTable(`Server throughput (${DURATION} s, 50 connections, ${os.cpus().length} cores)`, [
      { metric: 'requests/s', ours: a.rps, peer: b.rps, peerName: 'node:http hello world', unit: 'req/s', higherIsBetter: true },
      { metric: 'p99 latency', ours: a.p99, peer: b.p99, peerName: 'node:http hello world', unit: 'ms', higherIsBetter: false },
      {
        metric: 'GET /api/projects (signed in, 100 projects) requests/s',
        ours: pl.rps,
        peer: b.rps,
        peerName: 'node:http hello world',
        unit: 'req/s',
        higherIsBetter: true,
      },
      {
        metric: 'GET /api/projects p50 latency',
        ours: pl.p50,
        peer: b.p50,
        peerName: 'node:http hello world',
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        metric: 'GET /api/projects p99 latency',
        ours: pl.p99,
        peer: b.p99,
        peerName: 'node:http hello world',
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        metric: `GET /api/tasks (signed in, ${TASKS} tasks, ${TASK_CONNECTIONS} conn.) requests/s`,
        ours: tl.rps,
        peer: b.rps,
        peerName: 'node:http hello world',
        unit: 'req/s',
        higherIsBetter: true,
      },
      {
        metric: 'GET /api/tasks p50 latency',
        ours: tl.p50,
        peer: b.p50,
        peerName: 'node:http hello world',
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        metric: 'GET /api/tasks p99 latency',
        ours: tl.p99,
        peer: b.p99,
        peerName: 'node:http hello world',
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        metric: 'GET /api/tasks filtered+search requests/s',
        ours: tf.rps,
        peer: b.rps,
        peerName: 'node:http hello world',
        unit: 'req/s',
        higherIsBetter: true,
      },
      {
        metric: 'GET /api/tasks filtered+search p50 latency',
        ours: tf.p50,
        peer: b.p50,
        peerName: 'node:http hello world',
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        metric: 'GET /api/tasks filtered+search p99 latency',
        ours: tf.p99,
        peer: b.p99,
        peerName: 'node:http hello world',
        unit: 'ms',
        higherIsBetter: false,
      },
    ]);
    if (tl.errors || tf.errors) console.log(`warning: ${tl.errors + tf.errors} errors/non-2xx from GET /api/tasks`);
    if (pl.errors) console.log(`warning: ${pl.errors} errors/non-2xx from GET /api/projects`);
    if (a.errors) console.log(`warning: ${a.errors} errors/non-2xx from our server`);
  } finally {
    ours.kill('SIGTERM');
    bare.kill('SIGTERM');
    await new Promise((r) => ours.on('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchServer();
