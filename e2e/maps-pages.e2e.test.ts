// The map demo pages in Chromium against the built server, each with real data and its main
// interaction, every request outside the app's origin aborted, and axe on the page as shown:
// /ui/maps/heatmap (source switch, sliders), /ui/maps/population-density (hexagons, legend,
// tooltip), /ui/maps/3d-buildings (extruded at pitch), /ui/maps/elevation (profile between two
// clicks), /ui/maps/generate-route (loops compared, the chosen one on the map).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { axeProblems } from './support/axe.ts';
import { waitForMap } from './support/map-handle.ts';
import { coveredMapControls, mapIdle, saveShot } from './support/map-pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The parts of a MapLibre map these tests use. */
interface TestMap {
  getSource(
    id: string,
  ): { serialize(): { data: { features: { geometry: { type: string }; properties: Record<string, unknown> }[] } } } | undefined;
  getLayer(id: string): unknown;
  getPaintProperty(layer: string, prop: string): unknown;
  getStyle(): { layers: { id: string; type: string }[] };
  queryRenderedFeatures(o: { layers: string[] }): { properties: Record<string, unknown> }[];
  querySourceFeatures(id: string): unknown[];
  project(p: [number, number]): { x: number; y: number };
  getTerrain(): unknown;
  getPitch(): number;
}

type Feature = { type: string } & Record<string, unknown>;

const features = (page: Page, handle: string, source: string): Promise<Feature[]> =>
  page.evaluate(
    ({ handle, source }) =>
      ((window.__waymarkTest!.map(handle) as TestMap).getSource(source)?.serialize().data.features ?? []).map((f) => ({
        type: f.geometry.type,
        ...f.properties,
      })),
    { handle, source },
  );

/** Where [lon, lat] is on the page (for mouse events on the map canvas). */
async function screenPoint(page: Page, handle: string, at: [number, number]) {
  const p = await page.evaluate(({ handle, at }) => (window.__waymarkTest!.map(handle) as TestMap).project(at), { handle, at });
  const box = (await page.locator(`[data-map-handle="${handle}"] .maplibregl-canvas`).boundingBox())!;
  return { x: box.x + p.x, y: box.y + p.y };
}

async function noAxeProblems(page: Page, label: string) {
  expect(await axeProblems(page, label)).toEqual([]);
}

