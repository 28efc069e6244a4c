// The Andorra map rendered offline (every non-origin request aborted) in light and dark mode,
// with pixel checks that roads and labels were actually drawn.
import { decode } from 'fast-png';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import './support/map-handle.ts';

/** The parts of the demo page's MapLibre map (`window.__waymarkTest.map()`, see support/map-handle.ts) these tests use. */
interface DemoMap {
  once(event: 'idle', cb: () => void): void;
  triggerRepaint(): void;
  jumpTo(o: { center: [number, number]; zoom: number }): void;
  getStyle(): { layers: { id: string; type: string; 'source-layer'?: string }[] };
  setLayoutProperty(id: string, key: string, value: string): void;
  getCenter(): { toArray(): [number, number] };
  getZoom(): number;
  queryRenderedFeatures(o: { layers: string[] }): { properties: Record<string, unknown> }[];
}

interface Shot {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray | Uint16Array;
  channels: number;
}

async function shot(page: Page): Promise<Shot> {
  const png = decode(await page.locator('[data-region]').screenshot());
  return { width: png.width, height: png.height, data: png.data, channels: png.channels };
}

/** share of pixels that differ noticeably between two screenshots */
function diffShare(a: Shot, b: Shot): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let n = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    const o = i * a.channels;
    const d = Math.abs(a.data[o]! - b.data[o]!) + Math.abs(a.data[o + 1]! - b.data[o + 1]!) + Math.abs(a.data[o + 2]! - b.data[o + 2]!);
    if (d > 30) n++;
  }
  return n / (a.width * a.height);
}

function meanLuminance(s: Shot): number {
  let sum = 0;
  for (let i = 0; i < s.width * s.height; i++) {
    const o = i * s.channels;
    sum += 0.2126 * s.data[o]! + 0.7152 * s.data[o + 1]! + 0.0722 * s.data[o + 2]!;
  }
  return sum / (s.width * s.height);
}

/** wait for the map to finish rendering after a change */
const settle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const m = window.__waymarkTest!.map() as DemoMap;
        m.once('idle', () => resolve());
        m.triggerRepaint();
      }),
  );

async function setVisibility(page: Page, what: 'roads' | 'labels', visible: boolean) {
  await page.evaluate(
    ([kind, vis]) => {
      const m = window.__waymarkTest!.map() as DemoMap;
      for (const l of m.getStyle().layers) {
        const isRoad = l.type === 'line' && 'source-layer' in l && l['source-layer'] === 'roads';
        const isLabel = l.type === 'symbol';
        if ((kind === 'roads' && isRoad) || (kind === 'labels' && isLabel))
          m.setLayoutProperty(l.id, 'visibility', vis ? 'visible' : 'none');
      }
    },
    [what, visible] as const,
  );
  await settle(page);
}

/** How much of the picture the road lines and the labels account for. */
async function contributions(page: Page) {
  const all = await shot(page);
  await setVisibility(page, 'roads', false);
  const noRoads = await shot(page);
  await setVisibility(page, 'roads', true);
  await setVisibility(page, 'labels', false);
  const noLabels = await shot(page);
  await setVisibility(page, 'labels', true);
  return { all, roads: diffShare(all, noRoads), labels: diffShare(all, noLabels) };
}

