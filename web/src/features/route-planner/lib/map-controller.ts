import type { Feature, FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MlMap, PointLike } from 'maplibre-gl';
import { framePadding, type Padding, type Rect } from './frame';
import type { AssembledRoute, LoopAlternative, LonLat, Waypoint } from './types';

/** Callbacks from map gestures back into the planner state. */
export interface MapCallbacks {
  onAdd(at: LonLat): void;
  onMove(id: string, to: LonLat): void;
  onInsert(leg: number, at: LonLat): void;
  onDelete(id: string): void;
  onHover(d: number | null): void;
}

/** The parts of MapLibre's mouse and touch events the controller uses. */
interface PointerEvt {
  point: { x: number; y: number };
  lngLat: { lng: number; lat: number };
  points?: unknown[];
  originalEvent?: Event;
  preventDefault(): void;
}

/** How long a finger must rest on a waypoint, without moving, to delete it (touch has no right-click). */
export const LONG_PRESS_MS = 550;
/** Movement (px) that turns a press into a drag. */
const MOVE_TOLERANCE_PX = 4;

const S = {
  route: 'wm-plan-route',
  waypoints: 'wm-plan-waypoints',
  hover: 'wm-plan-hover',
  markers: 'wm-plan-markers',
  alts: 'wm-plan-alts',
} as const;

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

export const ALT_COLORS = ['#2563eb', '#db2777', '#0d9488', '#9333ea', '#ca8a04'];

/**
 * Owns the planner's sources and layers on one MapLibre map and turns pointer gestures into
 * planner edits: click adds a waypoint, dragging a waypoint moves it, dragging the line inserts
 * one, double-click / right-click / long-press on a waypoint deletes it. The map is not React state: the
 * React component pushes data in with `setRoute`, `setWaypoints`, … and this draws it.
 */
export class PlannerMapController {
  private drag: { kind: 'waypoint'; id: string } | { kind: 'line'; leg: number } | null = null;
  private dragMoved = false;
  private dragStart: { x: number; y: number } | null = null;
  private longPress: ReturnType<typeof setTimeout> | null = null;
  /** a long press just deleted a waypoint: the lift that ends it must not add one */
  private pressDeleted = false;
  private hoveringLine = false;
  private suppressClick = false;
  private waypoints: Waypoint[] = [];
  private route: AssembledRoute | null = null;
  private readonly cleanup: (() => void)[] = [];
  editable = true;

  constructor(
    readonly map: MlMap,
    private readonly cb: MapCallbacks,
  ) {
    this.install();
  }

