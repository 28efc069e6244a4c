// The planner hook's timing: an edit's waypoints are drawn at once, and `planned` (what the route on
// show was planned for: its legs and km markers) follows only when the edit's route comes. The
// routing client is replaced by a stand-in whose answers the test releases by hand (no worker or
// server: what is tested is the hook's timing).
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssembledRoute, Waypoint } from './types';

const pending: { resolve: (r: AssembledRoute | null) => void; prefs: unknown }[] = [];
/** the order of the stand-in's calls: `ahead <n>` when an edit asks ahead, `plan <n>` when the effect plans (n waypoints) */
const calls: string[] = [];
vi.mock('./routing-client', () => ({
  RoutingError: class extends Error {},
  RoutingClient: class {
    engine = 'worker';
    start() {
      return Promise.resolve(true);
    }
    dispose() {}
    planAhead(w: unknown[]) {
      calls.push(`ahead ${w.length}`);
    }
    plan(w: unknown[], _pace: unknown, prefs: unknown) {
      calls.push(`plan ${w.length}`);
      return new Promise<AssembledRoute | null>((resolve) => pending.push({ resolve, prefs }));
    }
  },
}));

const { usePlanner } = await import('./use-planner');

const start: Waypoint[] = [
  { id: 'a', lon: 1.52, lat: 42.5, mode: 'snap' },
  { id: 'b', lon: 1.53, lat: 42.51, mode: 'snap' },
];
const route = { coords: [] } as unknown as AssembledRoute;

/** The next frame, and the timer queued from it: when the hook commits an answer (afterNextPaint). */
const nextPaint = () => new Promise<void>((res) => requestAnimationFrame(() => setTimeout(res, 0)));

/** Release the oldest routing answer and wait until the hook has rendered it. */
async function answer(r: AssembledRoute | null) {
  await act(async () => {
    pending.shift()!.resolve(r);
    await Promise.resolve(); // the answer's handler
    await nextPaint();
  });
}

describe('usePlanner waypoints and planned waypoints', () => {
  beforeEach(() => {
    pending.length = 0;
    calls.length = 0;
  });

  async function planned() {
    const h = renderHook(() => usePlanner('andorra', start, 360));
    expect(h.result.current.planned).toEqual([]); // no route yet
    await answer(route); // the first route
    expect(h.result.current.planned).toBe(h.result.current.waypoints);
    act(() => h.result.current.act({ type: 'add', at: [1.54, 42.52], mode: 'snap' }));
    return h;
  }

  it('gives the new waypoint at once and the route with the waypoints it was planned for until the new one comes', async () => {
    const h = await planned();
    expect(h.result.current.waypoints).toHaveLength(3); // drawn at once, no hold
    expect(h.result.current.planned).toHaveLength(2); // the route on show is the previous edit's
    expect(h.result.current.planned[1]).toBe(h.result.current.waypoints[1]);
    expect(h.result.current.status).toBe('routing');
    const next = { coords: [[0, 0]] } as unknown as AssembledRoute;
    await answer(next);
    expect(h.result.current.planned).toBe(h.result.current.waypoints);
    expect(h.result.current.route).toBe(next);
    expect(h.result.current.status).toBe('ready');
  });

  it('keeps the same planned list object across renders while routing (the map sources stay as they are)', async () => {
    const h = await planned();
    const before = h.result.current.planned;
    h.rerender();
    expect(h.result.current.planned).toBe(before);
    act(() => h.result.current.act({ type: 'clear' }));
    expect(h.result.current.planned).toEqual([]);
    const idle = h.result.current.planned;
    h.rerender();
    expect(h.result.current.planned).toBe(idle);
  });

  it("asks for an edit's route as the edit is handled, before it renders, and not for an edit that changes nothing", async () => {
    const h = renderHook(() => usePlanner('andorra', start, 360));
    await answer(route);
    calls.length = 0;
    let during: string[] = [];
    act(() => {
      h.result.current.act({ type: 'add', at: [1.54, 42.52], mode: 'snap' });
      during = [...calls]; // before React has rendered the edit
    });
    expect(during).toEqual(['ahead 3']);
    expect(calls).toEqual(['ahead 3', 'plan 3']); // the render's plan (which claims the request)
    calls.length = 0;
    act(() => h.result.current.act({ type: 'snapAll' })); // every leg snapped already: no change
    expect(calls).toEqual([]);
    act(() => {
      h.result.current.act({ type: 'undo' });
      h.result.current.act({ type: 'redo' }); // two edits before one render: the second from the first
    });
    // the undo asked ahead for two waypoints; the redo brought back the three on show, whose route
    // is planned already: no request, and no plan
    expect(calls).toEqual(['ahead 2']);
  });
});

