import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * Test projects:
 * - unit-node: packages/*, server and bench unit tests (Node).
 * - unit-web: web unit/component tests (jsdom).
 * - db: database integration suite; scripts/test.mjs runs it on PGlite and on a real PostgreSQL.
 * - e2e: Playwright (playwright-core + Debian Chromium) against the built server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit-node',
          root,
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.db.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // vitest's default is one worker fewer than the cores: one worker on this 2-core machine
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias: { '@': path.join(root, 'web/src') } },
        test: {
          name: 'unit-web',
          root,
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'db',
          root,
          environment: 'node',
          include: ['server/test/**/*.db.test.ts'],
          globalSetup: ['server/test/support/pglite-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root,
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
    ],
  },
});
