import { sql, type Selectable } from 'kysely';
import type { Context, Hono } from 'hono';
import {
  createRouteBody,
  routeIdParam,
  routeListQuery,
  updateRouteBody,
  type RoutePage,
  type RouteSummary,
  type SavedRoute,
} from '@waymark/contracts';
import { decodeRouteGeometry } from '@waymark/geo';
import type { AppContext, AppEnv } from '../context.ts';
import { HttpError, notFound, validationError } from '../http/errors.ts';
import { requireUser } from '../http/guards.ts';
import { validate } from '../http/validate.ts';
import { onSegment } from '../http/segment.ts';
import { cachedList } from '../http/cached-list.ts';
import type { RoutesTable } from './db.ts';

type Row = Selectable<RoutesTable>;

type ListRow = Omit<Row, 'waypoints' | 'geometry'> & { waypoint_count: number };

/** A list item: the route without its waypoints and geometry (their count comes from the database). */
function listItemJson(r: ListRow, viewerId: string | undefined): RouteSummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    visibility: r.visibility,
    region: r.region,
    stats: r.stats,
    owned: viewerId !== undefined && viewerId === r.owner_id,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    waypointCount: Number(r.waypoint_count),
  };
}

function summaryJson(r: Row, viewerId: string | undefined): RouteSummary {
  return listItemJson({ ...r, waypoint_count: r.waypoints.length }, viewerId);
}

function toJson(r: Row, viewerId: string | undefined): SavedRoute {
  return { ...summaryJson(r, viewerId), waypoints: r.waypoints, geometry: r.geometry };
}

function checkGeometry(geometry: string | undefined) {
  if (geometry === undefined) return;
  try {
    decodeRouteGeometry(geometry);
  } catch (err) {
    throw validationError('route', [{ path: 'geometry', message: (err as Error).message }]);
  }
}

function parseId(c: Context<AppEnv>): string {
  return validate(c, 'param', routeIdParam, 'route id').id;
}

/** Load a route the viewer may see: private ones only by their owner (others get 404, never 403). */
async function loadVisible(ctx: AppContext, id: string, viewerId: string | undefined): Promise<Row> {
  const row = await ctx.db.selectFrom('routes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.visibility === 'private' && row.owner_id !== viewerId)) throw notFound('Route not found');
  return row;
}

async function loadOwned(ctx: AppContext, id: string, userId: string): Promise<Row> {
  const row = await loadVisible(ctx, id, userId);
  if (row.owner_id !== userId) throw new HttpError(403, 'forbidden', 'Only the owner can change this route');
  return row;
}

const LIST_COLUMNS = ['id', 'owner_id', 'name', 'description', 'visibility', 'region', 'stats', 'created_at', 'updated_at'] as const;

type RouteListQuery = ReturnType<typeof routeListQuery.parse>;

async function list(
  ctx: AppContext,
  q: RouteListQuery,
  viewer: string | undefined,
  scope: { ownerId: string } | { public: true },
): Promise<RoutePage> {
  const order = q.order ?? (q.sort === 'name' ? 'asc' : 'desc');
  let base = ctx.db.selectFrom('routes');
  base = 'ownerId' in scope ? base.where('owner_id', '=', scope.ownerId) : base.where('visibility', '=', 'public');
  if (q.region) base = base.where('region', '=', q.region);
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb) => eb.or([eb('name', 'ilike', like), eb('description', 'ilike', like)]));
  }
  // One query for the page and the total (a window count over the same filter); the waypoints
  // are counted in the database, not parsed here only to be counted.
  let rows = base.select((eb) => [
    ...LIST_COLUMNS,
    sql<number>`jsonb_array_length(waypoints)`.as('waypoint_count'),
    eb.fn.countAll<string>().over().as('total_count'),
  ]);
  if (q.sort === 'name') rows = rows.orderBy(sql`lower(name)`, order);
  else if (q.sort === 'distance') rows = rows.orderBy(sql`(stats->>'distanceM')::float8`, order);
  else rows = rows.orderBy(q.sort === 'created' ? 'created_at' : 'updated_at', order);
  const items = await rows
    .orderBy('id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  // A page past the end has no row to carry the total: count separately then.
  const total = items.length
    ? Number(items[0]!.total_count)
    : q.page > 1
      ? Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0)
      : 0;
  return { items: items.map((r) => listItemJson(r as ListRow, viewer)), total, page: q.page, pageSize: q.pageSize };
}

