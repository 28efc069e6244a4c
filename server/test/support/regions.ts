// The app with the built region packs (Andorra, Monaco), for the test files that read packs over
// HTTP (not a test file itself).
import { ensureRegions } from '@waymark/regions/ensure';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

/**
 * Build the region packs if needed and start one app for the whole file (closed after it).
 * Returns the app (valid once `beforeAll` has run) and a GET through it with optional headers.
 */
export function appWithRegions() {
  let t: TestApp | undefined;
  beforeAll(async () => {
    ensureRegions({ log: () => {} });
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });
  const app = () => {
    if (!t) throw new Error('appWithRegions: the app is not started yet (use it inside a test)');
    return t;
  };
  return { app, get: (p: string, headers: Record<string, string> = {}) => Promise.resolve(app().app.request(p, { headers })) };
}
