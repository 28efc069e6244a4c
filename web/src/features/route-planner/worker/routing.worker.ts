/// <reference lib="webworker" />
import { GRAPH_CACHE } from '@/components/map/cache-names';
import { dropStaleCopies } from '@/components/map/stale-copies';
import { denseHeat, OutsideRegionError, PlanningEngine } from '@waymark/geo';
import type { WorkerRequest, WorkerResponse } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

const engines = new Map<string, Promise<{ engine: PlanningEngine; fromCache: boolean }>>();

/** graph.bin from the Cache API when present (offline), else the network (then cached). */
async function loadBytes(url: string): Promise<{ bytes: Uint8Array; fromCache: boolean }> {
  let cache: Cache | null = null;
  try {
    cache = await caches.open(GRAPH_CACHE);
  } catch {
    cache = null; // no Cache API (e.g. opaque origin): network only
  }
  const hit = await cache?.match(url);
  if (hit) {
    const bytes = new Uint8Array(await hit.arrayBuffer());
    // Refresh in the background when the server has a newer graph (ETag changed).
    const etag = hit.headers.get('etag');
    void fetch(url, { headers: etag ? { 'If-None-Match': etag } : {}, cache: 'no-store' })
      .then(async (res) => {
        if (res.status === 200 && cache) await cache.put(url, res);
      })
      .catch(() => undefined);
    return { bytes, fromCache: true };
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Could not load the routing graph (${res.status} ${res.statusText})`);
  const copy = res.clone();
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (cache) {
    await cache.put(url, copy).catch(() => undefined);
    const u = new URL(url, self.location.href);
    const v = u.searchParams.get('v');
    if (v) await dropStaleCopies(cache, u.origin + u.pathname, v).catch(() => 0);
  }
  return { bytes, fromCache: false };
}

function engineFor(region: string, url?: string) {
  let e = engines.get(region);
  if (!e) {
    if (!url) throw new Error(`region ${region} is not loaded`);
    e = loadBytes(url).then(async ({ bytes, fromCache }) => {
      try {
        return { engine: PlanningEngine.fromBytes(region, bytes), fromCache };
      } catch (err) {
        // a cached copy this build cannot read (e.g. an older graph format): drop it, fetch again
        if (!fromCache) throw err;
        await caches.delete(GRAPH_CACHE).catch(() => undefined);
        return { engine: PlanningEngine.fromBytes(region, (await loadBytes(url)).bytes), fromCache: false };
      }
    });
    e.catch(() => engines.delete(region));
    engines.set(region, e);
  }
  return e;
}

/** When each region's popularity heat was last fetched (at most once a minute). */
const heatFetchedAt = new Map<string, number>();

/**
 * The heat of the region's public routes (GET /api/routes/popularity) set on its engine before a
 * loop that prefers popular ways: from the network at most once a minute, stored beside the
 * graph; offline, the stored copy. A heat for another build of the graph, or none, leaves the
 * preference without effect.
 */
async function applyHeat(region: string, engine: PlanningEngine): Promise<void> {
  const last = heatFetchedAt.get(region);
  if (last !== undefined && performance.now() - last < 60_000) return;
  const url = `${self.location.origin}/api/routes/popularity?region=${encodeURIComponent(region)}`;
  const cache = await caches.open(GRAPH_CACHE).catch(() => null);
  let body: unknown = null;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`${res.status}`);
    await cache?.put(url, res.clone()).catch(() => undefined);
    body = await res.json();
    heatFetchedAt.set(region, performance.now());
  } catch {
    body = await (await cache?.match(url))?.json().catch(() => null);
  }
  const heat =
    body && typeof body === 'object'
      ? denseHeat(body as { edgeCount: unknown; edges: unknown; heat: unknown }, engine.graph.edgeCount)
      : null;
  engine.setHeat(heat);
}

self.onmessage = async (ev: MessageEvent<WorkerRequest>) => {
  const msg = ev.data;
  const reply = (r: WorkerResponse) => self.postMessage(r);
  try {
    if (msg.type === 'init') {
      const { engine, fromCache } = await engineFor(msg.region, msg.url);
      reply({ id: msg.id, ok: true, type: 'init', bbox: engine.bbox, nodes: engine.nodeCount, fromCache });
      // build the contraction hierarchy now (~0.1 s), not on the user's first click
      setTimeout(() => engine.warm(), 0);
    } else if (msg.type === 'plan') {
      const { engine } = await engineFor(msg.region);
      if (msg.preferences?.preferPopular) await applyHeat(msg.region, engine);
      const t0 = performance.now();
      const route = engine.plan(msg.waypoints, msg.paceSecPerKm, msg.preferences);
      reply({ id: msg.id, ok: true, type: 'plan', route, ms: performance.now() - t0 });
    } else {
      const { engine } = await engineFor(msg.region);
      if (msg.request.preferences?.preferPopular) await applyHeat(msg.region, engine);
      const t0 = performance.now();
      const alternatives = engine.loops(msg.request);
      reply({ id: msg.id, ok: true, type: 'loop', alternatives, ms: performance.now() - t0 });
    }
  } catch (err) {
    reply({
      id: msg.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
      code: err instanceof OutsideRegionError ? 'outside' : 'other',
    });
  }
};
