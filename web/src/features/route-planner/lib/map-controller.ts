// The wiring between MapLibre's pointer and keyboard events and the planner: each event becomes an
// input of the gesture state machine (components/map/gestures.ts) with what lies under the pointer
// (the waypoint and route layers, hit-tested ±8 px), and its effects become planner edits, a drag
// preview, the hovered spot on the profile, panning on/off, the cursor and timers.
import type { Map as MlMap, MapMouseEvent, MapTouchEvent, PointLike } from 'maplibre-gl';
import { Gestures, type GestureEffect, type GestureInput, type GestureTarget, type GestureTimer, type Px } from '@/components/map/gestures';
import { nearestDistance } from '@/components/map/profile';
import { ROUTE_LAYER, WAYPOINT_LAYER } from './planner-features';
import type { AssembledRoute, LonLat, Waypoint } from './types';

/** Callbacks from map gestures back into the planner. */
export interface MapCallbacks {
  onAdd(at: LonLat): void;
  onMove(id: string, to: LonLat): void;
  onInsert(leg: number, at: LonLat): void;
  onDelete(id: string): void;
  /** distance along the route under the pointer, or null */
  onHover(d: number | null): void;
  /** a drag under way: draw the waypoints with `target` at `at` (null: the drag is over) */
  onPreview(preview: { target: GestureTarget; at: LonLat } | null): void;
}

type PointerEvt = MapMouseEvent | MapTouchEvent;
const HIT_PX = 8;

export class PlannerMapController {
  private readonly gestures = new Gestures();
  private readonly timers = new Map<GestureTimer, ReturnType<typeof setTimeout>>();
  private readonly cleanup: (() => void)[] = [];
  private route: AssembledRoute | null = null;
  private lastWaypoint: string | null = null;

  constructor(
    readonly map: MlMap,
    private readonly cb: MapCallbacks,
  ) {
    this.wire();
  }

  set editable(v: boolean) {
    this.gestures.context = { ...this.gestures.context, editable: v };
  }

  setRoute(route: AssembledRoute | null) {
    this.route = route;
    this.gestures.context = { ...this.gestures.context, hasLine: !!route };
  }

  setWaypoints(list: Waypoint[]) {
    this.lastWaypoint = list.length ? list[list.length - 1]!.id : null;
  }

  private wire() {
    const m = this.map;
    const on = <
      K extends 'click' | 'mousedown' | 'mousemove' | 'mouseup' | 'dblclick' | 'contextmenu' | 'touchstart' | 'touchmove' | 'touchend',
    >(
      type: K,
      fn: (e: PointerEvt) => void,
    ) => {
      m.on(type, fn as never);
      this.cleanup.push(() => m.off(type, fn as never));
    };
    const probe = (e: PointerEvt) => () => this.hit(e.point);
    const at = (e: PointerEvt): LonLat => [e.lngLat.lng, e.lngLat.lat];
    on('mousedown', (e) =>
      this.send({ type: 'press', point: e.point, target: probe(e), pointer: 'mouse', button: (e.originalEvent as MouseEvent).button }, e),
    );
    on('touchstart', (e) =>
      this.send({ type: 'press', point: e.point, target: probe(e), pointer: 'touch', touches: (e as MapTouchEvent).points.length }, e),
    );
    on('mousemove', (e) => this.send({ type: 'move', point: e.point, at: at(e), target: probe(e) }, e));
    on('touchmove', (e) => this.send({ type: 'move', point: e.point, at: at(e), target: probe(e) }, e));
    on('mouseup', (e) => this.send({ type: 'release', at: at(e) }, e));
    on('touchend', (e) => this.send({ type: 'release', at: at(e) }, e));
    on('click', (e) => this.send({ type: 'click', at: at(e), target: probe(e) }, e));
    on('dblclick', (e) => this.send({ type: 'remove', target: probe(e) }, e));
    on('contextmenu', (e) => this.send({ type: 'remove', target: probe(e) }, e));
    // Keyboard, with the map focused (arrow keys pan, +/- zoom): Enter adds a waypoint at the centre,
    // Backspace/Delete removes the last one.
    const canvas = m.getCanvas();
    const onKey = (e: KeyboardEvent) => {
      const c = m.getCenter();
      this.send(
        { type: 'key', key: e.key, modifiers: e.ctrlKey || e.metaKey || e.altKey, center: [c.lng, c.lat], lastVertex: this.lastWaypoint },
        e,
      );
    };
    canvas.addEventListener('keydown', onKey);
    this.cleanup.push(() => canvas.removeEventListener('keydown', onKey));
  }

  /** The waypoint (preferred) or route leg within ±8 px of `point`. */
  private hit(point: Px): GestureTarget | null {
    const box: [PointLike, PointLike] = [
      [point.x - HIT_PX, point.y - HIT_PX],
      [point.x + HIT_PX, point.y + HIT_PX],
    ];
    const layers = [WAYPOINT_LAYER, ROUTE_LAYER].filter((l) => this.map.getLayer(l));
    if (!layers.length) return null;
    const found = this.map.queryRenderedFeatures(box, { layers });
    const wpt = found.find((f) => f.layer.id === WAYPOINT_LAYER);
    if (wpt) return { kind: 'vertex', id: String(wpt.properties?.id) };
    const leg = found.find((f) => f.layer.id === ROUTE_LAYER);
    return leg ? { kind: 'line', index: Number(leg.properties?.leg) } : null;
  }

  private send(input: GestureInput, e?: { preventDefault(): void }) {
    for (const fx of this.gestures.send(input)) this.apply(fx, e);
  }

  private apply(fx: GestureEffect, e?: { preventDefault(): void }) {
    const m = this.map;
    switch (fx.type) {
      case 'add':
        return this.cb.onAdd(fx.at);
      case 'move':
        return this.cb.onMove(fx.id, fx.to);
      case 'insert':
        return this.cb.onInsert(fx.index, fx.at);
      case 'delete':
        return this.cb.onDelete(fx.id);
      case 'preview':
        return this.cb.onPreview({ target: fx.target, at: fx.at });
      case 'preview-end':
        return this.cb.onPreview(null);
      case 'capture':
        e?.preventDefault();
        m.dragPan.disable();
        m.getCanvas().style.cursor = 'grabbing';
        return;
      case 'release':
        m.dragPan.enable();
        m.getCanvas().style.cursor = '';
        return;
      case 'prevent-default':
        return e?.preventDefault();
      case 'cursor':
        m.getCanvas().style.cursor = fx.cursor;
        return;
      case 'hover-line': {
        const r = this.route;
        return this.cb.onHover(r ? nearestDistance(r.coords, r.cum, fx.at[0], fx.at[1]) : null);
      }
      case 'hover-end':
        return this.cb.onHover(null);
      case 'start-timer': {
        this.clearTimer(fx.timer);
        const timer = fx.timer;
        this.timers.set(
          timer,
          setTimeout(() => {
            this.timers.delete(timer);
            this.send({ type: 'timer', timer });
          }, fx.ms),
        );
        return;
      }
      case 'cancel-timer':
        return this.clearTimer(fx.timer);
    }
  }

  private clearTimer(t: GestureTimer) {
    const h = this.timers.get(t);
    if (h !== undefined) clearTimeout(h);
    this.timers.delete(t);
  }

  destroy() {
    for (const t of [...this.timers.keys()]) this.clearTimer(t);
    for (const f of this.cleanup) f();
    this.cleanup.length = 0;
    this.gestures.reset();
  }
}
