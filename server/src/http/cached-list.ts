import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../context.ts';
import { Lru } from '../lib/lru.ts';
import { jsonBytes, sendJsonText } from './json.ts';
import { listCacheFor, listKey, type ListCache, type ListTable } from '../db/list-cache.ts';

/** Each app's list cache (looked up once, not with a new options object per request). */
const caches = new WeakMap<AppContext, ListCache>();

type ListSpec = { kind: string; userId: string; query: object; tables: readonly ListTable[] };

/**
 * The JSON text of `load()`'s answer through the list cache (db/list-cache.ts): the page `kind` of
 * `userId` for the validated `query`, read by `load` from `tables` when it is not in memory or one
 * of those tables changed since. `since`: when the request arrived (`performance.now()`), so a fence
 * this request already waited for is not waited for again.
 */
export function cachedListText(ctx: AppContext, spec: ListSpec, load: () => Promise<unknown>, since?: number): Promise<string> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = listCacheFor(ctx.database.notifications, {
      maxBytes: Math.round(ctx.config.LIST_CACHE_MB * 1024 * 1024),
      onError: (err) => ctx.logger.warn({ err }, 'list cache: not listening for changes (lists are read from the database)'),
    });
    caches.set(ctx, cache);
  }
  return cache.get(listKey(spec.kind, spec.userId, spec.query), spec.tables, async () => JSON.stringify(await load()), since);
}

/**
 * The UTF-8 bytes of the pages most recently sent, by their text (the list cache's own string: a
 * lookup hashes it once — V8 keeps a string's hash — and compares by identity first), so a page
 * served again and again is not encoded again for the socket on every request. A changed page is a
 * new text, so a new entry; the old one ages out.
 */
const pageBytes = new Lru<string, Uint8Array<ArrayBuffer>>(64);
const bytesOf = (text: string): Uint8Array<ArrayBuffer> => {
  let bytes = pageBytes.get(text);
  if (!bytes) pageBytes.set(text, (bytes = jsonBytes(text)));
  return bytes;
};

/** A list endpoint's JSON answer through the list cache, sent as it is (no re-encoding per request). */
export async function cachedList(
  c: Context<AppEnv>,
  ctx: AppContext,
  spec: ListSpec & { headers?: Record<string, string> },
  load: () => Promise<unknown>,
): Promise<Response> {
  // `receivedAt`: the fence the session lookup of this request waited for also covers the list (db/notify.ts).
  const body = await cachedListText(ctx, spec, load, c.env.receivedAt);
  const headers = spec.headers;
  // Cache-Control alone (the lists' no-store) keeps the adapter's fast path (http/json.ts).
  if (!headers || onlyCacheControl(headers)) return sendJsonText(c, bytesOf(body), { cacheControl: headers?.['Cache-Control'] });
  return c.body(body, 200, { 'Content-Type': 'application/json', ...headers });
}

function onlyCacheControl(headers: Record<string, string>): boolean {
  for (const name in headers) if (name !== 'Cache-Control') return false;
  return true;
}
