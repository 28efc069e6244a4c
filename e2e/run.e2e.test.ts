// The Running Route Planner on Andorra in Chromium: plan by clicking, undo/redo, loop generator,
// save/reload/library/share with the demo account, GPX export → import, bad imports, and planning
// again offline (service worker + routing worker on the cached graph) with a queued save.
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { waitForMap } from './support/map-handle.ts';
import {
  canvasOrigin,
  clickMap,
  distanceKm,
  distanceToLineM,
  framePoints,
  project,
  ready,
  rendered,
  settled,
  stat,
  waypointCount,
} from './support/planner.ts';

// Three points on streets/paths of Andorra la Vella – Escaldes.
const A: [number, number] = [1.5211, 42.5063];
const B: [number, number] = [1.5335, 42.5095];
const C: [number, number] = [1.5402, 42.5045];
const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' };

describe('Running Route Planner in Chromium (Andorra)', () => {
  let browser: Browser;
  let page: Page;
  let context: BrowserContext;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    // the service worker too: the last tests reload and plan offline
    ({ page, context } = await newPage(browser, { acceptDownloads: true, serviceWorkers: 'allow' }));
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('plans by clicking three waypoints: distance, climb, time and the elevation profile appear', async () => {
    await page.goto('/run');
    await ready(page);
    await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Running Route Planner');
    const px = await framePoints(page, [A, B, C]);
    for (const p of px) await clickMap(page, p);
    await expect.poll(() => waypointCount(page), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => distanceKm(page), { timeout: 20_000 }).toBeGreaterThan(1);
    const d = await distanceKm(page);
    expect(d).toBeLessThan(8);
    expect(await page.getByTestId('stat-time').textContent()).toMatch(/min/);
    // share of the route through green areas (from the pack's per-edge green share)
    expect(await page.getByTestId('stat-green').textContent()).toMatch(/\d+% \([\d.]+ k?m\)/);
    await page.getByTestId('elevation-profile').waitFor();
    // routed in the browser's worker, not by the server
    expect(await page.getByTestId('route-planner').getAttribute('data-routing-engine')).toBe('worker');
    // hovering the profile shows the synced marker readout
    const prof = (await page.getByTestId('elevation-profile').boundingBox())!;
    await page.mouse.move(prof.x + prof.width / 2, prof.y + prof.height / 2);
    await page.getByTestId('profile-hover').waitFor();
  });

  it('undoes and redoes with the buttons and the keyboard', async () => {
    const before = await distanceKm(page);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => waypointCount(page)).toBe(2);
    await expect.poll(() => distanceKm(page)).toBeLessThan(before);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => waypointCount(page)).toBe(3);
    await page.keyboard.press('Control+z');
    await expect.poll(() => waypointCount(page)).toBe(2);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => waypointCount(page)).toBe(3);
    await expect.poll(() => distanceKm(page)).toBeCloseTo(before, 1);
  });

  it('generates a 10 km loop, previews alternatives and uses one', async () => {
    await page.getByRole('button', { name: 'Loop', exact: true }).click();
    await page.getByLabel('Distance (km)').fill('10');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByTestId('loop-alt-0').waitFor({ timeout: 30_000 });
    const alts = await page.getByRole('radiogroup', { name: 'Loop alternatives' }).getByRole('radio').count();
    expect(alts).toBeGreaterThanOrEqual(2);
    const pick = page.getByTestId('loop-alt-1');
    await pick.click();
    expect(await pick.getAttribute('aria-checked')).toBe('true');
    // the first alternative is the best loop within ±5 % (the quality bar); the others may trade
    // up to ±10 % of distance for less retracing (packages/geo/src/routing/loop.ts)
    const bestKm = Number(await page.getByTestId('loop-alt-0').getAttribute('data-distance-m')) / 1000;
    expect(bestKm).toBeGreaterThan(9.5);
    expect(bestKm).toBeLessThan(10.5);
    const altKm = Number(await pick.getAttribute('data-distance-m')) / 1000;
    expect(altKm).toBeGreaterThan(9);
    expect(altKm).toBeLessThan(11);
    expect(await page.getByTestId('loop-alt-1-retrace').textContent()).toMatch(/^(No stretch run twice|\d+ % run twice \(out and back\))$/);
    // every alternative is on screen, clear of the dialog and the planner's panels
    await expect.poll(() => page.evaluate(() => (window.__waymarkTest!.map() as { isMoving(): boolean }).isMoving())).toBe(false);
    const panels = await page
      .locator('[data-map-overlay]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const lines = await rendered(page, 'wm-plan-alts-line');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const f of lines) {
      const coords =
        f.geometry.type === 'MultiLineString'
          ? (f.geometry.coordinates as [number, number][][]).flat()
          : (f.geometry.coordinates as [number, number][]);
      for (const c of coords.filter((_, i) => i % 10 === 0)) {
        const o = await canvasOrigin(page);
        const p = await project(page, c);
        const x = o.x + p.x;
        const y = o.y + p.y;
        expect(x >= 0 && x <= 1280 && y >= 0 && y <= 800, `${c} on screen`).toBe(true);
        expect(
          panels.some((r) => x > r.left + 2 && x < r.right - 2 && y > r.top + 2 && y < r.bottom - 2),
          `${c} under a panel`,
        ).toBe(false);
      }
    }
    // the start every alternative leaves from and comes back to is marked
    const startMark = await rendered(page, 'wm-plan-alts-start');
    expect(startMark).toHaveLength(1);
    const mark = startMark[0]!.geometry.coordinates as [number, number];
    const byAlt = new Map<number, [number, number][]>();
    for (const f of lines) {
      const pts =
        f.geometry.type === 'MultiLineString'
          ? (f.geometry.coordinates as [number, number][][]).flat()
          : (f.geometry.coordinates as [number, number][]);
      byAlt.set(Number(f.properties.index), [...(byAlt.get(Number(f.properties.index)) ?? []), ...pts]);
    }
    expect(byAlt.size).toBe(alts);
    for (const pts of byAlt.values()) expect(distanceToLineM(mark, pts)).toBeLessThan(5);
    // "Prefer popular ways": the routing worker fetches the heat of the demo's public routes first
    await page.getByRole('switch', { name: /Prefer popular ways/ }).click();
    const heat = context.waitForEvent('response', {
      predicate: (r) => r.url().includes('/api/routes/popularity?region=andorra'),
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Generate' }).click();
    const heatRes = await heat;
    expect(heatRes.status()).toBe(200);
    const body = (await heatRes.json()) as { routes: number; edges: number[] };
    expect(body.routes).toBeGreaterThan(0); // the demo accounts' public Andorra routes
    expect(body.edges.length).toBeGreaterThan(0);
    // the new alternatives replace the old ones once the worker answers (Generate is enabled again)
    await expect.poll(() => page.getByRole('button', { name: 'Generate' }).isEnabled(), { timeout: 30_000 }).toBe(true);
    const popular = page.getByTestId('loop-alt-0');
    await popular.click();
    const popularKm = Number(await popular.getAttribute('data-distance-m')) / 1000;
    expect(popularKm).toBeGreaterThan(9.5);
    expect(popularKm).toBeLessThan(10.5);
    await page.getByRole('button', { name: 'Use this loop' }).click();
    // the loop becomes a route with a handful of waypoints that reproduce it exactly
    await expect.poll(() => distanceKm(page), { timeout: 20_000 }).toBeGreaterThan(9);
    expect(Math.abs((await distanceKm(page)) - popularKm)).toBeLessThanOrEqual(0.01 * popularKm + 0.01);
    expect(await waypointCount(page)).toBeLessThanOrEqual(15);
  });

  it('signs in, saves, reloads and opens the route from the library', async () => {
    const planned = await distanceKm(page);
    await page.goto('/login');
    await page.getByLabel('Email or phone number').fill(DEMO.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
    await page.goto('/run');
    await ready(page);
    // the unsaved route survived the navigation
    await expect.poll(() => distanceKm(page), { timeout: 20_000 }).toBeCloseTo(planned, 1);
    const name = `E2E loop ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/route=[0-9a-f-]{36}/, { timeout: 15_000 });
    // start from nothing, reload, then open from the library
    await page.getByRole('button', { name: 'Clear route' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByTestId('stat-distance').textContent()).toBe('—');
    await page.reload();
    await ready(page);
    expect(await page.getByTestId('stat-distance').textContent()).toBe('—');
    await page.getByRole('button', { name: /Library/ }).click();
    await page.getByRole('button', { name: name, exact: true }).click();
    await expect.poll(() => distanceKm(page), { timeout: 20_000 }).toBeCloseTo(planned, 1);
    expect(page.url()).toMatch(/route=/);

    // share it: private → unlisted, then the link opens a read-only view for anyone
    await page.getByRole('button', { name: 'Import and export' }).click();
    await page.getByRole('menuitem', { name: 'Share link…' }).click();
    await page.getByRole('button', { name: 'Make unlisted' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copy link' }).isEnabled()).toBe(true);
    const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(link).toMatch(/\/run\?share=[0-9a-f-]{36}$/);
    await page.keyboard.press('Escape');
    const sharedWaypoints = await waypointCount(page);
    const anon = await newPage(browser);
    try {
      await anon.page.goto(link);
      await anon.page.getByRole('heading', { name }).waitFor({ timeout: 30_000 });
      await expect.poll(() => distanceKm(anon.page), { timeout: 20_000 }).toBeCloseTo(planned, 1);
      expect(await anon.page.getByRole('button', { name: 'Clear route' }).count()).toBe(0);
      // read-only: the start and the finish are marked, no handles in between (the loop has more waypoints)
      expect(sharedWaypoints).toBeGreaterThan(2);
      await waitForMap(anon.page, 'shared-route', 60_000);
      type Shared = { getSource(id: string): { serialize(): { data: { features: unknown[] } } } | undefined };
      const drawn = () =>
        anon.page.evaluate(
          () => (window.__waymarkTest!.map('shared-route') as Shared).getSource('wm-plan-waypoints')?.serialize().data.features.length,
        );
      await expect.poll(drawn, { timeout: 20_000 }).toBe(2);
      // the viewer's own pace gives the viewer's time
      const slow = (await stat(anon.page, 'time')).value;
      await anon.page.getByLabel('Flat pace (min/km)').fill('4:00');
      await anon.page.getByLabel('Flat pace (min/km)').press('Enter');
      await expect.poll(async () => (await stat(anon.page, 'time')).value).toBeLessThan(slow * 0.8);
      // the analysis a viewer can read without the graph: grade bands that highlight their
      // stretches on the map, and one split per started km
      const grade = anon.page.locator('[data-band^="grade:"]').first();
      await grade.click();
      await expect.poll(() => grade.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(async () => (await rendered(anon.page, 'wm-plan-band-line')).length, { timeout: 15_000 }).toBeGreaterThan(0);
      await anon.page.keyboard.press('Escape');
      await expect.poll(async () => (await rendered(anon.page, 'wm-plan-band-line')).length, { timeout: 15_000 }).toBe(0);
      const splits = await anon.page.getByTestId('splits-table').locator('tbody tr').count();
      expect(Math.abs(splits - planned)).toBeLessThan(1.01);
    } finally {
      await anon.context.close();
    }
    // on a phone the shared route is a sheet along the bottom: name and distance, details on demand
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await phone.page.goto(link);
      const sheet = phone.page.getByRole('region', { name: 'Shared route' });
      await sheet.getByText(name).waitFor({ timeout: 30_000 });
      await expect.poll(() => sheet.getByTestId('sheet-summary').textContent(), { timeout: 20_000 }).toMatch(/^\d+\.\d{1,2} km · ↑ \d+ m$/);
      expect(await sheet.getByTestId('stat-distance').isVisible()).toBe(false);
      await sheet.getByRole('button', { expanded: false }).click();
      await expect.poll(() => sheet.getByTestId('stat-distance').isVisible()).toBe(true);
      const box = (await sheet.boundingBox())!;
      expect(box.y + box.height).toBeCloseTo(844, 0);
    } finally {
      await phone.context.close();
    }
  }, 180_000); // five page loads and a second browser context: more than the default budget on a loaded 2-core machine

  it('exports GPX and imports it back; a malformed file changes nothing', async () => {
    const planned = await distanceKm(page);
    await page.getByRole('button', { name: 'Import and export' }).click();
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export GPX' }).click()]);
    const gpx = fs.readFileSync((await dl.path())!, 'utf8');
    expect(gpx).toContain('<gpx');
    expect((gpx.match(/<trkpt/g) ?? []).length).toBeGreaterThan(50);

    await page.getByRole('button', { name: 'Clear route' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByTestId('stat-distance').textContent()).toBe('—');
    await page.getByTestId('import-file').setInputFiles({ name: 'loop.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) });
    await expect.poll(() => distanceKm(page), { timeout: 20_000 }).toBeGreaterThan(planned * 0.9);
    const imported = await distanceKm(page);
    expect(imported).toBeLessThan(planned * 1.1);

    await page.getByTestId('import-file').setInputFiles({
      name: 'broken.gpx',
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from('<gpx><trk><trkseg><trkpt lat="42.5" lon="1.5"></trkseg>'),
    });
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Could not import' }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await distanceKm(page)).toBe(imported);
    const big = Buffer.alloc(6 * 1024 * 1024, 32);
    await page.getByTestId('import-file').setInputFiles({ name: 'huge.gpx', mimeType: 'application/gpx+xml', buffer: big });
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'too large' }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await distanceKm(page)).toBe(imported);
  });

  it('plans again offline after a reload: the map draws and the worker routes on the cached graph', async () => {
    // let the service worker finish installing and take control
    await page.evaluate(async () => {
      if ('serviceWorker' in navigator) await navigator.serviceWorker.ready;
    });
    await page.reload();
    await ready(page);
    // the page copies the region files whole into the worker's tile cache once it is idle after
    // the first frame: wait for the three files of the current pack version
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const { regions } = (await (await fetch('/api/regions')).json()) as {
              regions: { name: string; tiles: Record<string, string> }[];
            };
            const want = Object.values(regions.find((r) => r.name === 'andorra')!.tiles).map((u) => new URL(u, location.href).href);
            const have = new Set((await (await caches.open('waymark-tiles')).keys()).map((r) => r.url));
            return want.filter((u) => !have.has(u)).length;
          }),
        { timeout: 60_000 },
      )
      .toBe(0);
    await context.setOffline(true);
    try {
      await page.reload();
      await ready(page);
      await page.getByRole('button', { name: 'Clear route' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
      const px = await framePoints(page, [A, B]);
      for (const p of px) await clickMap(page, p);
      await expect.poll(() => distanceKm(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
      expect(await page.getByTestId('route-planner').getAttribute('data-routing-engine')).toBe('worker');
      // the map drew the planned line (MapLibre rendered the route layer offline)
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                (window.__waymarkTest!.map() as { queryRenderedFeatures(o: object): unknown[] }).queryRenderedFeatures({
                  layers: ['wm-plan-route-line'],
                }).length,
            ),
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      // place search answers from the place index stored with the pack
      const search = page.getByRole('combobox', { name: 'Search places' });
      await search.fill('Canillo');
      await expect
        .poll(() => page.getByRole('listbox', { name: 'Places' }).getByRole('option').allTextContents(), { timeout: 15_000 })
        .toContainEqual(expect.stringMatching(/Canillo/));
      await search.press('Escape');
      // a save made offline is queued …
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByLabel('Name').fill('Offline run');
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved offline').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Library (1)' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    // … and synced when the browser is back online
    await page.getByText('Synced 1 offline save').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await page.getByRole('button', { name: 'Offline run', exact: true }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('keeps an offline edit of a route that was deleted meanwhile: it syncs as a new route', async () => {
    // the synced offline save became the route on show (a later save updates it, no duplicate)
    await page.waitForURL(/route=[0-9a-f-]{36}/, { timeout: 15_000 });
    const first = new URL(page.url()).searchParams.get('route')!;
    await context.setOffline(true);
    try {
      const px = await framePoints(page, [A, B, C]);
      await clickMap(page, px[2]!);
      await settled(page, 3);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved offline').waitFor({ timeout: 15_000 });
      // meanwhile the route is deleted on another device
      const other = await newPage(browser);
      try {
        await other.page.goto('/help');
        const status = await other.page.evaluate(
          async ({ email, password, id }) => {
            const csrf = async () => ((await (await fetch('/api/_auth/csrf')).json()) as { token: string }).token;
            const signin = await fetch('/api/auth/signin', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-csrf-token': await csrf() },
              body: JSON.stringify({ email, password }),
            });
            if (signin.status !== 200) return `signin ${signin.status}`;
            const del = await fetch(`/api/routes/${id}`, { method: 'DELETE', headers: { 'x-csrf-token': await csrf() } });
            return `delete ${del.status}`;
          },
          { ...DEMO, id: first },
        );
        expect(status).toBe('delete 204');
      } finally {
        await other.context.close();
      }
    } finally {
      await context.setOffline(false);
    }
    await page.getByText('“Offline run” had been deleted or could not be changed, so it was saved as new.').waitFor({ timeout: 20_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('route'), { timeout: 10_000 }).not.toBe(first);
    const now = new URL(page.url()).searchParams.get('route')!;
    const stored = await page.evaluate(
      async (ids) => {
        const get = async (id: string) => {
          const r = await fetch(`/api/routes/${id}`);
          return { status: r.status, body: r.ok ? ((await r.json()) as { name: string; waypoints: unknown[] }) : null };
        };
        return { old: (await get(ids.first)).status, now: await get(ids.now) };
      },
      { first, now },
    );
    expect(stored.old).toBe(404);
    expect(stored.now.status).toBe(200);
    expect(stored.now.body!.name).toBe('Offline run');
    expect(stored.now.body!.waypoints).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it('stores another region from the Regions dialog, plans there offline without having opened it, and removes it', async () => {
    const row = (name: string) => page.getByTestId('downloaded-regions').locator(`[data-offline-region="${name}"]`);
    const cachedFiles = (region: string) =>
      page.evaluate(async (r) => {
        const out: Record<string, number> = {};
        for (const name of ['waymark-tiles', 'waymark-graphs-v1'])
          out[name] = (await (await caches.open(name)).keys()).filter((q) => q.url.includes(`/tiles/${r}/`)).length;
        return out;
      }, region);
    await page.getByRole('button', { name: 'Regions and offline maps' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regions and offline maps' });
    await dialog.waitFor();
    // Andorra was stored by the visits above; Monaco was never opened here
    await expect.poll(() => row('andorra').getAttribute('data-state'), { timeout: 15_000 }).toBe('stored');
    expect(await row('monaco').getAttribute('data-state')).toBe('absent');
    expect(await cachedFiles('monaco')).toEqual({ 'waymark-tiles': 0, 'waymark-graphs-v1': 0 });
    await dialog.getByRole('button', { name: 'Download Monaco' }).click();
    await expect.poll(() => row('monaco').getAttribute('data-state'), { timeout: 60_000 }).toBe('stored');
    expect(await row('monaco').textContent()).toMatch(/On this device/);
    expect(await cachedFiles('monaco')).toEqual({ 'waymark-tiles': 4, 'waymark-graphs-v1': 1 });
    await page.keyboard.press('Escape');

    // offline, open Monaco for the first time: map, routing worker and place search from the stored pack
    await context.setOffline(true);
    try {
      await page.goto('/run?region=monaco');
      await ready(page);
      const px = await framePoints(page, [
        [7.4197, 43.7363],
        [7.4265, 43.7406],
      ]);
      for (const p of px) await clickMap(page, p);
      await expect.poll(() => distanceKm(page), { timeout: 20_000 }).toBeGreaterThan(0.3);
      expect(await page.getByTestId('route-planner').getAttribute('data-routing-engine')).toBe('worker');
      await expect.poll(async () => (await rendered(page, 'wm-plan-route-line')).length, { timeout: 15_000 }).toBeGreaterThan(0);
    } finally {
      await context.setOffline(false);
    }

    // remove it: nothing of Monaco is left on the device
    await page.getByRole('button', { name: 'Regions and offline maps' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove Monaco' }).click();
    await expect.poll(() => row('monaco').getAttribute('data-state'), { timeout: 15_000 }).toBe('absent');
    expect(await cachedFiles('monaco')).toEqual({ 'waymark-tiles': 0, 'waymark-graphs-v1': 0 });
    expect(await row('andorra').getAttribute('data-state')).toBe('stored');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });
});
