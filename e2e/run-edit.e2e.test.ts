// The Running Route Planner's editing features in Chromium on Andorra: dragging waypoints and the
// line, deleting, reverse, out-and-back, close loop, freehand legs, clear, units and pace, the
// elevation profile's map marker, a draft surviving a reload, and the phone layout of /run-app.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import {
  canvasOrigin,
  distanceKm,
  distanceToLineM,
  dragMap,
  framePoints,
  clickMap,
  haversineM,
  listedWaypoints,
  mapCentre,
  openWaypointList,
  pixelOnLeg,
  project,
  ready,
  rendered,
  renderedWaypoints,
  routed,
  routeLine,
  settled,
  stat,
  unproject,
  waypointCount,
  type LonLat,
} from './support/planner.ts';

// Points on streets of the valley floor, Andorra la Vella → Escaldes: each leg is routed close to
// the straight line (A–B 0.8 km, B–C 1.0 km) and the route climbs more than it descends.
const A: LonLat = [1.5211, 42.5063];
const B: LonLat = [1.53, 42.507];
const C: LonLat = [1.538, 42.511];

const M_PER_MI = 1609.344;
/** Polls wait on state, generously: the test machine is small and busy. */
const WAIT = { timeout: 15_000 };

/** Wait until the map has drawn all `n` waypoints, and return where. */
async function drawnWaypoints(page: Page, n: number) {
  await expect.poll(async () => (await renderedWaypoints(page)).filter(Boolean).length, { timeout: 15_000 }).toBe(n);
  return renderedWaypoints(page);
}