export function registerRoutesApi(app: Hono<AppEnv>, ctx: AppContext) {
  app.get('/api/routes', async (c) => {
    const user = requireUser(c);
    const q = validate(c, 'query', routeListQuery);
    return cachedList(c, ctx, { kind: 'routes', userId: user.id, query: q, tables: ['routes'] }, () =>
      list(ctx, q, user.id, { ownerId: user.id }),
    );
  });

  // GET /api/routes/public, on the pattern of /api/routes/:id below (http/segment.ts)
  app.get(
    '/api/routes/:id',
    onSegment('id', 'public', async (c) => {
      const q = validate(c, 'query', routeListQuery);
      const viewer = c.get('user')?.id;
      // `owned` depends on the viewer: one entry per viewer (and one for anonymous).
      return cachedList(c, ctx, { kind: 'routes-public', userId: viewer ?? '', query: q, tables: ['routes'] }, () =>
        list(ctx, q, viewer, { public: true }),
      );
    }),
  );

  app.post('/api/routes', async (c) => {
    const user = requireUser(c);
    const body = await validate(c, 'json', createRouteBody, 'route');
    checkGeometry(body.geometry);
    const row = await ctx.db
      .insertInto('routes')
      .values({
        owner_id: user.id,
        name: body.name,
        description: body.description,
        visibility: body.visibility,
        region: body.region,
        waypoints: JSON.stringify(body.waypoints),
        geometry: body.geometry,
        stats: JSON.stringify(body.stats),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json(toJson(row, user.id), 201);
  });

  app.get('/api/routes/:id', async (c) => {
    const id = parseId(c);
    const viewer = c.get('user')?.id;
    return c.json(toJson(await loadVisible(ctx, id, viewer), viewer));
  });

  app.patch('/api/routes/:id', async (c) => {
    const user = requireUser(c);
    const id = parseId(c);
    const body = await validate(c, 'json', updateRouteBody, 'route');
    checkGeometry(body.geometry);
    await loadOwned(ctx, id, user.id);
    const row = await ctx.db
      .updateTable('routes')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
        ...(body.region !== undefined ? { region: body.region } : {}),
        ...(body.waypoints !== undefined ? { waypoints: JSON.stringify(body.waypoints) } : {}),
        ...(body.geometry !== undefined ? { geometry: body.geometry } : {}),
        ...(body.stats !== undefined ? { stats: JSON.stringify(body.stats) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('owner_id', '=', user.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Route not found');
    return c.json(toJson(row, user.id));
  });

  app.delete('/api/routes/:id', async (c) => {
    const user = requireUser(c);
    const id = parseId(c);
    await loadOwned(ctx, id, user.id);
    await ctx.db.deleteFrom('routes').where('id', '=', id).where('owner_id', '=', user.id).execute();
    return c.body(null, 204);
  });

  app.post('/api/routes/:id/duplicate', async (c) => {
    const user = requireUser(c);
    const id = parseId(c);
    const src = await loadVisible(ctx, id, user.id);
    const copyName = `${src.name} (copy)`.slice(0, 120);
    const row = await ctx.db
      .insertInto('routes')
      .values({
        owner_id: user.id,
        name: copyName,
        description: src.description,
        visibility: 'private',
        region: src.region,
        waypoints: JSON.stringify(src.waypoints),
        geometry: src.geometry,
        stats: JSON.stringify(src.stats),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json(toJson(row, user.id), 201);
  });
}
