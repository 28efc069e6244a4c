import type { BuildInfo, HealthResponse } from '@waymark/contracts';
import type { ServerModule } from './context.ts';

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
      return c.json(body, ok ? 200 : 503, { 'Cache-Control': 'no-store' });
    });
    app.get('/builds/latest.json', (c) => c.json(ctx.spa.build satisfies BuildInfo, 200, { 'Cache-Control': 'no-cache, no-store' }));
  },
};
