// `npm test`: the whole suite. Static checks, unit tests, the database suite on PGlite and on a
// throwaway real PostgreSQL 15, the security probes against real server processes, then browser
// tests in Debian Chromium against the built server.
// `node scripts/test.mjs [static|unit|db|security|e2e ...]` runs a subset.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { failureDigest, reportReasons } from './failure-digest.mjs';
import { startPostgres } from './pg-cluster.mjs';
import { prepare, ROOT } from './prepare.mjs';

const all = ['static', 'unit', 'db', 'security', 'e2e'];
const wanted = process.argv.slice(2).filter((a) => all.includes(a));
const steps = wanted.length ? wanted : all;
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Why a step failed, printed again after the summary: CI shows only a run's last lines. */
const digests = new Map();
const t0 = Date.now();

function run(label, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${label} ━━`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`━━ ${label}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failures.push(label);
  return ok;
}

/**
 * Like `run`, but in the background with its output kept in a file and printed whole when it ends,
 * so two steps can share the machine's cores without interleaving their logs.
 */
function runInBackground(label, cmd, args, env = {}) {
  const started = Date.now();
  const log = path.join(reportDir, `${label.replace(/\W+/g, '-')}.log`);
  const fd = fs.openSync(log, 'w');
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    child.on('close', (code, signal) => {
      fs.closeSync(fd);
      const ok = code === 0;
      console.log(`\n━━ ${label} ━━`);
      process.stdout.write(fs.readFileSync(log));
      console.log(`━━ ${label}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (!ok) {
        failures.push(label);
        digests.set(label, failureDigest(fs.readFileSync(log, 'utf8')));
      }
      resolve(ok);
    });
  });
}

function vitestArgs(label, projects) {
  const out = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  return { out, args };
}

function countReport(label, out, ok) {
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    const why = reportReasons(report, ROOT);
    if (why) digests.set(`${label} (tests)`, why);
    if (report.numTotalTests === 0) {
      console.log(`${label}: no tests ran`);
      failures.push(`${label} (no tests)`);
    }
  } catch {
    if (ok) failures.push(`${label} (no report)`);
  }
  return ok;
}

function vitest(label, projects, env = {}) {
  const { out, args } = vitestArgs(label, projects);
  return countReport(label, out, run(label, 'npx', args, { LOG_LEVEL: 'silent', ...env }));
}

async function vitestInBackground(label, projects, env = {}) {
  const { out, args } = vitestArgs(label, projects);
  return countReport(label, out, await runInBackground(label, 'npx', args, { LOG_LEVEL: 'silent', ...env }));
}

if (steps.includes('static')) {
  // tsc and eslint each keep one core busy: side by side they take the time of the longer one;
  // prettier's check is short and rides along.
  await Promise.all([
    runInBackground('typecheck', 'node', ['scripts/typecheck.mjs']),
    runInBackground('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
    runInBackground('format', 'npx', ['prettier', '--check', '.', '--log-level=warn']),
  ]);
}
if (steps.includes('unit')) vitest('unit tests', ['unit-node', 'unit-web']);
if (steps.includes('db')) {
  // The same suite on PGlite (in the test process) and on a throwaway PostgreSQL 15 (its own
  // server), side by side: PostgreSQL's tests wait on the server much of the time, so the pair
  // takes about 470 s here instead of 650 s one after the other.
  let pg;
  try {
    pg = await startPostgres();
    console.log(`(throwaway PostgreSQL on 127.0.0.1:${pg.port})`);
  } catch (err) {
    console.error(`Could not start a throwaway PostgreSQL: ${err.message}`);
    failures.push('database suite on PostgreSQL 15 (cluster did not start)');
  }
  try {
    await Promise.all([
      vitestInBackground('database suite on PGlite', ['db'], { WAYMARK_TEST_DB: 'pglite' }),
      pg && vitestInBackground('database suite on PostgreSQL 15', ['db'], { WAYMARK_TEST_DB: 'postgres', WAYMARK_TEST_PG_URL: pg.url }),
    ]);
  } finally {
    pg?.stop();
  }
}
if (steps.includes('security')) {
  // npm run test:security: account takeover (1–3), lock-out abuse (4), proxy spoof (5), id case (6).
  run('security probes (attacker scenarios against a real server)', 'npx', ['tsx', 'server/test/security/probes.ts'], {
    LOG_LEVEL: 'info',
  });
}
if (steps.includes('e2e')) {
  ensureChromium();
  try {
    prepare();
    vitest('browser tests (Chromium)', ['e2e']);
  } catch (err) {
    console.error(err.message);
    failures.push('build for browser tests');
  }
}

fs.rmSync(reportDir, { recursive: true, force: true });
for (const [label, text] of digests) console.log(`\n━━ why ${label} failed ━━\n${text}`);
const secs = ((Date.now() - t0) / 1000).toFixed(0);
console.log(`\nWaymark test suite finished in ${secs} s${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
