import type { Hono } from 'hono';
import { loopRequest, routeRequest } from '@waymark/contracts';
import type { AppContext, AppEnv } from '../context.ts';
import { onSegment } from '../http/segment.ts';
import { validate } from '../http/validate.ts';
import { engineCall, type EngineRegistry } from './engine.ts';
import { PopularityService } from './popularity.ts';

/**
 * POST /api/route and POST /api/route/loop: the same engine as the browser's worker, on the server;
 * GET /api/routes/popularity: the heat of a region's edges from public routes (popularity.ts).
 * Answers are `RouteResponse` / `LoopResponse` of @waymark/contracts (checked against the schemas
 * by server/test/contracts.db.test.ts: the engine's JSON types its coordinates as number[][]).
 */
export function registerRoutingApi(app: Hono<AppEnv>, ctx: AppContext, engines: EngineRegistry) {
  const popularity = new PopularityService(ctx, engines);
  // GET /api/routes/popularity, on the pattern of /api/routes/:id (routes-api.ts, registered after
  // this) so that Hono keeps its RegExpRouter (http/segment.ts)
  app.get(
    '/api/routes/:id',
    onSegment('id', 'popularity', (c) => popularity.respond(c)),
  );

  app.post('/api/route', async (c) => {
    const body = await validate(c, 'json', routeRequest, 'route request');
    const engine = await engines.get(body.region);
    if (body.preferences?.preferPopular) await popularity.apply(engine);
    const t0 = performance.now();
    const route = engineCall('no_route', () => engine.plan(body.waypoints, body.paceSecPerKm, body.preferences));
    c.header('Server-Timing', `route;dur=${(performance.now() - t0).toFixed(1)}`);
    return c.json({ route });
  });

  app.post('/api/route/loop', async (c) => {
    const body = await validate(c, 'json', loopRequest, 'loop request');
    const engine = await engines.get(body.region);
    if (body.preferences.preferPopular) await popularity.apply(engine);
    const t0 = performance.now();
    const alternatives = engineCall('no_loop', () =>
      engine.loops({
        start: [body.start.lon, body.start.lat],
        distanceKm: body.distanceKm,
        heading: body.heading,
        seed: body.seed,
        preferences: body.preferences,
        alternatives: body.alternatives,
        paceSecPerKm: body.paceSecPerKm,
      }),
    );
    c.header('Server-Timing', `loop;dur=${(performance.now() - t0).toFixed(1)}`);
    return c.json({ alternatives });
  });
}
