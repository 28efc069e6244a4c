// /ui/maps/single-page (theme switch, measure, locate me, share link) and /grid (synchronised
// maps, layout chooser, per-map theme and relief) in Chromium against the built server, every
// request outside the app's origin aborted; axe and screenshots in light LTR and dark RTL on
// desktop and phone (test-results/maps/single-page-*.png, grid-*.png).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { saveShot, sweep, SWEEP_TIMEOUT } from './support/map-pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The parts of a MapLibre map these tests use. */
interface TestMap {
  getSource(id: string): { serialize(): { data: unknown } } | undefined;
  getStyle(): { layers: { id: string; type: string; paint?: Record<string, unknown> }[] };
  getCenter(): { lng: number; lat: number };
  getZoom(): number;
  getBearing(): number;
  jumpTo(o: { center?: [number, number]; zoom?: number; bearing?: number }): void;
  getTerrain(): { source: string; exaggeration: number } | null;
  getPitch(): number;
  project(p: [number, number]): { x: number; y: number };
  queryRenderedFeatures(o: { layers: string[] }): unknown[];
  once(e: string, cb: () => void): void;
  triggerRepaint(): void;
}

type Geo = { type: string; coordinates: number[] | number[][] };

/** Great-circle distance (m), computed here independently of the app (haversine, mean Earth radius). */
function haversine(a: number[], b: number[]): number {
  const r = Math.PI / 180;
  const s = Math.sin(((b[1]! - a[1]!) * r) / 2) ** 2 + Math.cos(a[1]! * r) * Math.cos(b[1]! * r) * Math.sin(((b[0]! - a[0]!) * r) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(s));
}
const km = (m: number) => `${(m / 1000).toFixed(m < 10_000 ? 2 : 1)} km`;

const camera = (page: Page, handle: string) =>
  page.evaluate((h) => {
    const m = window.__waymarkTest!.map(h) as TestMap;
    const c = m.getCenter();
    return { lng: c.lng, lat: c.lat, zoom: m.getZoom(), bearing: m.getBearing() };
  }, handle);

/** The geometries of a GeoJSON source on the map (empty when it is not there). */
const geometries = (page: Page, handle: string, source: string): Promise<Geo[]> =>
  page.evaluate(
    ({ h, s }) => {
      const data = (window.__waymarkTest!.map(h) as TestMap).getSource(s)?.serialize().data as
        { type: string; geometry?: Geo; features?: { geometry: Geo }[] } | undefined;
      if (!data) return [];
      return data.type === 'Feature' ? [data.geometry!] : (data.features ?? []).map((f) => f.geometry);
    },
    { h: handle, s: source },
  );

/** Where [lon, lat] is on the page. */
async function screenPoint(page: Page, handle: string, at: [number, number]) {
  const p = await page.evaluate(({ h, at }) => (window.__waymarkTest!.map(h) as TestMap).project(at), { h: handle, at });
  const box = (await page.locator(`[data-map-handle="${handle}"] .maplibregl-canvas`).boundingBox())!;
  return { x: box.x + p.x, y: box.y + p.y };
}

const ready = (page: Page, handle: string, extra = '') =>
  page.locator(`[data-map-handle="${handle}"][data-map-ready="true"]${extra}`).waitFor({ timeout: 120_000 });

/** The background colour the map's style paints (changes with the basemap theme). */
const background = (page: Page, handle: string) =>
  page.evaluate(
    (h) => (window.__waymarkTest!.map(h) as TestMap).getStyle().layers.find((l) => l.id === 'background')?.paint?.['background-color'],
    handle,
  );

const FAKE_POSITION = { longitude: 1.5346, latitude: 42.5078, accuracy: 40 };
/** Three points in Andorra la Vella – Escaldes, away from the tools panel at the map's start corner. */
const MEASURE: [number, number][] = [
  [1.5255, 42.5075],
  [1.5335, 42.5105],
  [1.5402, 42.5045],
];

