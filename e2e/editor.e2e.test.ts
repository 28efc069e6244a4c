// The Project Map Editor's scratch map (/explorer without a project) in Chromium: drawing with
// live measurements, undo/redo, the keyboard toolbar, GPX import into a new layer, a malformed file
// refused with nothing changed, GeoJSON export that round-trips, the properties table, axe in light
// and dark, LTR and RTL, and screenshots at 1280 and 390 px.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, WCAG21 } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import type { EditorSnap } from './support/editor.ts';
import { waitForMap } from './support/map-handle.ts';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'waymark-editor-shots');

type Snap = EditorSnap;

const snap = (page: Page) =>
  page.evaluate(() => {
    const s = window.__waymarkEditor?.get()?.getSnapshot();
    return s ? { layers: s.layers.map((l) => ({ id: l.id, name: l.name })), features: s.features.map((f) => ({ ...f })) } : null;
  }) as Promise<Snap | null>;

/** Centre of the map in page pixels. */
async function mapCentre(page: Page) {
  const box = (await page.locator('[data-map-handle="map-editor"]').boundingBox())!;
  return { x: box.x + box.width / 2 - 150, y: box.y + box.height / 2 };
}

async function openScratch(page: Page) {
  await page.goto('/explorer');
  await waitForMap(page, 'map-editor', 60_000);
  await page.waitForFunction(() => (window.__waymarkTest?.map('map-editor') as { loaded(): boolean } | undefined)?.loaded(), null, {
    timeout: 60_000,
  });
  await poll(() => snap(page).then((s) => s !== null)).toBe(true);
}

const GPX = `<?xml version="1.0"?>
<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Club loop</name></metadata>
  <wpt lat="42.507" lon="1.523"><name>Water</name></wpt>
  <trk><name>Loop</name><trkseg><trkpt lat="42.5" lon="1.5"/><trkpt lat="42.505" lon="1.51"/><trkpt lat="42.51" lon="1.52"/></trkseg></trk>
</gpx>`;

