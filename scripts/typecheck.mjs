// Type-checks every workspace with its own tsconfig (geo has no DOM or Node types on purpose).
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/contracts',
  'packages/assistant',
  'packages/collab',
  'packages/geo',
  'packages/geo/tsconfig.test.json',
  'packages/regions',
  'server',
  'web',
  'e2e',
  'bench',
];
// The route tree is generated (git-ignored): make it before checking the web app.
const gen = spawnSync('npx', ['tsr', 'generate'], { cwd: 'web', stdio: 'inherit' });
let failed = gen.status !== 0;
for (const p of projects) {
  const r = spawnSync('npx', ['tsc', '--noEmit', '-p', p], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