describe('/ui/maps/single-page', () => {
  it('switches the basemap theme, measures, locates, and its link reopens the same view', { timeout: 300_000 }, async () => {
    const { page, context, blocked } = await newPage(browser, {
      geolocation: FAKE_POSITION,
      permissions: ['geolocation'],
      colorScheme: 'light',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/ui/maps/single-page');
      await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Map - Single Page');
      await ready(page, 'single-page', '[data-theme="light"]');

      // basemap theme: Dark swaps the style to the dark flavour (the app stays light), kept for the next visit
      const lightBg = await background(page, 'single-page');
      await page.getByRole('group', { name: 'Basemap theme' }).getByRole('button', { name: 'Dark' }).click();
      await ready(page, 'single-page', '[data-theme="dark"]');
      const darkBg = await background(page, 'single-page');
      expect(darkBg).not.toEqual(lightBg);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('waymark:single-page:theme'))).toBe('dark');
      await expect.poll(() => new URL(page.url()).searchParams.get('theme')).toBe('dark');

      // measure: three clicks, each segment and the total computed here from the clicked points
      await page.evaluate(() => (window.__waymarkTest!.map('single-page') as TestMap).jumpTo({ center: [1.534, 42.508], zoom: 14.5 }));
      await page.getByRole('button', { name: 'Measure' }).click();
      for (const p of MEASURE) {
        const at = await screenPoint(page, 'single-page', p);
        await page.mouse.click(at.x, at.y);
      }
      await expect.poll(async () => (await geometries(page, 'single-page', 'measure')).length).toBe(4);
      const line = (await geometries(page, 'single-page', 'measure')).find((g) => g.type === 'LineString')!.coordinates as number[][];
      expect(line).toHaveLength(3);
      line.forEach((p, i) => {
        expect(p[0]).toBeCloseTo(MEASURE[i]![0], 3);
        expect(p[1]).toBeCloseTo(MEASURE[i]![1], 3);
      });
      const total3 = haversine(line[0]!, line[1]!) + haversine(line[1]!, line[2]!);
      expect(total3).toBeGreaterThan(1500);
      const total = page.getByTestId('measure-total');
      await expect.poll(() => total.textContent()).toBe(km(total3));
      const segments = page.getByRole('list', { name: 'Segments' }).getByRole('listitem');
      expect(await segments.count()).toBe(2);
      expect(await segments.nth(1).textContent()).toContain(km(haversine(line[1]!, line[2]!)));
      // keyboard (the map has focus after the clicks): Backspace removes the last point, Escape ends
      await page.locator('[data-map-handle="single-page"] .maplibregl-canvas').focus();
      await page.keyboard.press('Backspace');
      await expect.poll(() => total.textContent()).toBe(km(haversine(line[0]!, line[1]!)));
      await page.keyboard.press('Escape');
      expect(await page.getByRole('button', { name: 'Measure' }).getAttribute('aria-pressed')).toBe('false');
      const after = await screenPoint(page, 'single-page', MEASURE[2]!);
      await page.mouse.click(after.x, after.y);
      expect((await geometries(page, 'single-page', 'measure')).length).toBe(3); // line + 2 points: ended, nothing added
      // miles, as the unit toggle says
      await page.getByRole('group', { name: 'Units' }).getByRole('button', { name: 'mi' }).click();
      expect(await total.textContent()).toBe(`${(haversine(line[0]!, line[1]!) / 1609.344).toFixed(2)} mi`);
      await page.getByRole('group', { name: 'Units' }).getByRole('button', { name: 'km' }).click();

      // locate me: the dot at the browser's (fake) position, and the map goes there
      await page.getByRole('button', { name: 'Locate me' }).click();
      await page.getByTestId('locate-status').waitFor();
      expect(await page.getByTestId('locate-status').textContent()).toContain('40 m');
      const dot = (await geometries(page, 'single-page', 'locate'))[0]!.coordinates as number[];
      expect(dot[0]).toBeCloseTo(FAKE_POSITION.longitude, 6);
      expect(dot[1]).toBeCloseTo(FAKE_POSITION.latitude, 6);
      await expect
        .poll(
          async () => {
            const c = await camera(page, 'single-page');
            return Math.abs(c.lng - FAKE_POSITION.longitude) + Math.abs(c.lat - FAKE_POSITION.latitude);
          },
          { timeout: 30_000 },
        )
        .toBeLessThan(1e-4);
      await expect
        .poll(
          () =>
            page.evaluate(
              () => (window.__waymarkTest!.map('single-page') as TestMap).queryRenderedFeatures({ layers: ['locate-dot'] }).length,
            ),
          {
            timeout: 60_000,
          },
        )
        .toBeGreaterThan(0);

      // share: a turned camera, then "Copy link"
      await page.evaluate(() =>
        (window.__waymarkTest!.map('single-page') as TestMap).jumpTo({ center: [1.531, 42.509], zoom: 15.25, bearing: 20 }),
      );
      await page.getByRole('button', { name: 'Copy link' }).click();
      const link = await page.getByRole('textbox', { name: 'Link to this view' }).inputValue();
      expect(link).toContain('/ui/maps/single-page?');
      await saveShot(page, 'single-page-tools-desktop-light-ltr');

      // the link in a fresh context (no stored theme) restores centre, zoom, bearing, theme and line
      const other = await newPage(browser, { colorScheme: 'light' });
      try {
        await other.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
        await ready(other.page, 'single-page', '[data-theme="dark"]');
        const c = await camera(other.page, 'single-page');
        expect(c.lng).toBeCloseTo(1.531, 4);
        expect(c.lat).toBeCloseTo(42.509, 4);
        expect(c.zoom).toBeCloseTo(15.25, 2);
        expect(c.bearing).toBeCloseTo(20, 1);
        const shared = (await geometries(other.page, 'single-page', 'measure')).find((g) => g.type === 'LineString')!
          .coordinates as number[][];
        expect(shared).toHaveLength(2);
        shared.forEach((p, i) => {
          expect(p[0]).toBeCloseTo(line[i]![0]!, 5);
          expect(p[1]).toBeCloseTo(line[i]![1]!, 5);
        });
        expect(await other.page.getByTestId('measure-total').textContent()).toBe(km(haversine(line[0]!, line[1]!)));
        expect(other.blocked).toEqual([]);
      } finally {
        await other.context.close();
      }
      expect(blocked).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens a hand-edited link with bad values at the defaults, and says so when location is refused', { timeout: 180_000 }, async () => {
    const { page, context, blocked } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await context.clearPermissions();
      await page.goto('/ui/maps/single-page?region=atlantis&lng=1.55&lat=999&zoom=banana&theme=sepia&line=%7B%7B%7B&bearing=12');
      await ready(page, 'single-page');
      expect(await page.getByRole('button', { name: 'Andorra' }).getAttribute('aria-pressed')).toBe('true');
      // the URL now carries the view on show: no trace of the bad values
      await expect.poll(() => new URL(page.url()).searchParams.get('region')).toBe('andorra');
      const params = new URL(page.url()).searchParams;
      expect(params.get('theme')).toBeNull();
      expect(params.get('line')).toBeNull();
      expect(Number(params.get('lat'))).toBeLessThan(43);
      expect((await camera(page, 'single-page')).bearing).toBeCloseTo(12, 1);
      await page.getByRole('button', { name: 'Locate me' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'refused' }).count(), { timeout: 30_000 }).toBe(1);
      expect(await geometries(page, 'single-page', 'locate')).toEqual([]);
      expect(blocked).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('/grid', () => {
  it(
    'keeps the maps on one camera; the layout chooser adds maps; each map’s toggles change only that map; a phone shows two',
    { timeout: 300_000 },
    async () => {
      const { page, context, blocked } = await newPage(browser, { colorScheme: 'light' });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.goto('/grid');
        await ready(page, 'grid-1');
        await ready(page, 'grid-2');
        expect(await page.locator('[data-grid-map]').count()).toBe(2);
        // side by side on a desktop
        const [b1, b2] = [
          (await page.locator('[data-grid-map="1"]').boundingBox())!,
          (await page.locator('[data-grid-map="2"]').boundingBox())!,
        ];
        expect(b2.x).toBeGreaterThan(b1.x + b1.width - 2);
        expect(Math.abs(b1.y - b2.y)).toBeLessThan(1);

        // move map 1 from code: map 2 follows in the same frame
        await page.evaluate(() =>
          (window.__waymarkTest!.map('grid-1') as TestMap).jumpTo({ center: [1.5772, 42.5433], zoom: 13.3, bearing: 15 }),
        );
        const c2 = await camera(page, 'grid-2');
        expect(c2.lng).toBeCloseTo(1.5772, 6);
        expect(c2.lat).toBeCloseTo(42.5433, 6);
        expect(c2.zoom).toBeCloseTo(13.3, 6);
        expect(c2.bearing).toBeCloseTo(15, 6);

        // drag map 2 with the mouse: map 1 ends where map 2 ends
        const box = (await page.locator('[data-map-handle="grid-2"] .maplibregl-canvas').boundingBox())!;
        const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        for (let i = 1; i <= 8; i++) await page.mouse.move(from.x - 15 * i, from.y + 8 * i);
        await page.mouse.up();
        await expect
          .poll(async () => {
            const [a, b] = [await camera(page, 'grid-1'), await camera(page, 'grid-2')];
            return {
              moved: Math.abs(b.lng - 1.5772) > 1e-3,
              same: Math.abs(a.lng - b.lng) + Math.abs(a.lat - b.lat) + Math.abs(a.zoom - b.zoom),
            };
          })
          .toEqual({ moved: true, same: 0 });

        // layout 2×2: four maps, the new ones on the shared camera, kept in the URL
        await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: '2×2' }).click();
        await expect.poll(() => page.locator('[data-grid-map]').count()).toBe(4);
        await expect.poll(() => new URL(page.url()).searchParams.get('layout')).toBe('2x2');
        await ready(page, 'grid-3');
        await ready(page, 'grid-4');
        const [c1, c4] = [await camera(page, 'grid-1'), await camera(page, 'grid-4')];
        expect(c4.lng).toBeCloseTo(c1.lng, 6);
        expect(c4.zoom).toBeCloseTo(c1.zoom, 6);
        await page.evaluate(() => (window.__waymarkTest!.map('grid-4') as TestMap).jumpTo({ center: [1.52, 42.5], zoom: 12 }));
        for (const h of ['grid-1', 'grid-2', 'grid-3']) expect((await camera(page, h)).zoom).toBeCloseTo(12, 6);

        // map 3's theme: only map 3 turns dark
        const themes = () => page.locator('[data-map-handle^="grid-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-theme')));
        expect(await themes()).toEqual(['light', 'dark', 'light', 'dark']);
        await page.getByRole('group', { name: 'Map 3 theme' }).getByRole('button', { name: 'Dark' }).click();
        await expect.poll(themes).toEqual(['light', 'dark', 'dark', 'dark']);
        // map 1's relief off: its hillshade layer goes, map 2's relief (off) and map 4's stay as they were
        const hillshade = (h: string) =>
          page.evaluate((x) => (window.__waymarkTest!.map(x) as TestMap).getStyle().layers.some((l) => l.type === 'hillshade'), h);
        expect(await hillshade('grid-1')).toBe(true);
        await page.getByRole('switch', { name: 'Map 2 relief' }).click();
        await expect.poll(() => hillshade('grid-2'), { timeout: 60_000 }).toBe(true);
        await page.getByRole('switch', { name: 'Map 1 relief' }).click();
        await expect.poll(() => hillshade('grid-1'), { timeout: 60_000 }).toBe(false);
        expect(await hillshade('grid-2')).toBe(true);
        expect(await hillshade('grid-4')).toBe(false);
        expect(new URL(page.url()).searchParams.get('themes')).toBe('lddd');

        // map 4's 3D terrain: only map 4 gets the terrain; the shared camera tilts so it shows
        const terrain = (h: string) => page.evaluate((x) => (window.__waymarkTest!.map(x) as TestMap).getTerrain()?.source ?? null, h);
        await page.getByRole('switch', { name: 'Map 4 3D terrain' }).click();
        await expect.poll(() => terrain('grid-4'), { timeout: 60_000 }).toBe('terrain');
        expect([await terrain('grid-1'), await terrain('grid-2'), await terrain('grid-3')]).toEqual([null, null, null]);
        expect(new URL(page.url()).searchParams.get('terrain')).toBe('0001');
        await expect.poll(() => page.evaluate(() => (window.__waymarkTest!.map('grid-1') as TestMap).getPitch())).toBeGreaterThan(20);

        // a phone: no layout chooser, the first two of the four maps one above the other, and a note
        await page.setViewportSize({ width: 390, height: 844 });
        await expect.poll(() => page.locator('[data-grid-map]').count()).toBe(2);
        expect(await page.getByRole('group', { name: 'Layout' }).count()).toBe(0);
        await page.getByTestId('grid-phone-note').getByText('a phone shows the first 2').waitFor();
        const [p1, p2] = [
          (await page.locator('[data-grid-map="1"]').boundingBox())!,
          (await page.locator('[data-grid-map="2"]').boundingBox())!,
        ];
        expect(p2.y).toBeGreaterThan(p1.y + p1.height - 2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

        // back home
        expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
        expect(blocked).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('single page and grid: axe and screenshots, light LTR and dark RTL, desktop and phone', () => {
  // the three measure points above, as the page encodes them (drawn for the screenshots)
  const line = '{fmbGk}hHwQ_q@nd@{h@';

  it('single page', { timeout: SWEEP_TIMEOUT }, async () => {
    const problems = await sweep(
      browser,
      'single-page',
      `/ui/maps/single-page?lng=1.534&lat=42.508&zoom=14&line=${encodeURIComponent(line)}`,
      (page) => ready(page, 'single-page'),
    );
    expect(problems).toEqual([]);
  });

  it('grid', { timeout: SWEEP_TIMEOUT }, async () => {
    // two maps (the four of 2×2 are checked above; software WebGL makes each map count)
    const problems = await sweep(browser, 'grid', '/grid?layout=1x2', async (page) => {
      for (const h of ['grid-1', 'grid-2']) await ready(page, h);
    });
    expect(problems).toEqual([]);
  });
});
