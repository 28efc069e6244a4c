// The built app on a throwaway server for browser benchmarks: a random port on 127.0.0.1, a fresh
// PGlite data directory, production mode; stop() ends it and removes the data.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Resolves with the first capture group of `re` once the child's stdout matches it. */
export function waitForLine(child: ChildProcess, re: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`timed out waiting for ${re}: ${out.slice(-500)}`)), 120_000);
    let found = false;
    child.stdout!.on('data', (d) => {
      // the log is drained for as long as the server runs (a full pipe would stall it), but once the
      // line is found it is no longer kept or searched
      if (found) return;
      out += d;
      const m = re.exec(out);
      if (m) {
        found = true;
        out = '';
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out.slice(-500)}`)));
  });
}

export async function startBuiltServer(dist: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await waitForLine(child, /Waymark listening on (http:\/\/[\d.:]+)/);
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
