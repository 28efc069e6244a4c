/// <reference lib="webworker" />
import { GRAPH_CACHE } from '@/components/map/cache-names';
import { dropStaleCopies } from '@/components/map/stale-copies';
import { OutsideRegionError, PlanningEngine } from '@waymark/geo';
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
      const t0 = performance.now();
      const route = engine.plan(msg.waypoints, msg.paceSecPerKm);
      reply({ id: msg.id, ok: true, type: 'plan', route, ms: performance.now() - t0 });
    } else {
      const { engine } = await engineFor(msg.region);
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