describe('map editor: scratch map', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'draws with live measurements, undoes and redoes, imports GPX as a layer, refuses a malformed file, and exports GeoJSON that round-trips',
    { timeout: 300_000 },
    async () => {
      const { page, context } = await newPage(browser, { acceptDownloads: true });
      await openScratch(page);
      await expect(page.title()).resolves.toBe('Project Map Editor');
      await page.getByRole('heading', { level: 1, name: 'Project Map Editor' }).waitFor();

      // Polygon by keyboard shortcut; the area shows while drawing; closing it writes one feature.
      await page.keyboard.press('p');
      await poll(() => page.locator('[data-testid="map-editor"]').getAttribute('data-tool')).toBe('polygon');
      const c = await mapCentre(page);
      const pts = [
        [-80, -60],
        [60, -70],
        [70, 50],
        [-60, 60],
      ];
      for (const [dx, dy] of pts) {
        await page.mouse.click(c.x + dx!, c.y + dy!);
        await page.waitForTimeout(120);
      }
      await page.mouse.move(c.x - 20, c.y + 80, { steps: 3 });
      await poll(() => page.getByTestId('measurement').textContent()).toMatch(/Area .*(ha|km²|m²).*Perimeter/);
      await page.mouse.click(c.x - 80, c.y - 60);
      await poll(() => snap(page).then((s) => s?.features.length)).toBe(1);
      const s1 = (await snap(page))!;
      expect(s1.features[0]!.geometry.type).toBe('Polygon');
      expect(s1.layers.map((l) => l.name)).toEqual(['Layer 1']);

      // A line by the toolbar (keyboard: roving focus), finished with Enter.
      await page.locator('[role="toolbar"] button[tabindex="0"]').focus();
      await page.keyboard.press('ArrowUp'); // from polygon to line
      await expect(page.evaluate(() => document.activeElement?.getAttribute('data-tool'))).resolves.toBe('linestring');
      await page.keyboard.press('Enter');
      await poll(() => page.locator('[data-testid="map-editor"]').getAttribute('data-tool')).toBe('linestring');
      await page.mouse.click(c.x - 200, c.y + 120);
      await page.mouse.click(c.x - 120, c.y + 160);
      await page.mouse.move(c.x - 60, c.y + 100, { steps: 3 });
      await poll(() => page.getByTestId('measurement').textContent()).toMatch(/Length/);
      await page.mouse.click(c.x - 60, c.y + 100);
      await page.keyboard.press('Enter');
      await poll(() => snap(page).then((s) => s?.features.length)).toBe(2);

      // The measure tool adds nothing.
      await page.keyboard.press('d');
      await page.mouse.click(c.x + 100, c.y + 120);
      await page.mouse.move(c.x + 180, c.y + 160, { steps: 3 });
      await poll(() => page.getByTestId('measurement').textContent()).toMatch(/Length/);
      await page.mouse.dblclick(c.x + 180, c.y + 160);
      await page.waitForTimeout(300);
      expect((await snap(page))!.features).toHaveLength(2);

      // Undo (button and keys) and redo.
      await page.keyboard.press('v');
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await poll(() => snap(page).then((s) => s?.features.length)).toBe(1);
      await page.keyboard.press('Control+Shift+Z');
      await poll(() => snap(page).then((s) => s?.features.length)).toBe(2);
      await page.keyboard.press('Control+z');
      await poll(() => snap(page).then((s) => s?.features.length)).toBe(1);
      await page.keyboard.press('Control+y');
      await poll(() => snap(page).then((s) => s?.features.length)).toBe(2);

      // Select the polygon on the map: the feature panel; name it from the panel.
      await page.mouse.click(c.x, c.y);
      await page.getByTestId('feature-panel').waitFor();
      const nameInput = page.getByTestId('feature-panel').getByRole('textbox', { name: 'name', exact: true });
      await nameInput.fill('Meadow');
      await nameInput.press('Enter');
      await poll(() => snap(page).then((s) => s?.features.find((f) => f.geometry.type === 'Polygon')?.properties.name)).toBe('Meadow');
      await page.screenshot({ path: path.join(SHOTS, 'editor-1280-selected.png') });

      // GPX import → a new layer named after the file's own name, properties kept.
      await page.getByTestId('import-input').setInputFiles({ name: 'club.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(GPX) });
      await poll(() => snap(page).then((s) => s?.layers.map((l) => l.name))).toEqual(['Layer 1', 'Club loop']);
      const afterGpx = (await snap(page))!;
      const gpxLayer = afterGpx.layers[1]!.id;
      expect(
        afterGpx.features
          .filter((f) => f.layerId === gpxLayer)
          .map((f) => f.properties.name)
          .sort(),
      ).toEqual(['Loop', 'Water']);

      // The properties table of the imported layer; a row click selects its feature.
      await page.getByRole('button', { name: 'Clear the selection' }).click();
      await page.getByRole('tab', { name: 'Table' }).click();
      const table = page.getByRole('table', { name: 'Properties of Club loop' });
      await table.waitFor();
      await table.getByRole('button', { name: 'Select feature 1 on the map' }).click();
      await poll(() => page.evaluate(() => document.querySelector('[data-feature-row][data-state="selected"]') !== null)).toBe(true);

      // A malformed file: a clear error and nothing changed.
      const before = JSON.stringify(await snap(page));
      await page
        .getByTestId('import-input')
        .setInputFiles({ name: 'broken.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('<gpx><trk><trkseg><trkpt lat="42"') });
      await page.getByText(/broken\.gpx: malformed GPX/).waitFor();
      expect(JSON.stringify(await snap(page))).toBe(before);

      // Export the whole map as GeoJSON; importing the file again gives the same features.
      await page.getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'GeoJSON' }).first().click(),
      ]);
      const file = path.join(SHOTS, download.suggestedFilename());
      await download.saveAs(file);
      const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        type: string;
        features: { geometry: unknown; properties: Record<string, unknown> }[];
      };
      expect(exported.type).toBe('FeatureCollection');
      expect(exported.features).toHaveLength(4);
      await page
        .getByTestId('import-input')
        .setInputFiles({ name: 'again.geojson', mimeType: 'application/geo+json', buffer: fs.readFileSync(file) });
      await poll(() => snap(page).then((s) => s?.layers.length)).toBe(3);
      const again = (await snap(page))!;
      const third = again.layers[2]!.id;
      const orig = again.features.filter((f) => f.layerId !== third).map((f) => JSON.stringify([f.geometry, f.properties.name ?? null]));
      const copy = again.features.filter((f) => f.layerId === third).map((f) => JSON.stringify([f.geometry, f.properties.name ?? null]));
      expect(copy.sort()).toEqual(orig.sort());

      // The scratch map is kept in the browser: a reload brings it back.
      await page.reload();
      await openScratch(page);
      await poll(() => snap(page).then((s) => s?.features.length)).toBe(8);
      await context.close();
    },
  );

  it(
    'is usable on a phone (tools in a bottom bar, panels in a sheet) and passes axe in light and dark, LTR and RTL',
    { timeout: 360_000 }, // four page loads with axe each, on software GL
    async () => {
      const problems: string[] = [];
      for (const v of [
        { mode: 'light', dir: 'ltr', width: 1280, height: 800 },
        { mode: 'dark', dir: 'ltr', width: 390, height: 844 },
        { mode: 'light', dir: 'rtl', width: 390, height: 844 },
        { mode: 'dark', dir: 'rtl', width: 1280, height: 800 },
      ] as const) {
        const { page, context } = await newPage(browser, { colorScheme: v.mode, viewport: { width: v.width, height: v.height } });
        await page.addInitScript(({ mode, dir }) => {
          localStorage.setItem('waymark:color-mode', mode);
          localStorage.setItem('waymark:app-settings', JSON.stringify({ dir, sidebar: { collapsible: 'offcanvas', variant: 'sidebar' } }));
        }, v);
        await openScratch(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(v.dir);
        // something to look at: a layer with a feature, selected
        await page.evaluate(() => {
          const st = window.__waymarkEditor!.get() as unknown as {
            layerForDrawing(): string;
            map: { addFeature(f: unknown): string };
            select(id: string): void;
          };
          const layer = st.layerForDrawing();
          const id = st.map.addFeature({
            layerId: layer,
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [1.52, 42.5],
                  [1.54, 42.5],
                  [1.54, 42.515],
                  [1.52, 42.515],
                  [1.52, 42.5],
                ],
              ],
            },
            properties: { name: 'Start area' },
          });
          st.select(id);
        });
        const phone = v.width < 768;
        if (phone) {
          // tools sit in a bottom bar; the selection opened the panel sheet
          const bar = (await page.locator('[role="toolbar"][aria-label="Drawing tools"]').boundingBox())!;
          expect(bar.y + bar.height).toBeGreaterThan(v.height - 80);
          // the map's scale and attribution ("© OpenStreetMap contributors") stay above the bar, readable
          for (const control of ['.maplibregl-ctrl-attrib', '.maplibregl-ctrl-scale']) {
            const box = (await page.locator(control).boundingBox())!;
            expect(box.y + box.height, control).toBeLessThanOrEqual(bar.y + 1);
          }
          await page.getByRole('dialog').waitFor();
        }
        await page.waitForTimeout(500);
        await page.screenshot({ path: path.join(SHOTS, `editor-${v.width}-${v.mode}-${v.dir}.png`) });
        problems.push(...(await axeProblems(page, `${v.mode}/${v.dir}/${v.width}`, { tags: WCAG21 })));
        await context.close();
      }
      expect(problems).toEqual([]);
    },
  );
});
