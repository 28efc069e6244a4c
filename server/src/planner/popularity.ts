// "Prefer popular": the per-edge heat of a region's graph from this instance's public routes
// (@waymark/geo `edgeHeat`). GET /api/routes/popularity?region= serves it sparse (edges with heat)
// for the browser's routing worker; the server's own loop endpoint uses the same heat. The answer
// goes through the list cache (db/list-cache.ts) on the `routes` table: it is recomputed only after
// a route was written — by any server process — and served from memory otherwise.
import type { Context } from 'hono';
import { popularityQuery, type PopularityResponse } from '@waymark/contracts';
import { decodeRouteGeometry, denseHeat, type PlanningEngine } from '@waymark/geo';
import type { AppContext, AppEnv } from '../context.ts';
import { cachedListText } from '../http/cached-list.ts';
import { sendJsonText } from '../http/json.ts';
import { validate } from '../http/validate.ts';
import type { EngineRegistry } from './engine.ts';

/** The most recent public routes of a region that count (bounds the work of one recomputation). */
export const MAX_POPULARITY_ROUTES = 5000;

async function compute(ctx: AppContext, engine: PlanningEngine): Promise<PopularityResponse> {
  const rows = await ctx.database.db
    .selectFrom('routes')
    .select('geometry')
    .where('visibility', '=', 'public')
    .where('region', '=', engine.region)
    .orderBy('updated_at', 'desc')
    .limit(MAX_POPULARITY_ROUTES)
    .execute();
  const lines: [number, number, number][][] = [];
  for (const r of rows) {
    try {
      lines.push(decodeRouteGeometry(r.geometry));
    } catch {
      // a stored geometry this build cannot read counts nowhere (it was checked when it was saved)
    }
  }
  const { heat, lines: used } = engine.heatOf(lines);
  const edges: number[] = [];
  const values: number[] = [];
  for (let e = 0; e < heat.length; e++)
    if (heat[e]) {
      edges.push(e);
      values.push(heat[e]!);
    }
  return { region: engine.region, edgeCount: heat.length, routes: used, edges, heat: values };
}

/** The heat of `region` as JSON text, through the list cache (recomputed after a write to `routes`). */
async function popularityText(ctx: AppContext, engines: EngineRegistry, region: string): Promise<string> {
  const engine = await engines.get(region);
  return cachedListText(ctx, { kind: 'routes-popularity', userId: '', query: { region }, tables: ['routes'] }, () => compute(ctx, engine));
}

export class PopularityService {
  /** the text each engine's heat was last set from (the same text → nothing to do) */
  private readonly applied = new WeakMap<PlanningEngine, string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly engines: EngineRegistry,
  ) {}

  /** GET /api/routes/popularity?region= */
  async respond(c: Context<AppEnv>): Promise<Response> {
    const { region } = validate(c, 'query', popularityQuery, 'popularity query');
    const body = await popularityText(this.ctx, this.engines, region);
    return sendJsonText(c, body);
  }

  /** Give `engine` the current heat of its region (before a loop request that prefers popular ways). */
  async apply(engine: PlanningEngine): Promise<void> {
    const text = await popularityText(this.ctx, this.engines, engine.region);
    if (this.applied.get(engine) === text) return;
    engine.setHeat(denseHeat(JSON.parse(text) as PopularityResponse, engine.graph.edgeCount));
    this.applied.set(engine, text);
  }
}
