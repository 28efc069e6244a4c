// Shared helpers for the Running Route Planner browser tests (e2e/run*.e2e.test.ts): wait for the
// planner, frame points on the MapLibre map, click/drag on it, and read the stats and waypoints.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import './map-handle.ts';

export type LonLat = [number, number];
export type Px = { x: number; y: number };

/** The parts of the MapLibre map (`window.__waymarkTest.map()`, see map-handle.ts) the tests use. */
export type MapHandle = {
  fitBounds(b: [number, number, number, number], o: object): void;
  project(p: LonLat): Px;
  unproject(p: [number, number]): { lng: number; lat: number };
  once(ev: string, cb: () => void): void;
  triggerRepaint(): void;
  queryRenderedFeatures(o: object): { geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }[];
};

export async function ready(page: Page) {
  await page.locator('[data-planner-ready="true"]').waitFor({ timeout: 30_000 });
  await page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
}

/** Frame the points in the free middle of the map and return their pixel positions. */
export async function framePoints(page: Page, pts: LonLat[]) {
  return page.evaluate(async (points) => {
    const m = window.__waymarkTest!.map() as MapHandle;
    const lons = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    const box = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)] as [number, number, number, number];
    const wide = window.innerWidth >= 900;
    await new Promise<void>((resolve) => {
      m.once('idle', () => resolve());
      m.fitBounds(box, {
        padding: wide ? { left: 490, right: 500, top: 80, bottom: 80 } : { left: 40, right: 40, top: 260, bottom: 120 },
        duration: 0,
      });
      m.triggerRepaint();
    });
    return points.map((p) => m.project(p));
  }, pts);
}

/** Top-left of the map canvas in page coordinates (map pixels + this = mouse position). */
export async function canvasOrigin(page: Page): Promise<Px> {
  const box = (await page.locator('[data-region] canvas').first().boundingBox())!;
  return { x: box.x, y: box.y };
}

export async function clickMap(page: Page, px: Px) {
  const o = await canvasOrigin(page);
  await page.mouse.click(o.x + px.x, o.y + px.y);
}

