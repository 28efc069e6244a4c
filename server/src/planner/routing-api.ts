import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context.ts';
import { parseOr400, readJson } from '../http/errors.ts';
import { engineCall, type EngineRegistry } from './engine.ts';
import { loopRequestBody, routeRequestBody } from './schemas.ts';

/** POST /api/route and POST /api/route/loop: the same engine as the browser's worker, on the server. */
export function registerRoutingApi(app: Hono<AppEnv>, _ctx: AppContext, engines: EngineRegistry) {
  app.post('/api/route', async (c) => {
    const body = parseOr400(routeRequestBody, await readJson(c), 'route request');
    const engine = await engines.get(body.region);
    const t0 = performance.now();
    const route = engineCall('no_route', () => engine.plan(body.waypoints, body.paceSecPerKm));
    c.header('Server-Timing', `route;dur=${(performance.now() - t0).toFixed(1)}`);
    return c.json({ route });
  });

  app.post('/api/route/loop', async (c) => {
    const body = parseOr400(loopRequestBody, await readJson(c), 'loop request');
    const engine = await engines.get(body.region);
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
