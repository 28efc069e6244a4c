// Framing a map on some coordinates in the part of it that no panel covers: panels over the map
// mark themselves `data-map-overlay`; `framePadding` (pure) picks the largest free rectangle.
import type { Map as MlMap } from 'maplibre-gl';

/** A screen rectangle (CSS pixels), as from getBoundingClientRect. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The padding that frames a route in the largest part of the map no panel covers. Each panel
 * overlapping the map is kept out by pushing one side of the free area past it (a panel along the
 * top pushes the top down, one down the side pushes that side in); every choice of side per panel
 * is tried (≤ 4^6) and the one leaving the largest area wins. `margin` is added on every side so
 * the line never touches an edge or a panel. Panels outside the map are ignored.
 */
export function framePadding(map: Rect, panels: readonly Rect[], margin = 40): Padding {
  const w = map.right - map.left;
  const h = map.bottom - map.top;
  const inside = panels
    .map((p) => ({
      left: Math.max(0, p.left - map.left),
      top: Math.max(0, p.top - map.top),
      right: Math.min(w, p.right - map.left),
      bottom: Math.min(h, p.bottom - map.top),
    }))
    .filter((p) => p.right > p.left && p.bottom > p.top)
    .slice(0, 6);
  let best: Padding = { top: 0, right: 0, bottom: 0, left: 0 };
  let bestArea = -1;
  const n = inside.length;
  for (let code = 0; code < 4 ** n; code++) {
    const pad: Padding = { top: 0, right: 0, bottom: 0, left: 0 };
    let c = code;
    for (const p of inside) {
      const side = c % 4;
      c = Math.floor(c / 4);
      if (side === 0) pad.top = Math.max(pad.top, p.bottom);
      else if (side === 1) pad.bottom = Math.max(pad.bottom, h - p.top);
      else if (side === 2) pad.left = Math.max(pad.left, p.right);
      else pad.right = Math.max(pad.right, w - p.left);
    }
    const area = Math.max(0, w - pad.left - pad.right) * Math.max(0, h - pad.top - pad.bottom);
    if (area > bestArea) {
      bestArea = area;
      best = pad;
    }
  }
  // keep a usable area even when panels cover almost everything (a tiny phone screen)
  const fit = (a: number, b: number, size: number) => {
    const room = size - 2 * margin - 80;
    if (a + b <= room) return [a + margin, b + margin];
    const k = Math.max(0, room) / (a + b);
    return [a * k + margin, b * k + margin];
  };
  const [top, bottom] = fit(best.top, best.bottom, h);
  const [left, right] = fit(best.left, best.right, w);
  return { top: Math.round(top!), right: Math.round(right!), bottom: Math.round(bottom!), left: Math.round(left!) };
}

/**
 * Padding that keeps what is framed clear of the panels over the map: every visible element
 * marked `data-map-overlay` (e.g. the planner's header, its details panel or bottom sheet, an open dialog).
 */
export function overlayPadding(map: MlMap, margin = 40): Padding {
  const panels: Rect[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('[data-map-overlay]')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) panels.push(r);
  }
  return framePadding(map.getContainer().getBoundingClientRect(), panels, margin);
}

/** Fit the map to the coordinates' bounds (a single point: centre on it, zoomed in to at least 14). */
export function fitTo(
  map: MlMap,
  coords: readonly (readonly [number, number, ...number[]])[],
  padding: number | Padding = overlayPadding(map),
): void {
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
  if (w === e && s === n) map.easeTo({ center: [w, s], zoom: Math.max(map.getZoom(), 14) });
  else map.fitBounds([w, s, e, n], { padding, maxZoom: 16, duration: 300 });
}
