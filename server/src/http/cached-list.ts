import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../context.ts';
import { sendJsonText } from './json.ts';
import { listCacheFor, listKey, type ListTable } from '../db/list-cache.ts';

type ListSpec = { kind: string; userId: string; query: object; tables: readonly ListTable[] };

/**
 * The JSON text of `load()`'s answer through the list cache (db/list-cache.ts): the page `kind` of
 * `userId` for the validated `query`, read by `load` from `tables` when it is not in memory or one
 * of those tables changed since.
 */
export function cachedListText(ctx: AppContext, spec: ListSpec, load: () => Promise<unknown>): Promise<string> {
  const cache = listCacheFor(ctx.database.notifications, {
    maxBytes: Math.round(ctx.config.LIST_CACHE_MB * 1024 * 1024),
    onError: (err) => ctx.logger.warn({ err }, 'list cache: not listening for changes (lists are read from the database)'),
  });
  return cache.get(listKey(spec.kind, spec.userId, spec.query), spec.tables, async () => JSON.stringify(await load()));
}

/** A list endpoint's JSON answer through the list cache, sent as it is (no re-encoding per request). */
export async function cachedList(
  c: Context<AppEnv>,
  ctx: AppContext,
  spec: ListSpec & { headers?: Record<string, string> },
  load: () => Promise<unknown>,
): Promise<Response> {
  const body = await cachedListText(ctx, spec, load);
  const { 'Cache-Control': cacheControl, ...others } = spec.headers ?? {};
  // Cache-Control alone (the lists' no-store) keeps the adapter's fast path (http/json.ts).
  if (Object.keys(others).length === 0) return sendJsonText(c, body, { cacheControl });
  return c.body(body, 200, { 'Content-Type': 'application/json', ...spec.headers });
}