  private install() {
    const m = this.map;
    const add = (id: string) => {
      if (!m.getSource(id)) m.addSource(id, { type: 'geojson', data: empty() });
    };
    Object.values(S).forEach(add);
    const layer = (spec: Parameters<MlMap['addLayer']>[0]) => {
      if (!m.getLayer(spec.id)) m.addLayer(spec);
    };
    layer({
      id: `${S.alts}-line`,
      type: 'line',
      source: S.alts,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': ['get', 'color'],
        'line-width': ['case', ['get', 'selected'], 6, 3.5],
        'line-opacity': ['case', ['get', 'selected'], 0.95, 0.55],
      },
    });
    layer({
      id: `${S.alts}-start`,
      type: 'circle',
      source: S.alts,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-radius': 9, 'circle-color': '#16a34a', 'circle-stroke-color': '#111827', 'circle-stroke-width': 2 },
    });
    layer({
      id: `${S.route}-casing`,
      type: 'line',
      source: S.route,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#ffffff', 'line-width': 8, 'line-opacity': 0.9 },
    });
    layer({
      id: `${S.route}-line`,
      type: 'line',
      source: S.route,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': ['case', ['==', ['get', 'mode'], 'freehand'], '#f97316', '#e11d48'],
        'line-width': 4.5,
        'line-dasharray': ['case', ['==', ['get', 'mode'], 'freehand'], ['literal', [2, 1.5]], ['literal', [1, 0]]],
      },
    });
    layer({
      id: `${S.markers}-dot`,
      type: 'circle',
      source: S.markers,
      paint: { 'circle-radius': 8, 'circle-color': '#ffffff', 'circle-stroke-color': '#e11d48', 'circle-stroke-width': 1.5 },
    });
    layer({
      id: `${S.markers}-label`,
      type: 'symbol',
      source: S.markers,
      layout: { 'text-field': ['get', 'label'], 'text-size': 10, 'text-font': ['Noto Sans Medium'], 'text-allow-overlap': true },
      paint: { 'text-color': '#9f1239' },
    });
    layer({
      id: `${S.waypoints}-dot`,
      type: 'circle',
      source: S.waypoints,
      paint: {
        'circle-radius': ['case', ['get', 'end'], 9, 7],
        'circle-color': ['case', ['get', 'first'], '#16a34a', ['get', 'last'], '#dc2626', '#ffffff'],
        'circle-stroke-color': '#111827',
        'circle-stroke-width': 2,
      },
    });
    layer({
      id: `${S.hover}-dot`,
      type: 'circle',
      source: S.hover,
      paint: { 'circle-radius': 7, 'circle-color': '#0ea5e9', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2.5 },
    });

    const on = <
      K extends 'click' | 'mousedown' | 'mousemove' | 'mouseup' | 'dblclick' | 'contextmenu' | 'touchstart' | 'touchmove' | 'touchend',
    >(
      type: K,
      fn: (e: PointerEvt) => void,
    ) => {
      m.on(type, fn as never);
      this.cleanup.push(() => m.off(type, fn as never));
    };
    on('mousedown', (e) => this.down(e));
    on('touchstart', (e) => {
      if (e.points && e.points.length === 1) this.down(e);
    });
    on('mousemove', (e) => this.moveTo(e));
    on('touchmove', (e) => this.moveTo(e));
    on('mouseup', (e) => this.up(e));
    on('touchend', (e) => this.up(e));
    on('click', (e) => {
      if (!this.editable) return;
      if (this.suppressClick) {
        this.suppressClick = false;
        return;
      }
      if (this.hit(e.point, [`${S.waypoints}-dot`])) return;
      this.cb.onAdd([e.lngLat.lng, e.lngLat.lat]);
    });
    const del = (e: PointerEvt) => {
      if (!this.editable) return;
      const f = this.hit(e.point, [`${S.waypoints}-dot`]);
      if (f) {
        e.preventDefault();
        this.cb.onDelete(String(f.properties?.id));
      }
    };
    on('dblclick', del);
    on('contextmenu', del);
    // Keyboard: with the map focused (arrow keys pan, +/- zoom), Enter adds a waypoint at the
    // map centre and Backspace/Delete removes the last one.
    const canvas = m.getCanvas();
    const onKey = (e: KeyboardEvent) => {
      if (!this.editable || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        const c = m.getCenter();
        this.cb.onAdd([c.lng, c.lat]);
      } else if ((e.key === 'Backspace' || e.key === 'Delete') && this.waypoints.length) {
        e.preventDefault();
        this.cb.onDelete(this.waypoints[this.waypoints.length - 1]!.id);
      }
    };
    canvas.addEventListener('keydown', onKey);
    this.cleanup.push(() => canvas.removeEventListener('keydown', onKey));
  }

  private hit(point: { x: number; y: number }, layers: string[]) {
    const r = 8;
    const box: [PointLike, PointLike] = [
      [point.x - r, point.y - r],
      [point.x + r, point.y + r],
    ];
    const live = layers.filter((l) => this.map.getLayer(l));
    if (!live.length) return undefined;
    return this.map.queryRenderedFeatures(box, { layers: live })[0];
  }

  private down(e: PointerEvt) {
    if (!this.editable) return;
    if (this.pressDeleted) {
      // the lift after a long-press deletion never came (touchcancel): start afresh
      this.pressDeleted = false;
      this.suppressClick = false;
    }
    // Only the primary button drags. Preventing a right-button press would also swallow the
    // contextmenu event that deletes a waypoint (MapLibre resets its blockable handlers then).
    const button = (e.originalEvent as MouseEvent | undefined)?.button;
    if (typeof button === 'number' && button !== 0) return;
    const wpt = this.hit(e.point, [`${S.waypoints}-dot`]);
    if (wpt) {
      e.preventDefault();
      const id = String(wpt.properties?.id);
      this.drag = { kind: 'waypoint', id };
      // Touch: MapLibre's long-press contextmenu is blocked once the press is ours, so detect it here.
      if (e.points) {
        this.longPress = setTimeout(() => {
          this.longPress = null;
          if (this.drag?.kind !== 'waypoint' || this.dragMoved) return;
          this.endDrag();
          this.pressDeleted = true;
          this.suppressClick = true;
          this.cb.onDelete(id);
        }, LONG_PRESS_MS);
      }
    } else {
      const line = this.hit(e.point, [`${S.route}-line`]);
      if (!line) return;
      e.preventDefault();
      this.drag = { kind: 'line', leg: Number(line.properties?.leg) };
    }
    this.dragMoved = false;
    this.dragStart = { x: e.point.x, y: e.point.y };
    this.map.dragPan.disable();
    this.map.getCanvas().style.cursor = 'grabbing';
  }

  private clearLongPress() {
    if (this.longPress) clearTimeout(this.longPress);
    this.longPress = null;
  }

  private endDrag() {
    this.clearLongPress();
    this.drag = null;
    this.dragStart = null;
    this.map.dragPan.enable();
    this.map.getCanvas().style.cursor = '';
    this.drawWaypoints(this.waypoints);
  }

  private moveTo(e: PointerEvt) {
    if (!this.drag) {
      if (!this.route) return;
      const over = this.hit(e.point, [`${S.waypoints}-dot`, `${S.route}-line`]);
      if (this.editable) this.map.getCanvas().style.cursor = over ? 'grab' : '';
      // hovering the line shows the same spot on the elevation profile
      if (over && over.layer.id === `${S.route}-line`) {
        this.hoveringLine = true;
        this.cb.onHover(this.distanceNear(e.lngLat.lng, e.lngLat.lat));
      } else if (this.hoveringLine) {
        this.hoveringLine = false;
        this.cb.onHover(null);
      }
      return;
    }
    if (!this.dragMoved && this.dragStart && Math.hypot(e.point.x - this.dragStart.x, e.point.y - this.dragStart.y) < MOVE_TOLERANCE_PX)
      return;
    this.dragMoved = true;
    this.clearLongPress();
    const at: LonLat = [e.lngLat.lng, e.lngLat.lat];
    if (this.drag.kind === 'waypoint') {
      const id = this.drag.id;
      this.drawWaypoints(this.waypoints.map((w) => (w.id === id ? { ...w, lon: at[0], lat: at[1] } : w)));
    } else {
      const leg = this.drag.leg;
      const preview = [...this.waypoints];
      preview.splice(leg + 1, 0, { id: '__preview', lon: at[0], lat: at[1], mode: 'snap' });
      this.drawWaypoints(preview);
    }
  }

  private up(e: PointerEvt) {
    if (this.pressDeleted) {
      this.pressDeleted = false;
      setTimeout(() => (this.suppressClick = false), 400);
      return;
    }
    const d = this.drag;
    if (!d) return;
    this.clearLongPress();
    this.drag = null;
    this.dragStart = null;
    this.map.dragPan.enable();
    this.map.getCanvas().style.cursor = '';
    if (!this.dragMoved) return;
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 50);
    const at: LonLat = [e.lngLat.lng, e.lngLat.lat];
    if (d.kind === 'waypoint') this.cb.onMove(d.id, at);
    else this.cb.onInsert(d.leg, at);
  }

  /** Distance along the route of its vertex nearest to lon/lat. */
  private distanceNear(lon: number, lat: number): number | null {
    const r = this.route;
    if (!r) return null;
    const k = Math.cos((lat * Math.PI) / 180);
    let best = Infinity;
    let at = 0;
    for (let i = 0; i < r.coords.length; i++) {
      const c = r.coords[i]!;
      const d = ((c[0] - lon) * k) ** 2 + (c[1] - lat) ** 2;
      if (d < best) {
        best = d;
        at = i;
      }
    }
    return r.cum[at] ?? null;
  }

  private src(id: string) {
    return this.map.getSource(id) as GeoJSONSource | undefined;
  }

  private drawWaypoints(list: Waypoint[]) {
    const n = list.length;
    this.src(S.waypoints)?.setData({
      type: 'FeatureCollection',
      features: list.map((w, i) => ({
        type: 'Feature',
        properties: { id: w.id, index: i, first: i === 0, last: i === n - 1 && n > 1, end: i === 0 || i === n - 1 },
        geometry: { type: 'Point', coordinates: [w.lon, w.lat] },
      })),
    });
  }

  setWaypoints(list: Waypoint[]) {
    this.waypoints = list;
    if (!this.drag) this.drawWaypoints(list);
  }

  setRoute(route: AssembledRoute | null, waypoints: Waypoint[], markerStepM: number) {
    this.route = route;
    const features: Feature[] = [];
    if (route) {
      for (let l = 0; l < route.legStarts.length; l++) {
        const a = route.legStarts[l]!;
        const b = l + 1 < route.legStarts.length ? route.legStarts[l + 1]! : route.coords.length - 1;
        const coords = route.coords.slice(a, b + 1).map((c) => [c[0], c[1]]);
        if (coords.length < 2) continue;
        features.push({
          type: 'Feature',
          properties: { leg: l, mode: waypoints[l + 1]?.mode ?? 'snap' },
          geometry: { type: 'LineString', coordinates: coords },
        });
      }
    }
    this.src(S.route)?.setData({ type: 'FeatureCollection', features });
    this.setMarkers(route, markerStepM);
  }

  private setMarkers(route: AssembledRoute | null, step: number) {
    const features: Feature[] = [];
    if (route) {
      const total = route.stats.distanceM;
      // thin out markers on long routes: at most ~60
      const every = Math.max(1, Math.ceil(total / step / 60));
      let j = 0;
      for (let n = every; n * step < total; n += every) {
        const d = n * step;
        while (j < route.cum.length - 2 && route.cum[j + 1]! < d) j++;
        const d0 = route.cum[j]!;
        const d1 = route.cum[j + 1]!;
        const t = d1 > d0 ? (d - d0) / (d1 - d0) : 0;
        const a = route.coords[j]!;
        const b = route.coords[j + 1]!;
        features.push({
          type: 'Feature',
          properties: { label: String(n) },
          geometry: { type: 'Point', coordinates: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t] },
        });
      }
    }
    this.src(S.markers)?.setData({ type: 'FeatureCollection', features });
  }

  setHover(at: LonLat | null) {
    this.src(S.hover)?.setData(at ? { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: at } } : empty());
  }

  setAlternatives(alts: LoopAlternative[], selected: number | null) {
    this.src(S.alts)?.setData({
      type: 'FeatureCollection',
      features: [
        ...alts.map<Feature>((a, i) => ({
          type: 'Feature',
          properties: { color: ALT_COLORS[i % ALT_COLORS.length], selected: i === selected, index: i },
          geometry: { type: 'LineString', coordinates: a.coords.map((c) => [c[0], c[1]]) },
        })),
        // where every alternative starts and ends
        ...(alts[0]?.coords[0]
          ? [
              {
                type: 'Feature' as const,
                properties: {},
                geometry: { type: 'Point' as const, coordinates: [alts[0].coords[0][0], alts[0].coords[0][1]] },
              },
            ]
          : []),
      ],
    });
  }

  /**
   * Padding that keeps a framed route clear of the panels over the map: every visible element
   * marked `data-map-overlay` (planner header, stats panel or bottom sheet, loop dialog).
   */
  overlayPadding(margin = 40): Padding {
    const panels: Rect[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('[data-map-overlay]')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) panels.push(r);
    }
    return framePadding(this.map.getContainer().getBoundingClientRect(), panels, margin);
  }

  fitTo(coords: readonly (readonly [number, number, ...number[]])[], padding: number | Padding = this.overlayPadding()) {
    if (coords.length === 0) return;
    let w = Infinity;
    let s = Infinity;
    let e = -Infinity;
    let n = -Infinity;
    for (const c of coords) {
      w = Math.min(w, c[0]);
      e = Math.max(e, c[0]);
      s = Math.min(s, c[1]);
      n = Math.max(n, c[1]);
    }
    if (w === e && s === n) this.map.easeTo({ center: [w, s], zoom: Math.max(this.map.getZoom(), 14) });
    else this.map.fitBounds([w, s, e, n], { padding, maxZoom: 16, duration: 300 });
  }

  destroy() {
    this.clearLongPress();
    for (const f of this.cleanup) f();
    this.cleanup.length = 0;
    if (!this.map.getStyle()) return;
    for (const l of [
      `${S.hover}-dot`,
      `${S.waypoints}-dot`,
      `${S.markers}-label`,
      `${S.markers}-dot`,
      `${S.route}-line`,
      `${S.route}-casing`,
      `${S.alts}-start`,
      `${S.alts}-line`,
    ]) {
      if (this.map.getLayer(l)) this.map.removeLayer(l);
    }
    for (const s of Object.values(S)) if (this.map.getSource(s)) this.map.removeSource(s);
  }
}
