// Shared helpers for the map demo pages' browser tests (e2e/maps*.e2e.test.ts): sign in, wait for
// the map, pixel counts on the map canvas, axe, and the screenshot sweep (light LTR and dark RTL ×
// desktop/phone) written to test-results/maps/ for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import { decode } from 'fast-png';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO, signInApi } from './auth.ts';
import { axeProblems } from './axe.ts';
import { newPage } from './browser.ts';
import { waitForMap } from './map-handle.ts';

export const SHOTS_DIR = path.resolve(import.meta.dirname, '../../test-results/maps');

/**
 * Each colour mode and each direction once (light LTR, dark RTL), as the showcase and settings
 * sweeps do: the shell's a11y test keeps all four pairs.
 */
export const VARIANTS = [
  { mode: 'light', dir: 'ltr' },
  { mode: 'dark', dir: 'rtl' },
] as const;
export type Variant = { mode: 'light' | 'dark'; dir: 'ltr' | 'rtl' };

/** Time for one sweep (4 page loads with software WebGL). */
export const SWEEP_TIMEOUT = 900_000;

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A page with the colour mode and direction set before the app starts. */
export async function variantPage(browser: Browser, v: Variant, viewport: { width: number; height: number } = VIEWPORTS[0]) {
  const r = await newPage(browser, {
    colorScheme: v.mode,
    viewport,
    ...(viewport.width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
  });
  await r.page.addInitScript(({ mode, dir }) => {
    localStorage.setItem('waymark:color-mode', mode);
    localStorage.setItem('waymark:app-settings', JSON.stringify({ dir, sidebar: { collapsible: 'offcanvas', variant: 'sidebar' } }));
  }, v);
  return r;
}

/** Sign the page's context in as the seeded demo user (through the API, as the login form does). */
export const signInDemo = (page: Page) => signInApi(page, DEMO, { stay: true });

/** Call the app's API from the page (same-origin cookies and csrf token). */
export function pageApi(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const { token } = (await (await fetch('/api/_auth/csrf')).json()) as { token: string };
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed };
    },
    { method, url, body },
  );
}

/**
 * Wait until the page's map (the one under `handle`, default the first) has settled (style, tiles
 * and overlays drawn); SwiftShader on a busy machine can take a while.
 */
export async function mapIdle(page: Page, handle?: string) {
  await waitForMap(page, handle, 120_000);
  await page.evaluate(
    (h) =>
      new Promise<void>((resolve) => {
        const m = window.__waymarkTest!.map(h ?? undefined) as { once(e: string, cb: () => void): void; triggerRepaint(): void };
        m.once('idle', () => resolve());
        m.triggerRepaint();
      }),
    handle ?? null,
  );
}

export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray | Uint16Array;
  channels: number;
}

/** A screenshot of the element (default: the map canvas) as pixels. */
export async function pixels(page: Page, selector = '.maplibregl-canvas'): Promise<Pixels> {
  const png = decode(await page.locator(selector).first().screenshot());
  return { width: png.width, height: png.height, data: png.data, channels: png.channels };
}

/** How many pixels are within `tol` (sum of channel differences) of an RGB colour. */
export function countColour(p: Pixels, [r, g, b]: [number, number, number], tol = 60): number {
  let n = 0;
  for (let i = 0; i < p.width * p.height; i++) {
    const o = i * p.channels;
    if (Math.abs(p.data[o]! - r) + Math.abs(p.data[o + 1]! - g) + Math.abs(p.data[o + 2]! - b) <= tol) n++;
  }
  return n;
}

/** Save a full-page screenshot to test-results/maps/<name>.png. */
export async function saveShot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  // 3D terrain with contours keeps SwiftShader busy: a frame can take long on a loaded machine
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), timeout: 120_000 });
}

/**
 * The map's scale and attribution ("© OpenStreetMap contributors") are not covered by a panel of
 * the page: the topmost element at the centre and at each inner corner of every such control is
 * the control itself (or inside it). Returns the problems found, named.
 */
export async function coveredMapControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.maplibregl-ctrl-attrib, .maplibregl-ctrl-scale'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const points: [number, number][] = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ];
      for (const [x, y] of points) {
        const top = document.elementFromPoint(x, y);
        if (top && !el.contains(top) && !top.contains(el))
          out.push(
            `${el.className.split(' ')[1] ?? el.className} covered at (${Math.round(x)}, ${Math.round(y)}) by <${top.tagName.toLowerCase()} class="${String(top.className).slice(0, 60)}">`,
          );
      }
    }
    return out;
  });
}

/**
 * For every variant and viewport: open the page, run `prepare` (wait for its data, make it show
 * something), check direction and mode, save a screenshot and collect axe problems.
 */
export async function sweep(
  browser: Browser,
  name: string,
  url: string,
  prepare: (page: Page) => Promise<void>,
  opts: { auth?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const vp of VIEWPORTS) {
    for (const v of VARIANTS) {
      const { page, context, blocked } = await variantPage(browser, v, vp);
      try {
        if (opts.auth) await signInDemo(page);
        await page.goto(url);
        await prepare(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(v.dir);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(v.mode === 'dark');
        await page.waitForTimeout(300);
        await saveShot(page, `${name}-${vp.name}-${v.mode}-${v.dir}`);
        problems.push(...(await coveredMapControls(page)).map((p) => `${name} ${vp.name} ${v.mode} ${v.dir}: ${p}`));
        problems.push(...(await axeProblems(page, `${name} ${vp.name} ${v.mode} ${v.dir}`)));
        expect(blocked).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }
  return problems;
}

export type { BrowserContext };
