// Two people editing one project map in Chromium, two browser contexts signed in as the two demo
// members, against a server of this test's own (so it can be restarted on the same data):
// each draws and the other sees it within a second, with cursors and presence; both edit
// different properties of one feature at once and both are kept; one goes offline, edits, the
// other edits, the first reconnects → every edit is on both, and in the database after a server
// restart; demoted to viewer, the UI turns read-only (the server's refusal of forged updates is
// covered by the collaboration server's own tests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRouteGeometry } from '@waymark/geo/io/polyline';
import { spawnServer, type ServerProcess } from '../server/test/support/process.ts';
import { launchBrowser } from './support/browser.ts';
import { ADMIN as SEEDED_ADMIN, DEMO as SEEDED_DEMO, apiCall as api, signInApi } from './support/auth.ts';
import type { EditorFeature } from './support/editor.ts';
import { waitForMap } from './support/map-handle.ts';

const DEMO = { ...SEEDED_DEMO, name: 'Demo User' };
const ADMIN = { ...SEEDED_ADMIN, name: 'Demo Admin' };
const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout, interval: 100 });
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'waymark-editor-shots');

type Feature = EditorFeature;

const features = (page: Page) =>
  page.evaluate(
    () =>
      window.__waymarkEditor
        ?.get()
        ?.getSnapshot()
        .features.map((f) => ({ ...f })) ?? [],
  ) as Promise<Feature[]>;

async function openEditor(page: Page, projectId: string) {
  await page.goto(`/explorer?project=${projectId}`);
  await waitForMap(page, 'map-editor', 60_000);
  await page.waitForFunction(() => (window.__waymarkTest?.map('map-editor') as { loaded(): boolean } | undefined)?.loaded(), null, {
    timeout: 60_000,
  });
  await poll(() => page.getByTestId('sync-status').textContent()).toBe('Synced');
}

async function mapPoint(page: Page, lng: number, lat: number) {
  const box = (await page.locator('[data-map-handle="map-editor"]').boundingBox())!;
  const p = await page.evaluate(
    ([x, y]) => (window.__waymarkTest!.map('map-editor') as { project(l: [number, number]): { x: number; y: number } }).project([x!, y!]),
    [lng, lat],
  );
  return { x: box.x + p.x, y: box.y + p.y };
}

/**
 * Milliseconds from the moment `act` changes the author's document (its own update event, clock of
 * this machine) until `other`'s editor holds `n` features (its store's change, same clock): the
 * edit-to-remote-visible latency, without the test driver's input overhead.
 */
async function seenWithin(author: Page, other: Page, n: number, act: () => Promise<void>): Promise<number> {
  await author.evaluate(() => {
    const w = window as unknown as { __wroteAt?: number };
    w.__wroteAt = 0;
    const st = window.__waymarkEditor!.get() as unknown as { doc: { on(e: string, f: (u: unknown, o: unknown) => void): void } };
    st.doc.on('update', (_u, origin) => {
      if (origin === 'waymark-editor-local' && !w.__wroteAt) w.__wroteAt = Date.now();
    });
  });
  await other.evaluate((k) => {
    const w = window as unknown as { __seenAt?: number };
    w.__seenAt = 0;
    const st = window.__waymarkEditor!.get() as unknown as { subscribe(f: () => void): void; getSnapshot(): { features: unknown[] } };
    st.subscribe(() => {
      if (!w.__seenAt && st.getSnapshot().features.length >= k) w.__seenAt = Date.now();
    });
  }, n);
  await act();
  await other.waitForFunction(() => !!(window as unknown as { __seenAt?: number }).__seenAt, null, { timeout: 30_000 });
  const wrote = await author.evaluate(() => (window as unknown as { __wroteAt: number }).__wroteAt);
  const seen = await other.evaluate(() => (window as unknown as { __seenAt: number }).__seenAt);
  expect(wrote).toBeGreaterThan(0);
  return seen - wrote;
}