/** Press at `from`, move in steps to `to` and release (map pixels): a waypoint or line drag. */
export async function dragMap(page: Page, from: Px, to: Px) {
  const o = await canvasOrigin(page);
  await page.mouse.move(o.x + from.x, o.y + from.y);
  await page.mouse.down();
  await page.mouse.move(o.x + (from.x + to.x) / 2, o.y + (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(o.x + to.x, o.y + to.y, { steps: 5 });
  await page.mouse.up();
}

export async function mapCentre(page: Page): Promise<LonLat> {
  return page.evaluate(() => {
    const c = (window.__waymarkTest!.map() as { getCenter(): { lng: number; lat: number } }).getCenter();
    return [c.lng, c.lat] as LonLat;
  });
}

export async function project(page: Page, p: LonLat): Promise<Px> {
  return page.evaluate((q) => (window.__waymarkTest!.map() as MapHandle).project(q), p);
}

export async function unproject(page: Page, px: Px): Promise<LonLat> {
  return page.evaluate((q) => {
    const ll = (window.__waymarkTest!.map() as MapHandle).unproject([q.x, q.y]);
    return [ll.lng, ll.lat] as LonLat;
  }, px);
}

/** Features MapLibre has drawn for one of the planner's layers (e.g. 'wm-plan-waypoints-dot'). */
export async function rendered(page: Page, layer: string) {
  return page.evaluate((l) => {
    const m = window.__waymarkTest!.map() as MapHandle;
    return m.queryRenderedFeatures({ layers: [l] }).map((f) => ({ geometry: f.geometry, properties: f.properties }));
  }, layer);
}

/** Where the map draws each waypoint (snapped onto the network), by index. */
export async function renderedWaypoints(page: Page): Promise<LonLat[]> {
  const fs = await rendered(page, 'wm-plan-waypoints-dot');
  const out: LonLat[] = [];
  for (const f of fs) out[Number(f.properties.index)] = f.geometry.coordinates as LonLat;
  return out;
}

/** Every vertex of the drawn route line, optionally only one leg. */
export async function routeLine(page: Page, leg?: number): Promise<LonLat[]> {
  const fs = await rendered(page, 'wm-plan-route-line');
  const pts: LonLat[] = [];
  for (const f of fs) {
    if (leg !== undefined && Number(f.properties.leg) !== leg) continue;
    const g = f.geometry;
    const lines = (g.type === 'MultiLineString' ? g.coordinates : [g.coordinates]) as LonLat[][];
    for (const l of lines) pts.push(...l);
  }
  return pts;
}

/** Great-circle distance in metres. */
export function haversineM(a: LonLat, b: LonLat): number {
  const R = 6_371_008.8;
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance (m) from p to the nearest segment of a polyline given as loose vertices (equirectangular). */
export function distanceToLineM(p: LonLat, line: LonLat[]): number {
  const kx = 111_320 * Math.cos((p[1] * Math.PI) / 180);
  const ky = 110_574;
  const xy = (q: LonLat) => [(q[0] - p[0]) * kx, (q[1] - p[1]) * ky] as const;
  let best = Infinity;
  for (let i = 0; i < line.length; i++) {
    const a = xy(line[i]!);
    best = Math.min(best, Math.hypot(a[0], a[1]));
    if (i === 0) continue;
    const b = xy(line[i - 1]!);
    const dx = a[0] - b[0];
    const dy = a[1] - b[1];
    const len2 = dx * dx + dy * dy;
    if (len2 === 0) continue;
    // only consecutive vertices of the same feature are really joined; a far jump is skipped
    if (len2 > 2000 ** 2) continue;
    const t = Math.max(0, Math.min(1, -(b[0] * dx + b[1] * dy) / len2));
    best = Math.min(best, Math.hypot(b[0] + t * dx, b[1] + t * dy));
  }
  return best;
}

/** A stat from the stats panel as a number and unit ("3.21 km" → {value: 3.21, unit: 'km'}). */
export async function stat(page: Page, name: 'distance' | 'ascent' | 'descent' | 'time') {
  const text = ((await page.getByTestId(`stat-${name}`).textContent()) ?? '').trim();
  if (name === 'time') {
    const m = /^(?:(\d+) h )?(\d+) min$/.exec(text);
    return { text, value: m ? Number(m[1] ?? 0) * 60 + Number(m[2]) : NaN, unit: 'min' };
  }
  const m = /^([\d.]+) (\w+)$/.exec(text);
  return { text, value: m ? Number(m[1]) : NaN, unit: m ? m[2]! : '' };
}

export const distanceKm = async (page: Page) => {
  const t = (await page.getByTestId('stat-distance').textContent()) ?? '';
  const m = /([\d.]+) km/.exec(t);
  return m ? Number(m[1]) : NaN;
};

/** How many waypoints the planner's list says it has (0 when it has none and hides the list). */
export const waypointCount = async (page: Page) => {
  const summary = page.locator('summary', { hasText: 'Waypoints' });
  if ((await summary.count()) === 0) return 0;
  return Number(/\((\d+)\)/.exec((await summary.textContent()) ?? '')?.[1] ?? 0);
};

/** The waypoints as the planner's waypoint list shows them (lon, lat as clicked, 5 decimals). */
export async function listedWaypoints(page: Page): Promise<LonLat[]> {
  if ((await page.locator('summary', { hasText: 'Waypoints' }).count()) === 0) return [];
  const items = await page.getByRole('list', { name: 'Waypoints', includeHidden: true }).locator('li').allTextContents();
  return items.map((t) => {
    const m = /(-?\d+\.\d+), (-?\d+\.\d+)/.exec(t);
    return m ? [Number(m[2]), Number(m[1])] : [NaN, NaN];
  });
}

/** Wait until the planner has finished routing the current waypoints. */
export async function routed(page: Page, timeout = 20_000) {
  await expect.poll(() => page.getByTestId('route-planner').getAttribute('data-route-status'), { timeout }).toBe('ready');
}

/** Wait for `n` waypoints and their finished route. */
export async function settled(page: Page, n: number, timeout = 20_000) {
  await expect.poll(() => waypointCount(page), { timeout }).toBe(n);
  if (n >= 2) await routed(page, timeout);
}

/** Unfold the planner's waypoint list (a <details>) so its per-leg controls can be used. */
export async function openWaypointList(page: Page) {
  const summary = page.locator('summary', { hasText: 'Waypoints' });
  const open = await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open);
  if (!open) await summary.click();
}

/**
 * A pixel on the drawn line of leg `leg` where a press can only grab that leg: within ±`margin` px
 * the map has no waypoint and no other leg (legs can share streets). Prefers points far from the
 * leg's waypoints.
 */
export async function pixelOnLeg(page: Page, leg: number, margin = 14): Promise<Px | null> {
  const pts = await routeLine(page, leg);
  return page.evaluate(
    ({ pts, leg, margin }) => {
      const m = window.__waymarkTest!.map() as MapHandle & {
        queryRenderedFeatures(
          box: [[number, number], [number, number]],
          o: object,
        ): { layer: { id: string }; properties: Record<string, unknown> }[];
      };
      const { width, height } = (m as unknown as { getCanvas(): HTMLCanvasElement }).getCanvas().getBoundingClientRect();
      const wps = m
        .queryRenderedFeatures({ layers: ['wm-plan-waypoints-dot'] })
        .map((f) => m.project(f.geometry.coordinates as [number, number]));
      const cands = pts
        .map((p) => m.project(p))
        .filter((c) => c.x > margin && c.y > margin && c.x < width - margin && c.y < height - margin)
        .map((c) => ({ c, clear: Math.min(...wps.map((w) => Math.hypot(w.x - c.x, w.y - c.y))) }))
        .sort((a, b) => b.clear - a.clear);
      for (const { c } of cands) {
        const fs = m.queryRenderedFeatures(
          [
            [c.x - margin, c.y - margin],
            [c.x + margin, c.y + margin],
          ],
          { layers: ['wm-plan-waypoints-dot', 'wm-plan-route-line'] },
        );
        if (fs.length && fs.every((f) => f.layer.id === 'wm-plan-route-line' && Number(f.properties.leg) === leg)) return c;
      }
      return null;
    },
    { pts, leg, margin },
  );
}
