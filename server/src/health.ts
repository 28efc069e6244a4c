import type { BuildInfo, HealthResponse } from '@waymark/contracts';
import type { ServerModule } from './context.ts';

export const healthModule: ServerModule = {
  name: 'health',
  register(app, ctx) {
    app.get('/api/health', async (c) => {
      const started = performance.now();
      const ok = await ctx.database.ping();
      const body: HealthResponse = {
        status: ok ? 'ok' : 'degraded',
        version: ctx.version,
        build: ctx.spa.build.id,
        uptimeSeconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
        database: { kind: ctx.database.kind, reachable: ok, latencyMs: Math.round((performance.now() - started) * 100) / 100 },
      };
      return c.json(body, ok ? 200 : 503, { 'Cache-Control': 'no-store' });
    });
    app.get('/builds/latest.json', (c) => c.json(ctx.spa.build satisfies BuildInfo, 200, { 'Cache-Control': 'no-cache, no-store' }));
  },
};
