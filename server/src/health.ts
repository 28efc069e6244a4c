import type { Context } from 'hono';
import type { BuildInfo, HealthResponse } from '@waymark/contracts';
import type { ServerModule } from './context.ts';
import type { DatabaseCheck } from './db/index.ts';
import { jsonBytes, sendJson, sendJsonText } from './http/json.ts';

export const healthModule: ServerModule = {
  name: 'health',
  register(app, ctx) {
    // The body depends on the database check (reused for up to a second: the same object meanwhile),
    // the uptime in whole seconds and the build: encoded again only when one of them changes.
    let last: { check: DatabaseCheck; uptime: number; build: string; bytes: Uint8Array<ArrayBuffer> } | null = null;
    const answer = (c: Context, db: DatabaseCheck) => {
      const ok = db.reachable;
      const uptime = Math.round((Date.now() - ctx.startedAt.getTime()) / 1000);
      const build = ctx.spa.build.id;
      if (last?.check !== db || last.uptime !== uptime || last.build !== build) {
        const body: HealthResponse = {
          status: ok ? 'ok' : 'degraded',
          version: ctx.version,
          build,
          uptimeSeconds: uptime,
          database: { kind: ctx.database.kind, reachable: ok, latencyMs: db.latencyMs, checkedAt: db.checkedAt.toISOString() },
        };
        last = { check: db, uptime, build, bytes: jsonBytes(JSON.stringify(body)) };
      }
      return sendJsonText(c, last.bytes, { status: ok ? 200 : 503, cacheControl: 'no-store' });
    };
    // A check reused within its second answers at once, without a promise: the app then sends the
    // response synchronously (app.ts); otherwise the check's query first.
    app.get('/api/health', (c): Response | Promise<Response> => {
      const recent = ctx.database.recentCheck();
      return recent ? answer(c, recent) : ctx.database.check().then((db) => answer(c, db));
    });
    app.get('/builds/latest.json', (c) => sendJson(c, ctx.spa.build satisfies BuildInfo, { cacheControl: 'no-cache, no-store' }));
  },
};
