// Starts a throwaway PostgreSQL cluster for tests: initdb into a temp dir, a random free port on
// 127.0.0.1, run as an unprivileged user when we are root. stop() shuts it down and removes it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function findBin(name) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/lib/postgresql/15/bin', '/usr/local/bin']) {
    const p = path.join(dir, name);
    if (dir && fs.existsSync(p)) return p;
  }
  throw new Error(`${name} not found: install PostgreSQL 15 server binaries (apt-get install -y postgresql-15)`);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function runAs(cmd, args, opts = {}) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'nobody', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: 'utf8', timeout: 120_000, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** @returns {Promise<{ url: string, port: number, dir: string, stop: () => void }>} */
export async function startPostgres() {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-pg-'));
  fs.chmodSync(dir, 0o777);
  if (isRoot) execFileSync('chown', ['nobody', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  runAs(initdb, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  runAs(pgCtl, ['-D', dataDir, '-l', path.join(dir, 'log'), '-o', opts, '-w', '-t', '60', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      runAs(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    } catch {
      /* already down */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
}