describe('map demo pages', () => {
  it('heatmap: public routes, then points of interest by category; the sliders change the layer', { timeout: 300_000 }, async () => {
    const { page, context, blocked } = await newPage(browser);
    await page.goto('/ui/maps/heatmap');
    await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Map - Heatmap');
    await mapIdle(page, 'heatmap');
    const summary = page.locator('[data-legend] p[aria-live]');
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toMatch(/points along \d+ public routes?/);
    const routePoints = Number((await summary.textContent())!.match(/^([\d,]+)/)![1]!.replace(/,/g, ''));
    // the source holds what the summary says
    expect((await features(page, 'heatmap', 'heat')).length).toBe(routePoints);

    await page.getByRole('button', { name: 'Points of interest' }).click();
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toMatch(/^[\d,]+ all points of interest$/);
    const pois = await features(page, 'heatmap', 'heat');
    expect(pois.length).toBeGreaterThan(50);
    expect(pois.length).toBe(Number((await summary.textContent())!.match(/^([\d,]+)/)![1]!.replace(/,/g, '')));
    await page.getByRole('combobox', { name: 'Category' }).selectOption('peaks');
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toMatch(/^[\d,]+ peaks$/);
    const peaks = (await features(page, 'heatmap', 'heat')).length;
    expect(peaks).toBeGreaterThan(0);
    expect(peaks).toBeLessThan(pois.length);

    // the radius slider sets the layer's paint in place (the layer stays, its radius follows)
    await page.getByLabel(/^Radius/).fill('40');
    await expect
      .poll(() =>
        page.evaluate(() => JSON.stringify((window.__waymarkTest!.map('heatmap') as TestMap).getPaintProperty('heat', 'heatmap-radius'))),
      )
      .toContain(',14,40,');
    await mapIdle(page, 'heatmap');
    await saveShot(page, 'heatmap-peaks');
    await noAxeProblems(page, 'heatmap');
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('population density: hexagons with population, the legend, a tooltip with the largest cities', { timeout: 300_000 }, async () => {
    const { page, context, blocked } = await newPage(browser);
    await page.goto('/ui/maps/population-density');
    await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Map - Population Density');
    const map = page.locator('[data-map-handle="population-density"]');
    await expect.poll(() => map.getAttribute('data-population-res'), { timeout: 60_000 }).toMatch(/^[23]$/);
    await mapIdle(page, 'population-density');
    const cells = (await features(page, 'population-density', 'population')) as { type: string; population?: number }[];
    expect(cells.length).toBeGreaterThan(100);
    expect(cells.every((c) => c.type === 'Polygon' || c.type === 'MultiPolygon')).toBe(true);
    expect(cells.reduce((a, c) => a + (c.population ?? 0), 0)).toBeGreaterThan(1e9);
    expect(await page.locator('[data-legend]').textContent()).toMatch(/People per km²/);
    expect(await page.locator('.maplibregl-ctrl-attrib').textContent()).toMatch(/GeoNames/);

    // hover the hexagon over Paris: the tooltip names it among the largest cities
    const paris = await screenPoint(page, 'population-density', [2.35, 48.86]);
    await page.mouse.move(paris.x, paris.y);
    const tip = page.locator('[data-population-tooltip]');
    await tip.waitFor({ timeout: 15_000 });
    expect(await tip.textContent()).toMatch(/people · [\d,.]+\/km².*Paris/);
    await saveShot(page, 'population-world');
    await noAxeProblems(page, 'population-density');
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('3D buildings: Monaco extruded at a pitch, under the labels; the pitch slider moves the camera', { timeout: 300_000 }, async () => {
    const { page, context, blocked } = await newPage(browser);
    await page.goto('/ui/maps/3d-buildings');
    await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Map - 3D Buildings');
    await mapIdle(page, '3d-buildings');
    await expect
      .poll(
        () =>
          page.evaluate(
            () => (window.__waymarkTest!.map('3d-buildings') as TestMap).queryRenderedFeatures({ layers: ['buildings-3d'] }).length,
          ),
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(50);
    const order = await page.evaluate(() => {
      const ls = (window.__waymarkTest!.map('3d-buildings') as TestMap).getStyle().layers;
      return { buildings: ls.findIndex((l) => l.id === 'buildings-3d'), firstLabel: ls.findIndex((l) => l.type === 'symbol') };
    });
    expect(order.buildings).toBeGreaterThan(-1);
    expect(order.buildings).toBeLessThan(order.firstLabel);
    const pitch = () => page.evaluate(() => Math.round((window.__waymarkTest!.map('3d-buildings') as TestMap).getPitch()));
    expect(await pitch()).toBeGreaterThan(40);
    await page.getByLabel(/^Pitch/).fill('20');
    await expect.poll(pitch).toBe(20);
    await mapIdle(page, '3d-buildings');
    await saveShot(page, 'buildings-monaco');
    await noAxeProblems(page, '3d-buildings');
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('elevation: two clicks give the line and its profile with the lowest and highest point', { timeout: 300_000 }, async () => {
    const { page, context, blocked } = await newPage(browser);
    await page.goto('/ui/maps/elevation');
    await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Map - Elevation');
    // The contour source is on the map, fed by our own terrain tiles. No wait for the map to settle:
    // 3D terrain with hillshade and contours keeps software WebGL busy for a minute, and the clicks
    // need only the camera.
    await waitForMap(page, 'elevation', 120_000);
    await expect
      .poll(() => page.evaluate(() => !!(window.__waymarkTest!.map('elevation') as TestMap).getLayer('contour-lines')), { timeout: 60_000 })
      .toBe(true);
    // The 3D terrain switch takes the terrain off the map (and with it most of software WebGL's work
    // for the rest of this test: the profile comes from the server's sampler, not from the mesh).
    await expect.poll(() => page.evaluate(() => !!(window.__waymarkTest!.map('elevation') as TestMap).getTerrain())).toBe(true);
    await page.getByRole('switch', { name: '3D terrain' }).click();
    await expect.poll(() => page.evaluate(() => !!(window.__waymarkTest!.map('elevation') as TestMap).getTerrain())).toBe(false);
    // from Andorra la Vella up towards Encamp
    for (const at of [
      [1.523, 42.508],
      [1.575, 42.532],
    ] as [number, number][]) {
      const p = await screenPoint(page, 'elevation', at);
      await page.mouse.click(p.x, p.y);
    }
    await expect
      .poll(async () => (await features(page, 'elevation', 'elevation-profile')).map((f) => f.type).sort())
      .toEqual(['LineString', 'Point', 'Point']);
    const lowest = page.locator('[data-stat="Lowest"]');
    await lowest.waitFor({ timeout: 30_000 });
    const low = Number((await lowest.textContent())!.replace(/[^\d]/g, ''));
    const high = Number((await page.locator('[data-stat="Highest"]').textContent())!.replace(/[^\d]/g, ''));
    expect(low).toBeGreaterThan(900);
    expect(high).toBeGreaterThan(low);
    expect(await page.locator('[data-profile-chart]').count()).toBe(1);
    await saveShot(page, 'elevation-profile');
    await noAxeProblems(page, 'elevation');
    // on a phone the profile panel spans the width above the scale and the attribution, not over them
    expect(await coveredMapControls(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => coveredMapControls(page), { timeout: 15_000 }).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('generate route: loops compared in a table, the chosen one highlighted on the map', { timeout: 300_000 }, async () => {
    const { page, context, blocked } = await newPage(browser);
    await page.goto('/ui/maps/generate-route');
    await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Map - Generate Route');
    await mapIdle(page, 'generate-route');
    await page.getByRole('button', { name: 'Generate loops' }).click();
    const rows = page.locator('[data-loop-table] tbody tr');
    await rows.first().waitFor({ timeout: 60_000 });
    const n = await rows.count();
    expect(n).toBeGreaterThanOrEqual(1);
    const lines = (await features(page, 'generate-route', 'chat-route')) as { type: string; selected: boolean }[];
    expect(lines).toHaveLength(n);
    expect(lines.every((l) => l.type === 'LineString')).toBe(true);
    expect(lines.findIndex((l) => l.selected)).toBe(0);
    if (n > 1) {
      await page.getByRole('button', { name: 'Option 2' }).click();
      await expect.poll(async () => (await features(page, 'generate-route', 'chat-route')).findIndex((l) => l.selected === true)).toBe(1);
    }
    // the share of paths of each loop arrives from routing its waypoints
    await expect.poll(() => page.locator('[data-path-share]').first().textContent(), { timeout: 30_000 }).toMatch(/\d+ %|—/);
    await mapIdle(page, 'generate-route');
    await saveShot(page, 'generate-route-loops');
    await noAxeProblems(page, 'generate-route');
    expect(blocked).toEqual([]);
    await context.close();
  });
});