const near = (a: LonLat, b: LonLat, m = 1) => haversineM(a, b) <= m;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Route planner editing in Chromium (Andorra)', () => {
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ page } = await newPage(browser));
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('plans three waypoints by clicking', async () => {
    await page.goto('/run');
    await ready(page);
    const px = await framePoints(page, [A, B, C]);
    for (const p of px) await clickMap(page, p);
    await settled(page, 3);
  });

  it('route options: "Avoid busy roads" re-plans the snapped legs (through back streets here); off again restores the route', async () => {
    const before = await stat(page, 'distance');
    await page.getByRole('button', { name: 'Route options', exact: true }).click();
    await page.getByRole('switch', { name: 'Avoid busy roads' }).click();
    await expect.poll(async () => (await stat(page, 'distance')).text, WAIT).not.toBe(before.text);
    await routed(page);
    expect((await stat(page, 'distance')).value).toBeGreaterThan(before.value); // the quickest way is the plain one
    await page.keyboard.press('Escape');
    // the button names what is on; the preference is kept for the next visit (localStorage)
    await page.getByRole('button', { name: 'Route options: no busy roads' }).click();
    expect(await page.evaluate(() => localStorage.getItem('waymark.planner.prefs.v1'))).toContain('"avoidBusyRoads":true');
    await page.getByRole('switch', { name: 'Avoid busy roads' }).click();
    await expect.poll(async () => (await stat(page, 'distance')).text, WAIT).toBe(before.text);
    await page.keyboard.press('Escape');
    await routed(page);
  });

  it('the map key, in the map’s bottom start corner above the scale, says what the trail lines mean', async () => {
    const button = page.getByRole('button', { name: 'Map key' });
    const scale = page.locator('.maplibregl-ctrl-bottom-left .maplibregl-ctrl-scale');
    const [b, s] = [await button.boundingBox(), await scale.boundingBox()];
    expect(b!.y + b!.height).toBeLessThanOrEqual(s!.y + 1);
    await button.click();
    const key = page.getByTestId('map-key');
    await expect.poll(async () => key.locator('[data-key-row]').count(), WAIT).toBe(5);
    await expect.poll(async () => key.textContent(), WAIT).toContain('Alpine hiking');
    await page.keyboard.press('Escape');
    await expect.poll(async () => key.count(), WAIT).toBe(0);
  });

  it('drags a waypoint: it moves on the map and the route follows', async () => {
    const before = await stat(page, 'distance');
    const listed = await listedWaypoints(page);
    const drawn = await drawnWaypoints(page, 3);
    const from = await project(page, drawn[1]!);
    const to = { x: from.x + 10, y: from.y + 45 };
    const target = await unproject(page, to);
    await dragMap(page, from, to);
    // the second waypoint now sits where it was dropped (within a pixel); the others did not move
    await expect.poll(async () => haversineM((await listedWaypoints(page))[1]!, target), { timeout: 10_000 }).toBeLessThan(30);
    const dropped = await project(page, (await listedWaypoints(page))[1]!);
    expect(Math.hypot(dropped.x - to.x, dropped.y - to.y)).toBeLessThan(1.5);
    await routed(page);
    const after = await listedWaypoints(page);
    expect(after).toHaveLength(3);
    expect(near(after[0]!, listed[0]!)).toBe(true);
    expect(near(after[2]!, listed[2]!)).toBe(true);
    await expect.poll(async () => (await stat(page, 'distance')).text, WAIT).not.toBe(before.text);
    // the map draws the moved waypoint at its (snapped) new place, away from the old one
    await expect.poll(async () => haversineM((await renderedWaypoints(page))[1] ?? [0, 0], target), { timeout: 10_000 }).toBeLessThan(150);
    expect(haversineM((await renderedWaypoints(page))[1]!, drawn[1]!)).toBeGreaterThan(100);
  });

  it('drags the route line: a waypoint is inserted there and the route passes by it', async () => {
    const before = await stat(page, 'distance');
    await drawnWaypoints(page, 3);
    // a point of the first leg's line, away from waypoints and from the second leg
    const from = (await pixelOnLeg(page, 0))!;
    expect(from).not.toBeNull();
    const to = { x: from.x - 25, y: from.y - 25 };
    const target = await unproject(page, to);
    await dragMap(page, from, to);
    await settled(page, 4);
    const listed = await listedWaypoints(page);
    const dropped = await project(page, listed[1]!);
    expect(Math.hypot(dropped.x - to.x, dropped.y - to.y)).toBeLessThan(1.5);
    expect((await stat(page, 'distance')).text).not.toBe(before.text);
    // the new waypoint is drawn near the drop point and the route goes through it
    const now = await drawnWaypoints(page, 4);
    expect(haversineM(now[1]!, target)).toBeLessThan(150);
    await expect.poll(async () => distanceToLineM(now[1]!, await routeLine(page)), { timeout: 10_000 }).toBeLessThan(5);
  });

  it('deletes a waypoint from the list and by right-clicking it on the map', async () => {
    const listed = await listedWaypoints(page);
    const d0 = await stat(page, 'distance');
    await openWaypointList(page);
    await page.getByRole('button', { name: 'Delete waypoint 2' }).click();
    await settled(page, 3);
    const after = await listedWaypoints(page);
    expect(after.map(String)).toEqual([listed[0], listed[2], listed[3]].map(String));
    const d1 = await stat(page, 'distance');
    expect(d1.text).not.toBe(d0.text);

    // right-click (context menu) on the drawn second waypoint removes it too …
    const drawn = await drawnWaypoints(page, 3);
    const px = await project(page, drawn[1]!);
    const o = await canvasOrigin(page);
    await page.mouse.click(o.x + px.x, o.y + px.y, { button: 'right' });
    await settled(page, 2);
    expect((await listedWaypoints(page)).map(String)).toEqual([after[0], after[2]].map(String));
    // … and undo brings it back
    await page.getByRole('button', { name: 'Undo' }).click();
    await settled(page, 3);
    await expect.poll(async () => (await stat(page, 'distance')).text, WAIT).toBe(d1.text);

    // keyboard: with the map focused, Delete removes the last waypoint
    await page.locator('[data-region] canvas').first().focus();
    await page.keyboard.press('Delete');
    await settled(page, 2);
    expect((await listedWaypoints(page)).map(String)).toEqual(after.slice(0, 2).map(String));
    await page.getByRole('button', { name: 'Undo' }).click();
    await settled(page, 3);
  });

  it('reverses the route: first and last swap, ascent and descent swap', async () => {
    const listed = await listedWaypoints(page);
    const up = await stat(page, 'ascent');
    const down = await stat(page, 'descent');
    const dist = await stat(page, 'distance');
    expect(Math.abs(up.value - down.value)).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Reverse' }).click();
    await expect.poll(async () => (await listedWaypoints(page)).map(String), WAIT).toEqual([...listed].reverse().map(String));
    await routed(page);
    await expect.poll(async () => (await stat(page, 'ascent')).value, WAIT).toBeCloseTo(down.value, -1);
    expect((await stat(page, 'descent')).value).toBeCloseTo(up.value, -1);
    expect(Math.abs((await stat(page, 'distance')).value - dist.value)).toBeLessThan(dist.value * 0.03);
    // reverse again: back to the original direction
    await page.getByRole('button', { name: 'Reverse' }).click();
    await expect.poll(async () => (await listedWaypoints(page)).map(String), WAIT).toEqual(listed.map(String));
    await routed(page);
  });

  it('makes an out-and-back: distance doubles and the waypoints are mirrored', async () => {
    const listed = await listedWaypoints(page);
    const d = await distanceKm(page);
    await page.getByRole('button', { name: 'Out and back' }).click();
    await settled(page, 5);
    const now = await listedWaypoints(page);
    for (let i = 0; i < now.length; i++) expect(near(now[i]!, now[now.length - 1 - i]!)).toBe(true);
    expect(now.slice(0, 3).map(String)).toEqual(listed.map(String));
    await expect.poll(() => distanceKm(page), WAIT).toBeGreaterThan(d * 1.9);
    const d2 = await distanceKm(page);
    expect(Math.abs(d2 - 2 * d)).toBeLessThan(2 * d * 0.01);
    await page.getByRole('button', { name: 'Undo' }).click();
    await settled(page, 3);
  });

  it('closes the loop: the last waypoint is the first and the route gets longer', async () => {
    const listed = await listedWaypoints(page);
    const d = await distanceKm(page);
    await page.getByRole('button', { name: 'Close loop' }).click();
    await settled(page, 4);
    const now = await listedWaypoints(page);
    expect(String(now[3])).toBe(String(listed[0]));
    expect(await distanceKm(page)).toBeGreaterThan(d + 0.3);
    // the drawn line ends where it starts
    const drawn = await drawnWaypoints(page, 4);
    expect(haversineM(drawn[3]!, drawn[0]!)).toBeLessThan(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await settled(page, 3);
  });

  it('switches km/mi (distance, markers on the line) and the pace changes the time', async () => {
    const km = await stat(page, 'distance');
    expect(km.unit).toBe('km');
    const markerLabels = async () =>
      // a km marker next to a waypoint handle is drawn lifted above it, in a layer of its own
      [
        ...new Set(
          [...(await rendered(page, 'wm-plan-markers-dot')), ...(await rendered(page, 'wm-plan-markers-dot-near'))].map((f) =>
            Number(f.properties.label),
          ),
        ),
      ].sort((a, b) => a - b);
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    await expect.poll(markerLabels, { timeout: 10_000 }).toEqual(upTo(Math.floor(km.value)));
    // the surface breakdown adds up to the route: shares ≈ 100 %, lengths ≈ the distance
    const rows = await page.getByRole('region', { name: 'Surface' }).getByRole('listitem').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    const parts = rows.map((t) => /(\d+)% · ([\d.]+) km/.exec(t)!).map((m) => ({ pct: Number(m[1]), km: Number(m[2]) }));
    expect(Math.abs(parts.reduce((a, p) => a + p.pct, 0) - 100)).toBeLessThanOrEqual(parts.length);
    expect(Math.abs(parts.reduce((a, p) => a + p.km, 0) - km.value)).toBeLessThan(0.01 * parts.length + 0.02);

    const units = page.getByRole('radiogroup', { name: 'Units' });
    await units.getByRole('radio', { name: 'mi' }).click();
    await expect.poll(async () => (await stat(page, 'distance')).unit, WAIT).toBe('mi');
    expect(await units.getByRole('radio', { name: 'mi' }).getAttribute('aria-checked')).toBe('true');
    const mi = await stat(page, 'distance');
    // both are rounded for display: 2 decimals below 10, 1 above
    const halfStep = (t: string) => (/\.\d\d /.test(t) ? 0.005 : 0.05);
    expect(Math.abs(mi.value - (km.value * 1000) / M_PER_MI)).toBeLessThanOrEqual(
      halfStep(mi.text) + (halfStep(km.text) * 1000) / M_PER_MI + 1e-9,
    );
    expect((await stat(page, 'ascent')).unit).toBe('ft');
    await expect.poll(markerLabels, { timeout: 10_000 }).toEqual(upTo(Math.floor(mi.value)));
    // the map's scale bar follows the units
    const scale = page.locator('.maplibregl-ctrl-scale');
    await expect.poll(async () => (await scale.textContent())?.trim(), WAIT).toMatch(/^\d+\s(ft|mi)$/);
    await page.getByLabel('Flat pace (min/mi)').waitFor();
    await units.getByRole('radio', { name: 'km' }).click();
    await expect.poll(async () => (await stat(page, 'distance')).text, WAIT).toBe(km.text);
    await expect.poll(async () => (await scale.textContent())?.trim(), WAIT).toMatch(/^\d+\sk?m$/);

    // pace 6:00 → 12:00 /km doubles the time (grade adjustment scales with it)
    const pace = page.getByLabel('Flat pace (min/km)');
    expect(await pace.inputValue()).toBe('6:00');
    const t1 = await stat(page, 'time');
    await pace.fill('12:00');
    await pace.press('Enter');
    await expect.poll(async () => (await stat(page, 'time')).value, WAIT).toBeGreaterThan(t1.value * 1.5);
    await routed(page);
    const t2 = await stat(page, 'time');
    expect(Math.abs(t2.value - 2 * t1.value)).toBeLessThanOrEqual(2);
    // an invalid pace is refused and changes nothing
    await pace.fill('1:00');
    await pace.press('Enter');
    expect(await pace.getAttribute('aria-invalid')).toBe('true');
    expect((await stat(page, 'time')).text).toBe(t2.text);
    await pace.fill('6:00');
    await pace.press('Enter');
    await expect.poll(async () => (await stat(page, 'time')).text, WAIT).toBe(t1.text);
  });

  it('hovering the elevation profile shows a marker on the map at that point of the route', async () => {
    const hoverDot = async () => (await rendered(page, 'wm-plan-hover-dot')).map((f) => f.geometry.coordinates as LonLat)[0] ?? null;
    expect(await hoverDot()).toBeNull();
    const drawn = await drawnWaypoints(page, 3);
    const prof = (await page.getByTestId('elevation-profile').boundingBox())!;
    const y = prof.y + prof.height / 2;
    // the left edge of the chart is the start of the route …
    await page.mouse.move(prof.x + 1, y);
    await page.getByTestId('profile-hover').waitFor();
    await expect
      .poll(
        async () => {
          const p = await hoverDot();
          return p ? haversineM(p, drawn[0]!) : Infinity;
        },
        { timeout: 10_000 },
      )
      .toBeLessThan(2);
    // … the right edge its end …
    await page.mouse.move(prof.x + prof.width - 1, y);
    await expect
      .poll(
        async () => {
          const p = await hoverDot();
          return p ? haversineM(p, drawn[2]!) : Infinity;
        },
        { timeout: 10_000 },
      )
      .toBeLessThan(2);
    // … and the middle a point on the line, away from both ends
    await page.mouse.move(prof.x + prof.width * 0.55, y);
    await expect
      .poll(
        async () => {
          const p = await hoverDot();
          return p ? haversineM(p, drawn[2]!) : 0;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(50);
    const mid = (await hoverDot())!;
    expect(haversineM(mid, drawn[0]!)).toBeGreaterThan(50);
    expect(distanceToLineM(mid, await routeLine(page))).toBeLessThan(3);
    // leaving the chart removes the marker
    await page.mouse.move(prof.x + prof.width / 2, prof.y - 40);
    await expect.poll(hoverDot, { timeout: 10_000 }).toBeNull();
    expect(await page.getByTestId('profile-hover').count()).toBe(0);
    // and the other way round: hovering the line on the map shows that spot on the profile
    const onLine = (await pixelOnLeg(page, 1))!;
    expect(onLine).not.toBeNull();
    const o = await canvasOrigin(page);
    await page.mouse.move(o.x + onLine.x, o.y + onLine.y);
    await page.getByTestId('profile-hover').waitFor({ timeout: 10_000 });
  });

  it('keeps the unsaved route across a reload', async () => {
    const listed = await listedWaypoints(page);
    const d = await stat(page, 'distance');
    await page.reload();
    await ready(page);
    await settled(page, listed.length);
    expect((await listedWaypoints(page)).map(String)).toEqual(listed.map(String));
    expect((await stat(page, 'distance')).text).toBe(d.text);
    await drawnWaypoints(page, listed.length);
  });

  it('clear asks first: cancel keeps the route, confirming empties it', async () => {
    const d = await stat(page, 'distance');
    await page.getByRole('button', { name: 'Clear route' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear the route?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await waypointCount(page)).toBe(3);
    expect((await stat(page, 'distance')).text).toBe(d.text);
    // Escape also cancels
    await page.getByRole('button', { name: 'Clear route' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await waypointCount(page)).toBe(3);

    await page.getByRole('button', { name: 'Clear route' }).click();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByTestId('stat-distance').textContent(), WAIT).toBe('—');
    expect(await waypointCount(page)).toBe(0);
    await expect.poll(async () => (await renderedWaypoints(page)).length, WAIT).toBe(0);
    expect(await routeLine(page)).toEqual([]);
  });

  it('freehand legs are straight lines: per leg from the list, and for new legs from the toolbar', async () => {
    const px = await framePoints(page, [A, B, C]);
    await clickMap(page, px[0]!);
    await clickMap(page, px[1]!);
    await settled(page, 2);
    const snapped = await distanceKm(page);
    const [a, b] = await listedWaypoints(page);
    const straightAB = haversineM(a!, b!) / 1000;
    expect(snapped).toBeGreaterThan(straightAB * 1.05);

    await openWaypointList(page);
    await page.getByRole('combobox', { name: 'Leg 1 mode' }).selectOption('freehand');
    await expect.poll(() => distanceKm(page), WAIT).toBeLessThan(snapped);
    await routed(page);
    expect(Math.abs((await distanceKm(page)) - straightAB)).toBeLessThan(straightAB * 0.03);
    await expect
      .poll(async () => (await rendered(page, 'wm-plan-route-line')).every((f) => f.properties.mode === 'freehand'), WAIT)
      .toBe(true);

    // new legs: freehand from the toolbar
    const newLegs = page.getByRole('radiogroup', { name: 'New legs' });
    await newLegs.getByRole('radio', { name: 'Freehand' }).click();
    expect(await newLegs.getByRole('radio', { name: 'Freehand' }).getAttribute('aria-checked')).toBe('true');
    const d2 = await distanceKm(page);
    await clickMap(page, px[2]!);
    await settled(page, 3);
    const c = (await listedWaypoints(page))[2]!;
    expect(await page.getByRole('combobox', { name: 'Leg 2 mode' }).inputValue()).toBe('freehand');
    const straightBC = haversineM(b!, c) / 1000;
    expect(Math.abs((await distanceKm(page)) - (d2 + straightBC))).toBeLessThan((d2 + straightBC) * 0.03);
    // back to snapping for the tests after this one
    await newLegs.getByRole('radio', { name: 'Snap to paths' }).click();
  });

  it('a click far from every path says so: the leg is dashed, and "Keep straight" makes it a freehand leg', async () => {
    await page.getByRole('button', { name: 'Clear route' }).click();
    await page.getByRole('dialog', { name: 'Clear the route?' }).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => waypointCount(page), WAIT).toBe(0);
    // 3.4 km west of Andorra la Vella, on a mountainside more than 500 m from any path
    const FAR: LonLat = [1.48, 42.5];
    const px = await framePoints(page, [A, FAR]);
    await clickMap(page, px[0]!);
    await clickMap(page, px[1]!);
    await settled(page, 2);
    const notice = page.locator('[data-sonner-toast]').filter({ hasText: 'Leg 1 is off the path network' });
    await notice.waitFor({ timeout: 15_000 });
    const leg = () =>
      page.evaluate(() => {
        const m = window.__waymarkTest!.map('route-planner') as {
          getSource(id: string): { serialize(): { data: { features: { properties: Record<string, unknown> }[] } } };
        };
        return m
          .getSource('wm-plan-route')
          .serialize()
          .data.features.map((f) => f.properties);
      });
    // drawn as what it is: a straight, dashed line
    expect(await leg()).toEqual([{ leg: 0, mode: 'freehand', unrouted: true }]);
    await notice.getByRole('button', { name: 'Keep straight' }).click();
    await openWaypointList(page);
    await expect.poll(() => page.getByRole('combobox', { name: 'Leg 1 mode' }).inputValue(), WAIT).toBe('freehand');
    await expect.poll(leg, WAIT).toEqual([{ leg: 0, mode: 'freehand' }]);
    await page.getByRole('button', { name: 'Clear route' }).click();
    await page.getByRole('dialog', { name: 'Clear the route?' }).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => waypointCount(page), WAIT).toBe(0);
  });

  it('place search (keyboard) and "Locate me" move the map there', async () => {
    const centreTo = (p: LonLat) => async () => haversineM(await mapCentre(page), p);
    const res = await page.request.get('/api/regions/andorra/places?q=Canillo&limit=8');
    const first = ((await res.json()) as { places: { name: string; lon: number; lat: number }[] }).places[0]!;
    expect(first.name).toMatch(/Canillo/);
    const search = page.getByRole('combobox', { name: 'Search places' });
    await search.fill('Canillo');
    await page.getByRole('listbox', { name: 'Places' }).getByRole('option').first().waitFor({ timeout: 15_000 });
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    await search.press('Enter');
    await expect.poll(centreTo([first.lon, first.lat]), WAIT).toBeLessThan(20);
    // the list closes and a labelled pin marks the chosen place
    expect(await search.getAttribute('aria-expanded')).toBe('false');
    const pin = () =>
      page.evaluate(() => {
        const m = window.__waymarkTest!.map('route-planner') as {
          getSource(id: string): {
            serialize(): { data: { features: { properties: { label: string }; geometry: { coordinates: number[] } }[] } };
          };
        };
        return m
          .getSource('wm-plan-place')
          .serialize()
          .data.features.map((f) => ({ label: f.properties.label, at: f.geometry.coordinates }));
      });
    await expect.poll(pin, WAIT).toEqual([{ label: first.name, at: [first.lon, first.lat] }]);

    const here: LonLat = [1.5335, 42.5095];
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ longitude: here[0], latitude: here[1] });
    await page.getByRole('button', { name: 'Locate me' }).click();
    await expect.poll(centreTo(here), WAIT).toBeLessThan(20);
    await expect.poll(pin, WAIT).toEqual([{ label: 'You are here', at: here }]);
    expect(errors).toEqual([]);
  });
});