describe('region map (Andorra) offline', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws roads and labels in light and dark mode and keeps the camera across the switch', async () => {
    const { page, context, blocked } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem('waymark:color-mode', '"light"'));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // every icon the style names exists (the sprite sheet, or drawn for the kinds it lacks)
    const missingImages: string[] = [];
    page.on('console', (m) => {
      if (/could not be loaded/.test(m.text())) missingImages.push(m.text());
    });
    await page.goto('/ui/maps/single-page');
    await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Map - Single Page');
    await page.waitForSelector('[data-region="andorra"][data-map-ready="true"]', { timeout: 60_000 });
    // keep transient overlays (toasts, floating buttons) out of the pixel comparisons
    await page.addStyleTag({
      content: '[data-sonner-toaster], [data-sonner-toast], body > button, [role="status"] { display: none !important; }',
    });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.evaluate(() => (window.__waymarkTest!.map() as DemoMap).jumpTo({ center: [1.5235, 42.5075], zoom: 14.5 }));
    await settle(page);
    expect(await page.getByText('© OpenStreetMap contributors').first().isVisible()).toBe(true);

    const light = await contributions(page);
    expect(light.roads, 'share of pixels drawn by road layers (light)').toBeGreaterThan(0.01);
    expect(light.labels, 'share of pixels drawn by labels (light)').toBeGreaterThan(0.002);

    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.waitForSelector('[data-region="andorra"][data-theme="dark"][data-map-ready="true"]', { timeout: 60_000 });
    await settle(page);
    const cam = await page.evaluate(() => ({
      c: (window.__waymarkTest!.map() as DemoMap).getCenter().toArray(),
      z: (window.__waymarkTest!.map() as DemoMap).getZoom(),
    }));
    expect(cam.c[0]).toBeCloseTo(1.5235, 4);
    expect(cam.c[1]).toBeCloseTo(42.5075, 4);
    expect(cam.z).toBeCloseTo(14.5, 5);
    const dark = await contributions(page);
    console.info(
      `pixel shares — light: roads ${(light.roads * 100).toFixed(1)} %, labels ${(light.labels * 100).toFixed(1)} %; dark: roads ${(dark.roads * 100).toFixed(1)} %, labels ${(dark.labels * 100).toFixed(1)} %`,
    );
    expect(dark.roads, 'share of pixels drawn by road layers (dark)').toBeGreaterThan(0.01);
    expect(dark.labels, 'share of pixels drawn by labels (dark)').toBeGreaterThan(0.002);
    expect(meanLuminance(dark.all)).toBeLessThan(meanLuminance(light.all) - 60);

    // Encamp's centre: the foot network's own layers and the POIs (cafés, restaurants, bars) drawn
    await page.evaluate(() => (window.__waymarkTest!.map() as DemoMap).jumpTo({ center: [1.5805, 42.534], zoom: 16 }));
    await settle(page);
    const rendered = await page.evaluate(() => {
      const m = window.__waymarkTest!.map() as DemoMap;
      return {
        paths: m.queryRenderedFeatures({ layers: ['trail-path'] }).length,
        pois: m.queryRenderedFeatures({ layers: ['pois'] }).map((f) => f.properties.kind as string),
      };
    });
    expect(rendered.paths).toBeGreaterThan(0);
    expect(rendered.pois).toEqual(expect.arrayContaining(['restaurant']));
    expect(missingImages).toEqual([]);

    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws land as land outside the region (the world layer), and the sea as sea', async () => {
    const { page, context, blocked } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem('waymark:color-mode', '"light"'));
    await page.goto('/ui/maps/single-page');
    await page.waitForSelector('[data-region="andorra"][data-map-ready="true"]', { timeout: 60_000 });
    await page.addStyleTag({
      content: '[data-sonner-toaster], [data-sonner-toast], body > button, [role="status"] { display: none !important; }',
    });
    const colours = await page.evaluate(() => {
      const layers = (window.__waymarkTest!.map() as DemoMap).getStyle().layers as { id: string; paint?: Record<string, string> }[];
      return {
        earth: layers.find((l) => l.id === 'world-earth')!.paint!['fill-color']!,
        water: layers.find((l) => l.id === 'background')!.paint!['background-color']!,
      };
    });
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const centre = async (lonLat: [number, number]) => {
      await page.evaluate((c) => (window.__waymarkTest!.map() as DemoMap).jumpTo({ center: c, zoom: 10 }), lonLat);
      await settle(page);
      const s = await shot(page);
      const o = (Math.floor(s.height / 2) * s.width + Math.floor(s.width / 2)) * s.channels;
      return [s.data[o]!, s.data[o + 1]!, s.data[o + 2]!];
    };
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 6);
    // Lleida province, ~60 km from Andorra: no detailed tiles there at zoom 10
    expect(near(await centre([0.9, 41.9]), rgb(colours.earth)), 'inland Spain is land').toBe(true);
    // the Mediterranean off Tarragona
    expect(near(await centre([1.6, 40.7]), rgb(colours.water)), 'the sea is sea').toBe(true);
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('searches places (accent-insensitive) and switches regions', async () => {
    const { page, context, blocked } = await newPage(browser);
    await page.goto('/ui/maps/single-page');
    await page.waitForSelector('[data-region="andorra"][data-map-ready="true"]', { timeout: 60_000 });
    await page.getByLabel('Search places').fill('sant julia');
    const option = page.getByRole('option').filter({ hasText: 'Sant Julià de Lòria' });
    await option.first().click();
    await expect
      .poll(async () => page.evaluate(() => (window.__waymarkTest!.map() as DemoMap).getCenter().toArray()[1]), { timeout: 15_000 })
      .toBeCloseTo(42.46, 1);
    await page.getByRole('button', { name: 'Monaco' }).click();
    await page.waitForSelector('[data-region="monaco"][data-map-ready="true"]', { timeout: 60_000 });
    const c = await page.evaluate(() => (window.__waymarkTest!.map() as DemoMap).getCenter().toArray());
    expect(c[0]).toBeCloseTo(7.42, 1);
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('answers /run?region=narnia with a "no such region" page listing the regions, without errors', async () => {
    const { page, context, blocked } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const graphs: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/graph')) graphs.push(r.url());
    });
    await page.goto('/run?region=narnia');
    await page.getByRole('heading', { name: 'No region called “narnia”', level: 1 }).waitFor({ timeout: 30_000 });
    const links = page.getByRole('list', { name: 'Regions on this server' }).getByRole('link');
    expect(await links.allTextContents()).toEqual(expect.arrayContaining(['Andorra', 'Monaco']));
    expect(await links.filter({ hasText: 'Monaco' }).getAttribute('href')).toBe('/run?region=monaco');
    // no map, no routing worker fetching a graph that does not exist
    expect(await page.locator('[data-region]').count()).toBe(0);
    expect(graphs).toEqual([]);
    expect(errors).toEqual([]);
    // the installed app's planner offers its own links
    await page.goto('/run-app?region=narnia');
    await page.getByRole('heading', { name: 'No region called “narnia”', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: 'Andorra' }).getAttribute('href')).toBe('/run-app?region=andorra');
    expect(errors).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('draws the basemap with the network off after one online visit (service worker keeps the region files)', async () => {
    const { page, context } = await newPage(browser, { serviceWorkers: 'allow' });
    await page.goto('/ui/maps/single-page');
    // wait until the service worker controls the page, then load the map under its control
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    await page.reload();
    await page.waitForSelector('[data-region="andorra"][data-map-ready="true"]', { timeout: 60_000 });
    // the map fetched the whole region files once, so the worker's tile cache holds them — under
    // URLs that carry the pack version, so a rebuilt pack is never answered from this copy
    const version = await page.evaluate(
      async () =>
        ((await (await fetch('/api/regions')).json()) as { regions: { name: string; version: string }[] }).regions.find(
          (r) => r.name === 'andorra',
        )!.version,
    );
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const cache = await caches.open('waymark-tiles');
            return (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search).sort();
          }),
        { timeout: 60_000 },
      )
      .toEqual(['basemap.pmtiles', 'graph.bin', 'places.json', 'terrain.pmtiles'].map((f) => `/tiles/andorra/${f}?v=${version}`));

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('[data-region="andorra"][data-map-ready="true"]', { timeout: 60_000 });
    await page.addStyleTag({
      content: '[data-sonner-toaster], [data-sonner-toast], body > button, [role="status"] { display: none !important; }',
    });
    await page.evaluate(() => (window.__waymarkTest!.map() as DemoMap).jumpTo({ center: [1.5235, 42.5075], zoom: 14.5 }));
    await settle(page);
    const offline = await contributions(page);
    expect(offline.roads, 'share of pixels drawn by road layers while offline').toBeGreaterThan(0.01);
    expect(offline.labels, 'share of pixels drawn by labels while offline').toBeGreaterThan(0.002);
    await context.close();
  });
});
