import type { BuildInfo, HealthResponse } from '@waymark/contracts';
import type { ServerModule } from './context.ts';
import { sendJson } from './http/json.ts';

export const healthModule: ServerModule = {
  name: 'health',
  register(app, ctx) {
    app.get('/api/health', async (c) => {
      const db = await ctx.database.check();
      const ok = db.reachable;
      const body: HealthResponse = {
        status: ok ? 'ok' : 'degraded',
        version: ctx.version,
        build: ctx.spa.build.id,
        uptimeSeconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
        database: { kind: ctx.database.kind, reachable: ok, latencyMs: db.latencyMs, checkedAt: db.checkedAt.toISOString() },
      };
      return sendJson(c, body, { status: ok ? 200 : 503, cacheControl: 'no-store' });
    });
    app.get('/builds/latest.json', (c) => sendJson(c, ctx.spa.build satisfies BuildInfo, { cacheControl: 'no-cache, no-store' }));
  },
};
