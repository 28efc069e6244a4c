import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer } from '../../server/test/support/process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/**
 * One built server for all browser tests: a random port, a fresh temp DATA_DIR (PGlite), demo
 * data seeded. scripts/test.mjs builds the web app and region packs before this runs.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-e2e-'));
  const server = await spawnServer({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'true', LOG_LEVEL: 'info', NODE_ENV: 'test' }, 120_000);
  project.provide('baseURL', server.url);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
