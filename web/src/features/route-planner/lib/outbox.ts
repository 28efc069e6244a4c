import { ApiError } from '@/lib/api-client';
import type { CreateRouteBody as RouteBody } from '@waymark/contracts/routes';
import { createRoute } from '../api/create-route';
import { updateRoute } from '../api/update-route';
import { loadOutbox, saveOutbox, type OutboxItem } from './storage';

/** A network failure (offline, server unreachable) rather than a refusal by the server. */
export function isOffline(err: unknown): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || (err instanceof ApiError && err.status === 0);
}

export function enqueue(routeId: string | null, body: RouteBody): OutboxItem {
  const item: OutboxItem = {
    localId: `local-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    routeId,
    body: body as unknown as Record<string, unknown>,
    queuedAt: new Date().toISOString(),
  };
  // A newer save of the same saved route replaces an older queued one.
  const rest = loadOutbox().filter((i) => !(routeId && i.routeId === routeId));
  saveOutbox([...rest, item]);
  return item;
}

export interface SyncResult {
  /** saves the server took: the queued item and the saved route's id */
  synced: {
    localId: string;
    /** the saved route the queued save was for (null: a new route) */
    from: string | null;
    id: string;
    name: string;
    /** a save of an existing route that was gone (deleted, or not ours): kept as a new route */
    asNew: boolean;
  }[];
  /** saves the server refused (4xx other than sign-in): dropped from the queue, reported with its reason */
  refused: { localId: string; name: string; message: string }[];
}

let syncing: Promise<SyncResult> | null = null;

/** The saved route is gone or no longer ours to change: the queued work is kept as a new route. */
const routeGone = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 403);

/**
 * Replay queued saves in order. Network failures, 401 and 5xx stop the run (try again later). A
 * save of a route that was deleted meanwhile (404) or is not ours to change (403) is saved as a
 * new route, so the work is not lost. Any other refusal by the server (4xx) drops that item, so
 * one bad save cannot block the queue forever, and reports it with the server's reason.
 */
export function syncOutbox(): Promise<SyncResult> {
  syncing ??= (async () => {
    const out: SyncResult = { synced: [], refused: [] };
    for (const item of loadOutbox()) {
      const body = item.body as unknown as RouteBody;
      const done = () => saveOutbox(loadOutbox().filter((i) => i.localId !== item.localId));
      try {
        let asNew = false;
        let saved;
        try {
          saved = item.routeId ? await updateRoute(item.routeId, body) : await createRoute(body);
        } catch (err) {
          if (!item.routeId || !routeGone(err)) throw err;
          asNew = true;
          saved = await createRoute(body);
        }
        out.synced.push({ localId: item.localId, from: item.routeId, id: saved.id, name: saved.name, asNew });
        done();
      } catch (err) {
        if (isOffline(err) || (err instanceof ApiError && (err.status === 401 || err.status >= 500))) break;
        out.refused.push({
          localId: item.localId,
          name: String(body.name ?? ''),
          message: err instanceof Error ? err.message : String(err),
        });
        done();
      }
    }
    return out;
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}
