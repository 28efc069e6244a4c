import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { addWaypoint, closeLoop, deleteWaypoint, insertWaypoint, moveWaypoint, outAndBack, reverse, setLegMode, snapAll } from './edit';
import { canRedo, canUndo, createHistory, push, redo, undo, type History } from './history';
import { RoutingClient, RoutingError } from './routing-client';
import { NO_ROUTE_PREFS, type RoutePrefs } from './storage';
import { afterFirstMapFrame } from '@/components/map';
import type { AssembledRoute, LegMode, LonLat, Waypoint } from './types';

export type EditAction =
  | { type: 'add'; at: LonLat; mode: LegMode }
  | { type: 'move'; id: string; to: LonLat }
  | { type: 'insert'; leg: number; at: LonLat }
  | { type: 'delete'; id: string }
  | { type: 'mode'; index: number; mode: LegMode }
  | { type: 'reverse' }
  | { type: 'snapAll' }
  | { type: 'outAndBack' }
  | { type: 'closeLoop'; mode: LegMode }
  | { type: 'clear' }
  | { type: 'replace'; waypoints: Waypoint[] }
  | { type: 'reset'; waypoints: Waypoint[] }
  | { type: 'undo' }
  | { type: 'redo' };

function reducer(h: History<Waypoint[]>, a: EditAction): History<Waypoint[]> {
  const w = h.present;
  switch (a.type) {
    case 'add':
      return push(h, addWaypoint(w, a.at, a.mode));
    case 'move':
      return push(h, moveWaypoint(w, a.id, a.to));
    case 'insert':
      return push(h, insertWaypoint(w, a.leg, a.at));
    case 'delete':
      return push(h, deleteWaypoint(w, a.id));
    case 'mode':
      return push(h, setLegMode(w, a.index, a.mode));
    case 'reverse':
      return push(h, reverse(w));
    case 'snapAll': {
      const s = snapAll(w);
      return s === w ? h : push(h, s);
    }
    case 'outAndBack':
      return push(h, outAndBack(w));
    case 'closeLoop':
      return push(h, closeLoop(w, a.mode));
    case 'clear':
      return w.length ? push(h, []) : h;
    case 'replace':
      return push(h, a.waypoints);
    case 'reset':
      return createHistory(a.waypoints);
    case 'undo':
      return undo(h);
    case 'redo':
      return redo(h);
  }
}

const NONE: Waypoint[] = [];

export type RouteStatus = 'idle' | 'routing' | 'ready' | 'error';

type PlanResult = { key: unknown[]; route: AssembledRoute | null; error: string | null };
/** Told of each route as it comes, with the waypoints it was planned for. */
export type RouteAnswerListener = (route: AssembledRoute, planned: Waypoint[]) => void;

/**
 * Run `fn` once the browser has painted its next frame (a timer queued from a frame callback runs
 * after that frame), or after 250 ms when no frame comes (a hidden tab).
 */
export function afterNextPaint(fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  const timer = setTimeout(once, 250);
  requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), once()), 0));
}

/** Waypoints with undo/redo, and the route computed from them (worker first, server fallback). */
export function usePlanner(region: string, initial: Waypoint[], paceSecPerKm: number, routePrefs: RoutePrefs = NO_ROUTE_PREFS) {
  const [history, dispatch] = useReducer(reducer, initial, createHistory);
  const [result, setResult] = useState<PlanResult>({
    key: [],
    route: null,
    error: null,
  });
  const client = useMemo(() => new RoutingClient(region), [region]);
  /** the client in use (a route from a disposed one is not shown) */
  const current = useRef<RoutingClient | null>(null);
  const waypoints = history.present;

  useEffect(() => {
    // warm the routing worker once the map is drawn (a click or a restored route starts it at once via plan)
    let live = true;
    current.current = client;
    void afterFirstMapFrame(10_000).then(() => live && client.start());
    return () => {
      live = false;
      current.current = null;
      client.dispose();
    };
  }, [client]);

  // Who draws a new route the moment it comes (the map's route source), before the planner renders it.
  const [answers] = useState(() => new Set<RouteAnswerListener>());
  const onRouteAnswer = useCallback(
    (fn: RouteAnswerListener) => {
      answers.add(fn);
      return () => void answers.delete(fn);
    },
    [answers],
  );

  useEffect(() => {
    if (waypoints.length < 2) return;
    let live = true;
    const key = [waypoints, paceSecPerKm, client, routePrefs];
    client.plan(waypoints, paceSecPerKm, routePrefs).then(
      (route) => {
        if (!live) return;
        // The route's line goes to the map at once, and the planner (stats, panels, snapped handles,
        // km markers) renders it after the map's next frame: main-thread work here would hold up
        // MapLibre's replies about the new waypoint's tiles until after the frame that comes next, and
        // the waypoint, then the route, would each be drawn one software-rendered frame later.
        if (route) for (const fn of answers) fn(route, waypoints);
        // Committed even if another edit comes first (answers and commits keep their order, so the
        // newest wins): the map already shows this route, and the planner must know it does.
        afterNextPaint(() => client === current.current && setResult({ key, route, error: null }));
      },
      (err: unknown) =>
        afterNextPaint(
          () =>
            live &&
            setResult({ key, route: null, error: err instanceof RoutingError || err instanceof Error ? err.message : 'Routing failed' }),
        ),
    );
    return () => {
      live = false;
    };
  }, [client, waypoints, paceSecPerKm, routePrefs, answers]);

  const fresh = result.key[0] === waypoints && result.key[1] === paceSecPerKm && result.key[2] === client && result.key[3] === routePrefs;
  const idle = waypoints.length < 2;

  // The waypoints the route on show was planned for (the previous edit's while a new route is
  // computed): the map draws the route's legs and km markers with these and every new waypoint at
  // once, so a click changes one map source (the waypoints) before MapLibre's next frame and the
  // route's sources only when its answer comes. (Holding the new waypoint back until its route came,
  // to draw both in one frame, cost the waypoint a whole frame: the answer cannot be handled before
  // the frame MapLibre starts on the click itself has ended — see docs/regions.md, fourth pass.)
  const planned = idle ? NONE : ((result.key[0] as Waypoint[] | undefined) ?? NONE);
  // While a new route is computed, keep showing the previous one (no flicker while dragging).
  const route = idle ? null : result.route;
  const error = idle || !fresh ? null : result.error;
  const status: RouteStatus = idle ? 'idle' : !fresh ? 'routing' : result.error ? 'error' : 'ready';

  // An edit's route is asked for as the edit is handled (`planAhead`), before React renders it; the
  // effect above then claims that request. `latest` is the history the edits so far lead to.
  const latest = useRef(history);
  const inputs = useRef({ client, paceSecPerKm, routePrefs, history });
  useLayoutEffect(() => {
    latest.current = history;
    inputs.current = { client, paceSecPerKm, routePrefs, history };
  });
  const act = useCallback((a: EditAction) => {
    const { history } = inputs.current;
    const before = latest.current;
    const after = reducer(before, a);
    latest.current = after;
    // (not for the waypoints on show again, as after an undo and a redo: their route is planned)
    if (after.present !== before.present && after.present !== history.present) {
      const { client, paceSecPerKm, routePrefs } = inputs.current;
      client.planAhead(after.present, paceSecPerKm, routePrefs);
    }
    dispatch(a);
  }, []);
  return { waypoints, planned, route, status, error, act, canUndo: canUndo(history), canRedo: canRedo(history), client, onRouteAnswer };
}
