// The planner hook's paint hold: the map keeps drawing the previous waypoints while the route of an
// edit is computed, for at most PAINT_HOLD_MS. The routing client is replaced by a stand-in whose
// answers the test releases by hand (no worker or server: what is tested is the hook's timing).
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssembledRoute, Waypoint } from './types';

const pending: { resolve: (r: AssembledRoute | null) => void; prefs: unknown }[] = [];
vi.mock('./routing-client', () => ({
  RoutingError: class extends Error {},
  RoutingClient: class {
    engine = 'worker';
    start() {
      return Promise.resolve(true);
    }
    dispose() {}
    plan(_w: unknown, _pace: unknown, prefs: unknown) {
      return new Promise<AssembledRoute | null>((resolve) => pending.push({ resolve, prefs }));
    }
  },
}));

const { PAINT_HOLD_MS, usePlanner } = await import('./use-planner');

const start: Waypoint[] = [
  { id: 'a', lon: 1.52, lat: 42.5, mode: 'snap' },
  { id: 'b', lon: 1.53, lat: 42.51, mode: 'snap' },
];
const route = { coords: [] } as unknown as AssembledRoute;

describe('usePlanner paint hold', () => {
  beforeEach(() => {
    pending.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  async function planned() {
    const h = renderHook(() => usePlanner('andorra', start, 360));
    await act(async () => pending.shift()!.resolve(route)); // the first route
    expect(h.result.current.painted).toBe(h.result.current.waypoints);
    act(() => h.result.current.act({ type: 'add', at: [1.54, 42.52], mode: 'snap' }));
    expect(h.result.current.waypoints).toHaveLength(3);
    return h;
  }

  it('draws the new waypoint together with its route when the route comes within the hold', async () => {
    const h = await planned();
    expect(h.result.current.painted).toHaveLength(2); // held: the previous waypoints
    await act(async () => vi.advanceTimersByTimeAsync(PAINT_HOLD_MS / 2));
    expect(h.result.current.painted).toHaveLength(2);
    await act(async () => pending.shift()!.resolve(route));
    expect(h.result.current.painted).toHaveLength(3);
    expect(h.result.current.painted).toBe(h.result.current.waypoints);
    expect(h.result.current.status).toBe('ready');
  });

  it('draws the new waypoint on its own once the hold is over and the route is still computing', async () => {
    const h = await planned();
    await act(async () => vi.advanceTimersByTimeAsync(PAINT_HOLD_MS - 10));
    expect(h.result.current.painted).toHaveLength(2);
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(h.result.current.painted).toHaveLength(3);
    expect(h.result.current.status).toBe('routing');
  });
});

describe('usePlanner route preferences', () => {
  beforeEach(() => {
    pending.length = 0;
  });

  it('plans with the preferences given, and plans again (the route not fresh until then) when they change', async () => {
    const calm = { preferPaths: false, avoidBusyRoads: true, preferGreen: false, preferPopular: false };
    const h = renderHook(({ prefs }) => usePlanner('andorra', start, 360, prefs), {
      initialProps: { prefs: undefined as typeof calm | undefined },
    });
    expect(pending).toHaveLength(1);
    expect(pending[0]!.prefs).toEqual({ preferPaths: false, avoidBusyRoads: false, preferGreen: false, preferPopular: false });
    await act(async () => pending.shift()!.resolve(route));
    expect(h.result.current.status).toBe('ready');
    h.rerender({ prefs: calm });
    expect(pending).toHaveLength(1);
    expect(pending[0]!.prefs).toBe(calm);
    expect(h.result.current.status).toBe('routing');
    await act(async () => pending.shift()!.resolve(route));
    expect(h.result.current.status).toBe('ready');
  });
});
