import { fetchRegions } from '@/components/map';
import { generateLoops } from '../api/generate-loops';
import { planRoute } from '../api/plan-route';
import type { LoopRequest, WorkerRequest, WorkerResponse } from '../worker/protocol';
import type { RoutePrefs } from './storage';
import type { AssembledRoute, LoopAlternative, Waypoint } from './types';

type Pending = { resolve(v: WorkerResponse): void; reject(e: Error): void };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The region's graph.bin URL with its pack version (from the region list), so a rebuilt pack is never read from an old cached copy. */
async function graphUrl(region: string): Promise<string> {
  const plain = `/tiles/${encodeURIComponent(region)}/graph.bin`;
  try {
    return (await fetchRegions()).find((r) => r.name === region)?.tiles?.graph ?? plain;
  } catch {
    return plain;
  }
}

export class RoutingError extends Error {
  constructor(
    message: string,
    readonly code: 'outside' | 'graph' | 'other' = 'other',
  ) {
    super(message);
  }
}

/** What a route depends on: the waypoints' places, modes and vias, the pace and the preferences. */
function planKey(waypoints: Waypoint[], paceSecPerKm: number, preferences?: RoutePrefs): string {
  return JSON.stringify([waypoints.map((w) => [w.lon, w.lat, w.mode, w.via ?? null]), paceSecPerKm, preferences ?? null]);
}

/**
 * Routes in a Web Worker on the region's graph.bin (fetched once, kept in the Cache API for
 * offline use); when the worker cannot start or load the graph, falls back to the server's
 * POST /api/route and /api/route/loop.
 */
export class RoutingClient {
  private worker: Worker | null = null;
  private seq = 0;
  private pending = new Map<number, Pending>();
  private ready: Promise<boolean> | null = null;
  /** the worker has loaded the graph (a request can be sent at once) */
  private running = false;
  /** where the last answer came from (shown in the UI, asserted by tests) */
  engine: 'worker' | 'server' | 'none' = 'none';

  constructor(readonly region: string) {}

  private send(msg: DistributiveOmit<WorkerRequest, 'id'>): Promise<WorkerResponse> {
    const w = this.worker;
    if (!w) return Promise.reject(new Error('worker not running'));
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ ...msg, id } as WorkerRequest);
    });
  }

  /** Start the worker and load the graph; resolves false when the worker is unavailable. */
  start(): Promise<boolean> {
    this.ready ??= (async () => {
      try {
        this.worker = new Worker(new URL('../worker/routing.worker.ts', import.meta.url), { type: 'module', name: 'waymark-routing' });
        this.worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
          const p = this.pending.get(e.data.id);
          if (!p) return;
          this.pending.delete(e.data.id);
          p.resolve(e.data);
        };
        this.worker.onerror = (e) => {
          for (const p of this.pending.values()) p.reject(new Error(e.message || 'routing worker failed'));
          this.pending.clear();
        };
        const r = await this.send({ type: 'init', region: this.region, url: await graphUrl(this.region) });
        if (!r.ok) throw new Error(r.error);
        this.running = true;
        return true;
      } catch (err) {
        console.warn('Routing worker unavailable, using the server:', err);
        this.worker?.terminate();
        this.worker = null;
        return false;
      }
    })();
    return this.ready;
  }

  /** the route asked for by `planAhead`, for the `plan` call with the same arguments */
  private ahead: { key: string; route: Promise<AssembledRoute | null> } | null = null;

  /**
   * Ask for the route through `waypoints` now, for the `plan` call with the same arguments that
   * follows: an edit's route request leaves as the click is handled, not after React has rendered
   * the edit (~10 ms on a slow machine). Only the latest is kept; an unclaimed one is dropped.
   */
  planAhead(waypoints: Waypoint[], paceSecPerKm: number, preferences?: RoutePrefs): void {
    if (waypoints.length < 2) return;
    const route = this.request(waypoints, paceSecPerKm, preferences);
    route.catch(() => {}); // (its rejection is the `plan` call's that claims it)
    this.ahead = { key: planKey(waypoints, paceSecPerKm, preferences), route };
  }

  /** A route through `waypoints`; `preferences` (only when one is on) weigh the ways of snapped legs. */
  plan(waypoints: Waypoint[], paceSecPerKm: number, preferences?: RoutePrefs): Promise<AssembledRoute | null> {
    const ahead = this.ahead;
    this.ahead = null;
    if (ahead && ahead.key === planKey(waypoints, paceSecPerKm, preferences)) return ahead.route;
    return this.request(waypoints, paceSecPerKm, preferences);
  }

  private async request(waypoints: Waypoint[], paceSecPerKm: number, preferences?: RoutePrefs): Promise<AssembledRoute | null> {
    if (waypoints.length < 2) return null;
    const wps = waypoints.map((w) => ({ lon: w.lon, lat: w.lat, mode: w.mode, ...(w.via?.length ? { via: w.via } : {}) }));
    const prefs = preferences && Object.values(preferences).some(Boolean) ? { preferences } : {};
    const msg = { type: 'plan', region: this.region, waypoints: wps, paceSecPerKm, ...prefs } as const;
    // Sent in this task when the worker is running (awaiting `start()` first would queue the message
    // behind whatever else the task does, such as React's render of the edit)
    const sent = this.running ? this.send(msg) : null;
    if (sent || (await this.start())) {
      const r = await (sent ?? this.send(msg));
      if (r.ok && r.type === 'plan') {
        this.engine = 'worker';
        return r.route;
      }
      if (!r.ok && r.code === 'outside') throw new RoutingError(r.error, 'outside');
      if (!r.ok) console.warn('worker routing failed, asking the server:', r.error);
    }
    const route = await planRoute({ region: this.region, waypoints: wps, paceSecPerKm, ...prefs });
    this.engine = 'server';
    return route;
  }

  async loops(request: LoopRequest): Promise<LoopAlternative[]> {
    if (await this.start()) {
      const r = await this.send({ type: 'loop', region: this.region, request });
      if (r.ok && r.type === 'loop') {
        this.engine = 'worker';
        return r.alternatives;
      }
      if (!r.ok && r.code === 'outside') throw new RoutingError(r.error, 'outside');
    }
    const body = {
      region: this.region,
      start: { lon: request.start[0], lat: request.start[1] },
      distanceKm: request.distanceKm,
      heading: request.heading,
      seed: request.seed,
      alternatives: request.alternatives,
      preferences: request.preferences,
      paceSecPerKm: request.paceSecPerKm,
    };
    const alternatives = await generateLoops(body);
    this.engine = 'server';
    return alternatives;
  }

  dispose() {
    this.worker?.terminate();
    this.worker = null;
    this.running = false;
    for (const p of this.pending.values()) p.reject(new Error('disposed'));
    this.pending.clear();
  }
}
