// Route analysis and imported tracks in Chromium on Andorra: a track from another tool is imported
// as a fixed track (a few handles, the map framed on it), a breakdown band highlights its stretches
// on the map (hover, tap, Escape), "Colour by grade" colours the line, and the splits table has one
// row per started km. With E2E_SCREENSHOTS=<dir> it also saves the details panel with splits and
// the grade colouring, light and dark, 1280 and 390 px, and RTL.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { distanceKm, ready, rendered, renderedWaypoints, routed, type LonLat, type MapHandle } from './support/planner.ts';

const WAIT = { timeout: 20_000 };

/** A wiggly loop of 81 points around Escaldes (≈ 5 km), as another tool would record it: a track, no waypoints. */
function foreignTrack(): { gpx: string; points: LonLat[] } {
  const corners: LonLat[] = [
    [1.525, 42.505],
    [1.541, 42.505],
    [1.541, 42.517],
    [1.525, 42.517],
    [1.525, 42.505],
  ];
  const points: LonLat[] = [];
  for (let s = 0; s < 4; s++)
    for (let i = 0; i < 20; i++) {
      const t = i / 20;
      const [a, b] = [corners[s]!, corners[s + 1]!];
      points.push([a[0] + (b[0] - a[0]) * t + Math.sin(i * 1.7) * 4e-5, a[1] + (b[1] - a[1]) * t + Math.cos(i * 1.3) * 3e-5]);
    }
  points.push(corners[0]!);
  const pts = points.map((p) => `<trkpt lat="${p[1].toFixed(7)}" lon="${p[0].toFixed(7)}"/>`).join('');
  return {
    gpx: `<?xml version="1.0"?><gpx version="1.1" creator="other" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Escaldes square</name><trkseg>${pts}</trkseg></trk></gpx>`,
    points,
  };
}

async function importTrack(page: Page, gpx: string) {
  await page.getByTestId('import-file').setInputFiles({ name: 'escaldes.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) });
  await routed(page, 30_000);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Route analysis and fixed tracks in Chromium (Andorra)', () => {
  it('imports a track as a fixed track, framed; bands highlight; grade colours; one split per km', async () => {
    const { page, context } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/run');
      await ready(page);
      const { gpx, points } = foreignTrack();
      await importTrack(page, gpx);
      // a few handles (ends and corners), not one per track point
      await expect.poll(async () => (await renderedWaypoints(page)).filter(Boolean).length, WAIT).toBeGreaterThanOrEqual(4);
      const handles = (await renderedWaypoints(page)).filter(Boolean).length;
      expect(handles).toBeLessThanOrEqual(12);
      await expect.poll(() => page.getByTestId('fixed-track-note').count(), WAIT).toBe(1);
      // the map frames the track: every point in view, and the track spans a good part of it
      await page.locator('[data-framed]').waitFor(WAIT);
      await page.waitForTimeout(600); // the 300 ms fit animation
      const view = await page.evaluate((pts) => {
        const m = window.__waymarkTest!.map() as MapHandle & { getCanvas(): HTMLCanvasElement };
        const px = pts.map((p) => m.project(p));
        const c = m.getCanvas().getBoundingClientRect();
        const xs = px.map((p) => p.x);
        const ys = px.map((p) => p.y);
        return { w: c.width, h: c.height, x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
      }, points);
      expect(view.x0).toBeGreaterThanOrEqual(0);
      expect(view.y0).toBeGreaterThanOrEqual(0);
      expect(view.x1).toBeLessThanOrEqual(view.w);
      expect(view.y1).toBeLessThanOrEqual(view.h);
      expect(Math.max((view.x1 - view.x0) / view.w, (view.y1 - view.y0) / view.h)).toBeGreaterThan(0.25);
      // the fixed track is drawn as it is (not re-snapped): the line passes through a wiggle point
      const line = (await rendered(page, 'wm-plan-route-line')).flatMap((f) => f.geometry.coordinates as LonLat[]);
      const probe = points[7]!;
      expect(line.some((p) => Math.abs(p[0] - probe[0]) < 1e-6 && Math.abs(p[1] - probe[1]) < 1e-6)).toBe(true);

      // splits: one row per started km
      const km = await distanceKm(page);
      await expect.poll(() => page.getByTestId('split-row').count(), WAIT).toBe(Math.ceil(km));

      // hovering a band highlights its stretches; leaving clears; a tap pins; Escape clears
      const band = page.locator('[data-band^="wayType:"]').first();
      expect(await rendered(page, 'wm-plan-band-line')).toEqual([]);
      await band.hover();
      await expect.poll(async () => (await rendered(page, 'wm-plan-band-line')).length, WAIT).toBeGreaterThan(0);
      await page.mouse.move(5, 400);
      await expect.poll(async () => (await rendered(page, 'wm-plan-band-line')).length, WAIT).toBe(0);
      const grade = page.locator('[data-band^="grade:"]').first();
      await grade.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => grade.getAttribute('aria-pressed'), WAIT).toBe('true');
      await expect.poll(async () => (await rendered(page, 'wm-plan-band-line')).length, WAIT).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await expect.poll(async () => (await rendered(page, 'wm-plan-band-line')).length, WAIT).toBe(0);

      // colour by grade: the graded line is drawn, and the choice is remembered
      expect(await rendered(page, 'wm-plan-grade-line')).toEqual([]);
      await page.getByRole('switch', { name: 'Colour by grade' }).click();
      await expect.poll(async () => (await rendered(page, 'wm-plan-grade-line')).length, WAIT).toBeGreaterThan(0);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('waymark.planner.prefs.v1')!).gradeColours)).toBe(true);

      // "Snap to paths": routed on the network, the fixed-track note gone
      await page.getByRole('button', { name: 'Snap to paths' }).click();
      await routed(page, 30_000);
      await expect.poll(() => page.getByTestId('fixed-track-note').count(), WAIT).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it.runIf(!!process.env.E2E_SCREENSHOTS)(
    'screenshots: details with splits and grade colours, light/dark, 1280/390, RTL',
    async () => {
      const dir = process.env.E2E_SCREENSHOTS!;
      fs.mkdirSync(dir, { recursive: true });
      const { gpx } = foreignTrack();
      for (const v of [
        { mode: 'light', dir: 'ltr', width: 1280, height: 800 },
        { mode: 'dark', dir: 'ltr', width: 1280, height: 800 },
        { mode: 'light', dir: 'ltr', width: 390, height: 844 },
        { mode: 'dark', dir: 'ltr', width: 390, height: 844 },
        { mode: 'dark', dir: 'rtl', width: 1280, height: 800 },
      ] as const) {
        const { page, context } = await newPage(browser, { colorScheme: v.mode, viewport: { width: v.width, height: v.height } });
        await page.addInitScript(({ mode, dir }) => {
          localStorage.setItem('waymark:color-mode', mode);
          localStorage.setItem('waymark:app-settings', JSON.stringify({ dir }));
          localStorage.setItem(
            'waymark.planner.prefs.v1',
            JSON.stringify({ units: 'km', paceSecPerKm: 360, mode: 'snap', gradeColours: true }),
          );
        }, v);
        await page.goto('/run');
        await ready(page);
        await importTrack(page, gpx);
        if (v.width < 768) await page.getByRole('region', { name: 'Route details' }).getByRole('button').first().click();
        await page.locator('[data-band^="grade:"]').first().hover();
        await page.waitForTimeout(1500);
        await page.screenshot({ path: path.join(dir, `analysis-${v.width}-${v.mode}-${v.dir}.png`) });
        await context.close();
      }
    },
    240_000,
  );
});
