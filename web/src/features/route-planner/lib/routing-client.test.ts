import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PREFERENCES, plannedRoute as routeSchema } from '@waymark/contracts/routing';
import type { WorkerRequest } from '../worker/protocol';
import { RoutingClient } from './routing-client';
import type { Waypoint } from './types';

vi.mock('@/components/map', () => ({ fetchRegions: () => Promise.reject(new Error('no region list here')) }));

const body = {
  coords: [
    [1.52, 42.5, 1010],
    [1.53, 42.51, 1020],
  ],
  cum: [0, 1370],
  legStarts: [0],
  stats: { distanceM: 1370, ascentM: 10, descentM: 0, timeS: 500 },
  wayTypes: { footway: 1370 },
  surfaces: { paved: 1370 },
};

describe('server route answer (worker fallback)', () => {
  it('keeps the snapped waypoints and the profile, so the map and chart match the worker', () => {
    const r = routeSchema.parse({
      ...body,
      snapped: [
        [1.52, 42.5],
        [1.53, 42.51],
      ],
      profile: [
        { distance: 0, elevation: 1010, grade: 0.01 },
        { distance: 1370, elevation: 1020, grade: 0.01 },
      ],
    });
    expect(r.snapped).toEqual([
      [1.52, 42.5],
      [1.53, 42.51],
    ]);
    expect(r.profile).toHaveLength(2);
  });
  it('accepts an answer without them and refuses a malformed one', () => {
    expect(routeSchema.parse(body).snapped).toBeUndefined();
    expect(routeSchema.safeParse({ ...body, snapped: [[1.52]] }).success).toBe(false);
  });
  it('reads an unknown elevation (JSON null from the server) as NaN, like the worker, and nothing else as unknown', () => {
    const r = routeSchema.parse({
      ...body,
      coords: [
        [1.52, 42.5, null],
        [1.53, 42.51, 0],
      ],
    });
    expect(Number.isNaN(r.coords[0]![2])).toBe(true);
    expect(r.coords[1]![2]).toBe(0);
    expect(routeSchema.safeParse({ ...body, coords: [[1.52, 42.5, 'high']] }).success).toBe(false);
    expect(routeSchema.safeParse({ ...body, coords: [[1.52, 42.5]] }).success).toBe(false);
  });
});

describe('RoutingClient.planAhead', () => {
  /** A stand-in for the routing worker: records each request and answers it on the next task. */
  const sent: WorkerRequest[] = [];
  class FakeWorker {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onerror: unknown = null;
    postMessage(msg: WorkerRequest) {
      sent.push(msg);
      const route = msg.type === 'plan' ? { coords: msg.waypoints.map((w) => [w.lon, w.lat, 0]) } : undefined;
      setTimeout(() => this.onmessage?.({ data: { id: msg.id, ok: true, type: msg.type, route } }), 0);
    }
    terminate() {}
  }
  afterEach(() => {
    sent.length = 0;
    vi.unstubAllGlobals();
  });
  const wps = (...lons: number[]): Waypoint[] => lons.map((lon, i) => ({ id: `w${i}`, lon, lat: 42.5, mode: 'snap' }));
  const plans = () => sent.filter((m) => m.type === 'plan').length;

  it('sends the request at once, and the plan call with the same arguments takes its answer without asking again', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const client = new RoutingClient('andorra');
    await client.start();
    client.planAhead(wps(1.52, 1.53), 360);
    expect(plans()).toBe(1); // left at once (the worker is running), before any plan call
    // (other waypoint ids, same places: the same route)
    const route = await client.plan(
      wps(1.52, 1.53).map((w) => ({ ...w, id: `x${w.id}` })),
      360,
    );
    expect(route?.coords).toEqual([
      [1.52, 42.5, 0],
      [1.53, 42.5, 0],
    ]);
    expect(plans()).toBe(1);
  });

  it('is not taken for other waypoints, another pace or other preferences, and only once', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const client = new RoutingClient('andorra');
    await client.start();
    client.planAhead(wps(1.52, 1.53), 360);
    const other = await client.plan(wps(1.52, 1.54), 360);
    expect(other?.coords[1]![0]).toBe(1.54);
    expect(plans()).toBe(2);
    client.planAhead(wps(1.52, 1.53), 360);
    await client.plan(wps(1.52, 1.53), 300);
    expect(plans()).toBe(4);
    client.planAhead(wps(1.52, 1.53), 360);
    await client.plan(wps(1.52, 1.53), 360, { ...NO_PREFERENCES, avoidBusyRoads: true });
    expect(plans()).toBe(6);
    client.planAhead(wps(1.52, 1.53), 360);
    await client.plan(wps(1.52, 1.53), 360);
    await client.plan(wps(1.52, 1.53), 360);
    expect(plans()).toBe(8); // the second call asks again
    client.dispose();
  });
});