describe('map editor: two people on one project map', () => {
  let browser: Browser;
  let server: ServerProcess | null = null;
  let dataDir: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-e2e-collab-'));
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await spawnServer({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'true', NODE_ENV: 'test' }, 120_000);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'draws, sees each other, merges concurrent edits, survives going offline and a restart, and turns read-only for a viewer',
    { timeout: 600_000 },
    async () => {
      const ctx = async () => {
        // no service worker (as in support/browser.ts): offline here is y-indexeddb's, not a reload
        const c = await browser.newContext({ baseURL: server!.url, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
        contexts.push(c);
        return c;
      };
      const ctxA = await ctx();
      const ctxB = await ctx();
      const a = await ctxA.newPage();
      const b = await ctxB.newPage();
      await signInApi(a, DEMO);
      await signInApi(b, ADMIN);

      // A project of the demo user with the demo admin as editor (invited, accepted).
      const created = await api(a, 'POST', '/api/projects', {
        name: 'Trail crew map',
        location: { center: { lon: 1.53, lat: 42.51 }, zoom: 13, bbox: null, placeName: '' },
      });
      expect(created.status).toBe(201);
      const projectId = (created.json as { id: string }).id;
      expect((await api(a, 'POST', `/api/projects/${projectId}/invitations`, { email: ADMIN.email, role: 'editor' })).status).toBeLessThan(
        300,
      );
      const mine = (await api(b, 'GET', '/api/invitations')).json as { invitations: { id: string; projectId: string }[] };
      const inv = mine.invitations.find((i) => i.projectId === projectId)!;
      expect((await api(b, 'POST', `/api/invitations/${inv.id}/accept`)).status).toBeLessThan(300);

      await openEditor(a, projectId);
      await openEditor(b, projectId);

      // Presence: each sees the other's avatar.
      await b.locator(`[data-testid="presence"] [data-peer="${DEMO.name}"]`).waitFor();
      await a.locator(`[data-testid="presence"] [data-peer="${ADMIN.name}"]`).waitFor();

      // Each draws; the other has it. Latency is measured in the pages (author's document change →
      // the other editor's store), five times, alternating, and printed; the 1 s target itself is
      // measured by `npm run bench:collab` on a quiet machine (timed assertions in a browser test on a
      // loaded 2-core machine rendering two software-GL maps only measure the load), so here the
      // median must merely stay interactive (< 5 s).
      const lags: number[] = [];
      await a.keyboard.press('m');
      await b.keyboard.press('m');
      for (let i = 0; i < 5; i++) {
        const [author, other] = i % 2 ? [b, a] : [a, b];
        const q = await mapPoint(author, 1.5 + i * 0.004, 42.495);
        lags.push(await seenWithin(author, other, 1 + i, () => author.mouse.click(q.x, q.y)));
      }
      // … and a line drawn by B
      await b.keyboard.press('l');
      const l1 = await mapPoint(b, 1.52, 42.505);
      const l2 = await mapPoint(b, 1.54, 42.5);
      await b.mouse.click(l1.x, l1.y);
      await b.mouse.click(l2.x, l2.y);
      await b.mouse.move(l2.x + 30, l2.y + 30);
      lags.push(
        await seenWithin(b, a, 6, async () => {
          await b.mouse.click(l2.x + 30, l2.y + 30);
          await b.keyboard.press('Enter');
        }),
      );
      const sorted = [...lags].sort((x, y) => x - y);
      console.log(`edit visible to the other browser after ${lags.join(', ')} ms (median ${sorted[3]})`);
      expect(sorted[3]).toBeLessThan(5000);
      // Undo takes back only one's own edits: A's three points go, B's two points and line stay.
      await a.keyboard.press('v');
      for (let i = 0; i < 3; i++) await a.getByRole('button', { name: 'Undo', exact: true }).click();
      for (const p of [a, b])
        await poll(() => features(p).then((fs) => fs.map((f) => f.geometry.type).sort())).toEqual(['LineString', 'Point', 'Point']);
      // A draws the point the rest of the test uses
      const before = new Set((await features(a)).map((f) => f.id));
      await a.keyboard.press('m');
      const p1 = await mapPoint(a, 1.53, 42.51);
      await a.mouse.click(p1.x, p1.y);
      await poll(() => features(b).then((fs) => fs.length)).toBe(4);

      // A's cursor shows on B's map, in A's name.
      await a.keyboard.press('v');
      await a.mouse.move(p1.x + 40, p1.y + 40, { steps: 4 });
      await b.locator(`[data-remote-cursor="${DEMO.name}"]`).waitFor();

      // Both edit different properties of the point at the same moment: both are kept.
      const point = (await features(a)).find((f) => !before.has(f.id))!;
      for (const p of [a, b]) await p.evaluate((id) => window.__waymarkEditor!.get()!.select(id), point.id);
      await a.getByTestId('feature-panel').waitFor();
      await b.getByTestId('feature-panel').waitFor();
      // B's selection is outlined on A's map (a source of other people's selections)
      await poll(() =>
        a.evaluate(() => {
          const src = (
            window.__waymarkTest!.map('map-editor') as {
              getSource(id: string): { _data?: unknown; serialize(): { data: { features: unknown[] } } };
            }
          ).getSource('editor-remote-selections');
          return src?.serialize().data.features.length ?? 0;
        }),
      ).toBe(1);
      const nameA = a.getByTestId('feature-panel').getByRole('textbox', { name: 'name', exact: true });
      await b.getByTestId('feature-panel').getByRole('textbox', { name: 'New property of this feature' }).fill('owner');
      await b.getByTestId('feature-panel').getByRole('button', { name: 'Add', exact: true }).click();
      const ownerB = b.getByTestId('feature-panel').getByRole('textbox', { name: 'owner', exact: true });
      await nameA.fill('Spring');
      await ownerB.fill('Trail crew');
      await Promise.all([nameA.press('Enter'), ownerB.press('Enter')]);
      for (const p of [a, b]) {
        await poll(() => features(p).then((fs) => fs.find((f) => f.id === point.id)?.properties)).toEqual({
          name: 'Spring',
          owner: 'Trail crew',
        });
      }
      await a.screenshot({ path: path.join(SHOTS, 'collab-a-1280.png') });
      await b.screenshot({ path: path.join(SHOTS, 'collab-b-1280.png') });

      // A goes offline and draws a polygon; B draws a point meanwhile; A comes back: all on both.
      for (const p of [a, b]) await p.getByRole('button', { name: 'Clear the selection' }).click();
      await ctxA.setOffline(true);
      await poll(() => a.getByTestId('sync-status').textContent()).toMatch(/^Offline/);
      await a.keyboard.press('p');
      const corners = [
        [1.5, 42.515],
        [1.51, 42.515],
        [1.51, 42.52],
        [1.5, 42.52],
        [1.5, 42.515],
      ] as const;
      for (const [lng, lat] of corners) {
        const q = await mapPoint(a, lng, lat);
        await a.mouse.click(q.x, q.y);
        await a.waitForTimeout(100);
      }
      await poll(() => features(a).then((fs) => fs.length)).toBe(5);
      await poll(() => a.getByTestId('sync-status').textContent()).toBe('Offline — 1 change waiting');
      await b.keyboard.press('m');
      const p2 = await mapPoint(b, 1.545, 42.515);
      await b.mouse.click(p2.x, p2.y);
      await poll(() => features(b).then((fs) => fs.length)).toBe(5);
      await ctxA.setOffline(false);
      await poll(() => a.getByTestId('sync-status').textContent()).toBe('Synced');
      for (const p of [a, b]) await poll(() => features(p).then((fs) => fs.length)).toBe(6);
      const ids = (await features(a)).map((f) => f.id).sort();
      expect((await features(b)).map((f) => f.id).sort()).toEqual(ids);

      // A saved planner route added as a layer (a copy of its line, with its stats) shows on both.
      const route = await api(a, 'POST', '/api/routes', {
        name: 'Valira run',
        region: 'andorra',
        waypoints: [
          { lon: 1.52, lat: 42.505, mode: 'freehand' },
          { lon: 1.535, lat: 42.51, mode: 'freehand' },
        ],
        geometry: encodeRouteGeometry([
          [1.52, 42.505, 1050],
          [1.53, 42.508, 1060],
          [1.535, 42.51, 1070],
        ]),
        stats: { distanceM: 1400, ascentM: 20, descentM: 0, timeS: 500 },
      });
      expect(route.status).toBe(201);
      await a.getByRole('button', { name: 'Add route' }).click();
      await a
        .getByRole('dialog')
        .getByRole('button', { name: /Valira run/ })
        .click();
      for (const p of [a, b]) {
        await poll(() => features(p).then((fs) => fs.find((f) => f.properties.name === 'Valira run')?.properties.distance_m)).toBe(1400);
      }
      ids.push((await features(a)).find((f) => f.properties.name === 'Valira run')!.id);
      ids.sort();

      // Demoted to viewer, B's editor turns read-only: a badge, drawing tools and import disabled.
      const members = (await api(a, 'GET', `/api/projects/${projectId}/members`)).json as {
        members: { userId: string; email: string | null }[];
      };
      const adminId = members.members.find((m) => m.email === ADMIN.email)!.userId;
      expect((await api(a, 'PATCH', `/api/projects/${projectId}/members/${adminId}`, { role: 'viewer' })).status).toBe(200);
      await b.getByTestId('read-only-badge').waitFor();
      await poll(() => b.getByRole('button', { name: 'Polygon' }).isDisabled()).toBe(true);
      expect(await b.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
      await b.keyboard.press('p');
      expect(await b.locator('[data-testid="map-editor"]').getAttribute('data-tool')).toBe('select');
      await b.screenshot({ path: path.join(SHOTS, 'collab-viewer-1280.png') });

      // Everything is in the database after a restart.
      for (const c of contexts.splice(0)) await c.close();
      await server!.stop();
      server = await spawnServer({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'true', NODE_ENV: 'test' }, 120_000);
      const c2 = await ctx();
      const page = await c2.newPage();
      await signInApi(page, DEMO);
      const fc = (await api(page, 'GET', `/api/projects/${projectId}/features`)).json as {
        features: { id: string; properties: Record<string, unknown> }[];
      };
      expect(fc.features.map((f) => f.id).sort()).toEqual(ids);
      expect(fc.features.find((f) => f.id === point.id)?.properties).toMatchObject({ name: 'Spring', owner: 'Trail crew' });
    },
  );
});
