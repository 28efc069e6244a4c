import { ApiError } from '@/lib/api-client';
import { createRoute, updateRoute, type RouteBody } from '../api/saved-routes';
import { loadOutbox, saveOutbox, type OutboxItem } from './storage';

/** A network failure (offline, server unreachable) rather than a refusal by the server. */
export function isOffline(err: unknown): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || (err instanceof ApiError && err.status === 0);
}

export function enqueue(routeId: string | null, body: RouteBody): OutboxItem {
  const item: OutboxItem = { localId: `local-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, routeId, body: body as unknown as Record<string, unknown>, queuedAt: new Date().toISOString() };
  // A newer save of the same saved route replaces an older queued one.
  const rest = loadOutbox().filter((i) => !(routeId && i.routeId === routeId));
  saveOutbox([...rest, item]);
  return item;
}

let syncing: Promise<{ synced: { localId: string; id: string }[]; failed: number }> | null = null;

/**
 * Replay queued saves in order. Network failures stop the run (try again later); a refusal by
 * the server (4xx) drops that item so one bad save cannot block the queue forever.
 */
export function syncOutbox(): Promise<{ synced: { localId: string; id: string }[]; failed: number }> {
  syncing ??= (async () => {
    const synced: { localId: string; id: string }[] = [];
    let failed = 0;
    for (const item of loadOutbox()) {
      try {
        const body = item.body as unknown as RouteBody;
        const saved = item.routeId ? await updateRoute(item.routeId, body) : await createRoute(body);
        synced.push({ localId: item.localId, id: saved.id });
        saveOutbox(loadOutbox().filter((i) => i.localId !== item.localId));
      } catch (err) {
        if (isOffline(err) || (err instanceof ApiError && (err.status === 401 || err.status >= 500))) break;
        failed++;
        saveOutbox(loadOutbox().filter((i) => i.localId !== item.localId));
      }
    }
    return { synced, failed };
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}
