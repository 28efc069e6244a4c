// The app's routes all fit Hono's RegExpRouter. Hono's SmartRouter falls back to the slower
// TrieRouter for the whole app as soon as one route does not fit (a literal segment beside a
// parameter at the same place, for one method: see server/src/http/segment.ts) — silently, so a
// new route could bring the fallback back without anyone noticing. This test notices, and names
// the routes at fault.
import { Hono, type Context } from 'hono';
import { UnsupportedPathError } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import type { SmartRouter } from 'hono/router/smart-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../src/context.ts';
import { onSegment } from '../src/http/segment.ts';
import { createTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The routes of `app` that a RegExpRouter refuses, each tried on top of all the routes before it that fit. */
function refusedRoutes(app: Hono<AppEnv>): string[] {
  const router = new RegExpRouter<unknown>();
  const refused: string[] = [];
  for (const r of app.routes) {
    try {
      router.add(r.method, r.path, r.handler);
    } catch (err) {
      if (!(err instanceof UnsupportedPathError)) throw err;
      refused.push(`${r.method} ${r.path}`);
    }
  }
  return refused;
}

describe("the app's router", () => {
  it('is the RegExpRouter: no route makes Hono fall back to the TrieRouter', async () => {
    expect(refusedRoutes(t.app)).toEqual([]);
    // The SmartRouter picks its router at the first match. (With a session cookie, even a bogus one:
    // an API GET without one is answered by the app's second router, the same routes without the
    // auth middleware: app.ts.)
    expect((await t.app.request('/api/health', { headers: { cookie: 'waymark_session=none' } })).status).toBe(200);
    const smart = t.app.router as unknown as SmartRouter<unknown>;
    expect(smart.activeRouter.name).toBe('RegExpRouter');
  });

  it('names a route that does not fit (the check above can fail)', () => {
    const probe = new Hono<AppEnv>();
    const ok = (c: Context) => c.text('ok');
    probe.get('/things/public', ok);
    probe.get('/things/:id', ok); // a parameter beside a literal: refused
    probe.get('/things/:id/parts', ok); // so is this one (the same place in the path)
    probe.post('/things/:id', onSegment('id', 'bulk', ok)); // the same literal on the parameter's pattern: fits
    probe.post('/things/:id', ok);
    expect(refusedRoutes(probe)).toEqual(['GET /things/:id', 'GET /things/:id/parts']);
  });

  it('answers the literal routes registered on a parameter pattern, and the parameter routes beside them', async () => {
    const pub = await t.app.request('/api/routes/public');
    expect(pub.status).toBe(200);
    expect(await pub.json()).toHaveProperty('items');
    // Not a route id: the parameter route's own answer, as before (a literal route never took it).
    const other = await t.app.request('/api/routes/publicx');
    expect([400, 404]).toContain(other.status);
    // POST /api/tasks/<not bulk-*>: no such route, the API's JSON 404 (the literal's handler passed it on).
    const user = await t.signIn();
    const none = await t.json('POST', '/api/tasks/bulk-nothing', { ids: [] }, user.headers);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const projects = await t.app.request('/api/tasks/projects', { headers: user.headers });
    expect(projects.status).toBe(200);
    expect(await projects.json()).toHaveProperty('projects');
  });
});
