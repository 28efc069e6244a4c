// `npm run dev`: the API server (tsx watch) on :3000 and Vite's dev server on :5173 with a proxy.
import { spawn } from 'node:child_process';
import { ROOT } from './prepare.mjs';

const procs = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn('npx', ['vite'], { cwd: `${ROOT}/web`, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