describe('usePlanner answers: the route to the map first, the planner after the next frame', () => {
  beforeEach(() => {
    pending.length = 0;
  });

  it('tells the listeners of a route the moment it comes, and renders it only after the next paint', async () => {
    const h = renderHook(() => usePlanner('andorra', start, 360));
    const heard: [AssembledRoute, Waypoint[]][] = [];
    const stop = h.result.current.onRouteAnswer((r, wps) => heard.push([r, wps]));
    await act(async () => {
      pending.shift()!.resolve(route);
      await Promise.resolve();
    });
    expect(heard).toEqual([[route, h.result.current.waypoints]]);
    expect(h.result.current.route).toBeNull(); // not rendered yet
    expect(h.result.current.status).toBe('routing');
    await act(nextPaint);
    expect(h.result.current.route).toBe(route);
    expect(h.result.current.status).toBe('ready');
    stop();
    act(() => h.result.current.act({ type: 'add', at: [1.54, 42.52], mode: 'snap' }));
    await answer(route);
    expect(heard).toHaveLength(1); // unsubscribed
  });

  it('renders an answer that a newer edit followed before the next paint (the map shows it already), then the newer one', async () => {
    const h = renderHook(() => usePlanner('andorra', start, 360));
    const heard: AssembledRoute[] = [];
    h.result.current.onRouteAnswer((r) => heard.push(r));
    const older = { coords: [[1, 1]] } as unknown as AssembledRoute;
    const newer = { coords: [[2, 2]] } as unknown as AssembledRoute;
    await act(async () => {
      pending.shift()!.resolve(older);
      await Promise.resolve();
    });
    expect(heard).toEqual([older]);
    act(() => h.result.current.act({ type: 'add', at: [1.54, 42.52], mode: 'snap' }));
    await act(nextPaint);
    expect(h.result.current.route).toBe(older); // shown while the newer one is planned
    expect(h.result.current.status).toBe('routing');
    await answer(newer);
    expect(heard).toEqual([older, newer]);
    expect(h.result.current.route).toBe(newer);
    expect(h.result.current.status).toBe('ready');
  });

  it('drops an answer that a newer edit overtook before it came', async () => {
    const h = renderHook(() => usePlanner('andorra', start, 360));
    const heard: AssembledRoute[] = [];
    h.result.current.onRouteAnswer((r) => heard.push(r));
    act(() => h.result.current.act({ type: 'add', at: [1.54, 42.52], mode: 'snap' }));
    expect(pending).toHaveLength(2);
    await answer({ coords: [[1, 1]] } as unknown as AssembledRoute);
    expect(heard).toEqual([]);
    expect(h.result.current.route).toBeNull();
    await answer(route);
    expect(heard).toEqual([route]);
    expect(h.result.current.route).toBe(route);
  });

  it('does not render a route from a routing client that is gone (another region)', async () => {
    const h = renderHook(({ region }) => usePlanner(region, start, 360), { initialProps: { region: 'andorra' } });
    h.rerender({ region: 'monaco' });
    expect(pending).toHaveLength(2);
    await answer({ coords: [[1, 1]] } as unknown as AssembledRoute); // andorra's, late
    expect(h.result.current.route).toBeNull();
    await answer(route);
    expect(h.result.current.route).toBe(route);
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
    await answer(route);
    expect(h.result.current.status).toBe('ready');
    h.rerender({ prefs: calm });
    expect(pending).toHaveLength(1);
    expect(pending[0]!.prefs).toBe(calm);
    expect(h.result.current.status).toBe('routing');
    await answer(route);
    expect(h.result.current.status).toBe('ready');
  });
});
