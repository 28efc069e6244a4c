import type { Hono } from 'hono';
import { loopRequest, routeRequest } from '@waymark/contracts';
import { RouteError } from '@waymark/geo';
import type { AppContext, AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { assertInRegion, loopJson, routeJson, type EngineRegistry } from './engine.ts';

/**
 * POST /api/route and POST /api/route/loop: the same engine as the browser's worker, on the server.
 * Answers are `RouteResponse` / `LoopResponse` of @waymark/contracts (checked against the schemas
 * by server/test/contracts.db.test.ts: the engine's JSON types its coordinates as number[][]).
 */
export function registerRoutingApi(app: Hono<AppEnv>, _ctx: AppContext, engines: EngineRegistry) {
  app.post('/api/route', async (c) => {
    const body = await validate(c, 'json', routeRequest, 'route request');
    const engine = await engines.get(body.region);
    const pts = body.waypoints.map((w) => [w.lon, w.lat] as [number, number]);
    assertInRegion(engine, pts);
    const t0 = performance.now();
    const r = routeOr422(() =>
      engine.planner.route({
        waypoints: pts,
        legModes: body.waypoints.slice(1).map((w) => w.mode),
        paceSecPerKm: body.paceSecPerKm ?? 360,
      }),
    );
    c.header('Server-Timing', `route;dur=${(performance.now() - t0).toFixed(1)}`);
    return c.json({ route: routeJson(r) });
  });

  app.post('/api/route/loop', async (c) => {
    const body = await validate(c, 'json', loopRequest, 'loop request');
    const engine = await engines.get(body.region);
    assertInRegion(engine, [[body.start.lon, body.start.lat]]);
    const t0 = performance.now();
    try {
      const loops = engine.loops().generate({
        start: [body.start.lon, body.start.lat],
        distance: body.distanceKm * 1000,
        heading: body.heading,
        seed: body.seed,
        preferences: body.preferences,
        alternatives: body.alternatives,
        paceSecPerKm: body.paceSecPerKm,
      });
      c.header('Server-Timing', `loop;dur=${(performance.now() - t0).toFixed(1)}`);
      return c.json({ alternatives: loops.map(loopJson) });
    } catch (err) {
      if (err instanceof RouteError) throw new HttpError(422, 'no_loop', err.message);
      throw err;
    }
  });
}

function routeOr422<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RouteError) throw new HttpError(422, 'no_route', err.message);
    throw err;
  }
}
