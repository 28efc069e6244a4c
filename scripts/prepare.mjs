// Brings the built artefacts up to date before the server starts or the browser tests run:
// the web build (rebuilt when web sources changed) and the bundled region packs.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

function hashTree(hash, dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'routeTree.gen.ts') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, p);
    else if (!/\.test\.tsx?$/.test(entry.name)) hash.update(p.slice(ROOT.length)).update(fs.readFileSync(p));
  }
}

/** Content hash of everything the web build depends on. */
export function webSourceHash() {
  const hash = createHash('sha256');
  for (const d of ['web/src', 'web/public', 'packages/geo/src', 'packages/contracts/src', 'packages/collab/src', 'packages/assistant/src'])
    hashTree(hash, path.join(ROOT, d));
  for (const f of ['web/index.html', 'web/vite.config.ts', 'package-lock.json']) {
    const p = path.join(ROOT, f);
    if (fs.existsSync(p)) hash.update(f).update(fs.readFileSync(p));
  }
  return hash.digest('hex');
}

/** Where the web build goes; WEB_DIST overrides it (the server reads the same variable). */
export const webDist = () => path.resolve(ROOT, process.env.WEB_DIST ?? 'web/dist');

export function ensureWebBuild({ force = false, log = console.log } = {}) {
  const dist = webDist();
  const stamp = path.join(dist, '.source-hash');
  const want = webSourceHash();
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return false;
  log('Building the web app (vite build)…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    cwd: path.join(ROOT, 'web'),
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (r.status !== 0) throw new Error('web build failed');
  fs.writeFileSync(stamp, want);
  return true;
}

/** Region packs: built by packages/regions when missing or stale (no-op until that package provides ensure.mjs). */
export function ensureRegions({ log = console.log } = {}) {
  const script = path.join(ROOT, 'packages/regions/src/ensure.ts');
  if (!fs.existsSync(script)) return;
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the bundled region packs failed');
  log('Region packs are ready.');
}

export function prepare(opts = {}) {
  ensureWebBuild(opts);
  ensureRegions(opts);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    prepare({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