describe('/run-app on a phone (390×844)', () => {
  it('shows the route in the bottom sheet and plans by tapping the map', async () => {
    const { page } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/run-app');
    await ready(page);
    const sheet = page.getByRole('region', { name: 'Route details' });
    await expect.poll(() => sheet.getByTestId('sheet-summary').textContent(), WAIT).toBe('No route yet');
    // the sheet is docked at the bottom, full width
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBeGreaterThan(380);
    expect(box.y + box.height).toBeGreaterThan(840);
    expect(box.height).toBeLessThan(120);
    // the map's own controls stay clear of the header and the sheet: zoom buttons below the
    // header, scale and attribution ("© OpenStreetMap contributors") above the sheet
    const header = (await page.locator('header[data-map-overlay]').boundingBox())!;
    const zoom = page.getByRole('button', { name: 'Zoom in' });
    const attribution = page.locator('.maplibregl-ctrl-attrib');
    await expect.poll(async () => (await zoom.boundingBox())!.y, WAIT).toBeGreaterThanOrEqual(header.y + header.height);
    expect(await attribution.isVisible()).toBe(true);
    expect((await attribution.boundingBox())!.y + (await attribution.boundingBox())!.height).toBeLessThanOrEqual(box.y + 1);

    const px = await framePoints(page, [A, B]);
    const o = await canvasOrigin(page);
    for (const p of px) await page.touchscreen.tap(o.x + p.x, o.y + p.y);
    await settled(page, 2);
    await expect.poll(() => sheet.getByTestId('sheet-summary').textContent(), WAIT).toMatch(/^\d+\.\d{1,2} km · ↑ \d+ m$/);

    // a long press on a waypoint deletes it (touch has no right-click); tapping adds it again
    const drawn = await drawnWaypoints(page, 2);
    const at = await project(page, drawn[1]!);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: o.x + at.x, y: o.y + at.y }] });
    await expect.poll(() => waypointCount(page), { timeout: 10_000 }).toBe(1);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => sheet.getByTestId('sheet-summary').textContent(), WAIT).toBe('No route yet');
    await page.touchscreen.tap(o.x + px[1]!.x, o.y + px[1]!.y);
    await settled(page, 2);
    await expect.poll(() => sheet.getByTestId('sheet-summary').textContent(), WAIT).toMatch(/^\d+\.\d{1,2} km · ↑ \d+ m$/);
    const summaryKm = Number(/^([\d.]+)/.exec((await sheet.getByTestId('sheet-summary').textContent())!)![1]);

    // opening the sheet shows the full stats, the same distance
    const toggle = sheet.getByRole('button', { name: /Show details/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('stat-distance').isVisible()).toBe(false);
    await toggle.click();
    await page.getByTestId('stat-distance').waitFor();
    // the open sheet is taller: the attribution moves up with it
    const open = (await sheet.boundingBox())!;
    expect(open.height).toBeGreaterThan(box.height + 100);
    await expect
      .poll(async () => (await attribution.boundingBox())!.y + (await attribution.boundingBox())!.height, WAIT)
      .toBeLessThanOrEqual(open.y + 1);
    expect(await sheet.getByRole('button', { name: /Hide details/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await distanceKm(page)).toBe(summaryKm);
    await page.getByTestId('elevation-profile').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('/run in RTL and dark (1280×800)', () => {
  it('right to left and dark: the map controls mirror to the free corner and take the dark theme', async () => {
    const { page, context } = await newPage(browser);
    await context.addInitScript(() => {
      localStorage.setItem('waymark:color-mode', 'dark');
      localStorage.setItem('waymark:app-settings', JSON.stringify({ dir: 'rtl' }));
    });
    await page.goto('/run');
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const map = (await page.locator('[data-region]').boundingBox())!;
    const zoom = (await page.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
    // mirrored: on the left, and under no panel (the planner's header sits top right in RTL)
    expect(zoom.x + zoom.width / 2).toBeLessThan(map.x + map.width / 2);
    const panels = await page
      .locator('[data-map-overlay]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const cx = zoom.x + zoom.width / 2;
    const cy = zoom.y + zoom.height / 2;
    expect(panels.some((r) => cx > r.left && cx < r.right && cy > r.top && cy < r.bottom)).toBe(false);
    // the attribution and scale swap corners too; the scale still reads "500 m", not "m 500"
    const attribution = (await page.locator('.maplibregl-ctrl-attrib').boundingBox())!;
    const scale = page.locator('.maplibregl-ctrl-scale');
    expect(attribution.x).toBeLessThan(map.x + map.width / 2);
    expect((await scale.boundingBox())!.x).toBeGreaterThan(map.x + map.width / 2);
    expect(await scale.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    // dark controls: the button group is the theme's dark background, not MapLibre's white
    const bg = await page
      .locator('.maplibregl-ctrl-group')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = (bg.match(/[\d.]+/g) ?? []).map(Number);
    expect(Math.max(r!, g!, b!)).toBeLessThan(80);
    await context.close();
  });
});
