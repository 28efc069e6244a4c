// RTL isolation shell-wide (English sentences and figures keep their reading order when the layout
// mirrors) and the phone layout of the customizer: its gear clear of the map's zoom/compass buttons,
// the "Ready to work offline" toast clear of the drawer's Layout options. Chromium, built server.
import { encodeRouteGeometry } from '@waymark/geo';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, launchBrowser, newPage } from './support/browser.ts';
import { ADMIN, signInApi } from './support/auth.ts';

const POLL = { timeout: 20_000, interval: 100 };
type Box = { x: number; y: number; width: number; height: number };

/** Direction (and colour mode) stored before the app starts, as the customizer stores them. */
async function preset(page: Page, dir: 'ltr' | 'rtl') {
  await page.addInitScript((d) => {
    localStorage.setItem('waymark:app-settings', JSON.stringify({ dir: d, sidebar: { side: d === 'rtl' ? 'right' : 'left' } }));
  }, dir);
}

/**
 * The rendered x position (left edge) of each token, found in this order in the element's text.
 * Measured with Range.getBoundingClientRect, so it is the visual order the reader sees.
 */
function tokenXs(el: Locator, tokens: string[]): Promise<number[]> {
  return el.evaluate((root, wanted) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const full = nodes.map((n) => n.data).join('');
    const at = (i: number): [Text, number] => {
      let rest = i;
      for (const n of nodes) {
        if (rest <= n.data.length) return [n, rest];
        rest -= n.data.length;
      }
      throw new Error(`offset ${i} out of range`);
    };
    let from = 0;
    return wanted.map((t) => {
      const i = full.indexOf(t, from);
      if (i < 0) throw new Error(`"${t}" not found after ${from} in "${full}"`);
      from = i + t.length;
      const range = document.createRange();
      range.setStart(...at(i));
      range.setEnd(...at(i + t.length));
      return range.getBoundingClientRect().left;
    });
  }, tokens);
}

const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('RTL isolation and the phone layout of the customizer (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('in RTL, English sentences and figures keep their reading order on the dashboard, account and admin pages', async () => {
    const { page, context } = await newPage(browser);
    await preset(page, 'rtl');
    await signInApi(page, ADMIN);
    // One saved route, so the dashboard shows a distance and "1 saved in all".
    const geometry = encodeRouteGeometry([
      [1.5218, 42.5063, 1050],
      [1.5301, 42.5101, 1100],
    ]);
    const saved = await page.evaluate(async (geometry) => {
      const { token } = (await (await fetch('/api/_auth/csrf')).json()) as { token: string };
      const res = await fetch('/api/routes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({
          name: 'Riverside 5k',
          region: 'andorra',
          waypoints: [
            { lon: 1.5218, lat: 42.5063, mode: 'freehand' },
            { lon: 1.5301, lat: 42.5101, mode: 'freehand' },
          ],
          geometry,
          stats: { distanceM: 5400, ascentM: 120, descentM: 118, timeS: 1900 },
        }),
      });
      return res.status;
    }, geometry);
    expect(saved).toBe(201);

    await page.goto('/dashboard');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const subtitle = page.getByText(/^Your running and mapping in /);
    await subtitle.waitFor({ timeout: 20_000 });
    // ".Your running and mapping in November 2026" is what an RTL paragraph makes of it.
    const sentence = await tokenXs(subtitle, ['Your', 'running', 'mapping', ' in ', '.']);
    expect(increasing(sentence), `x positions ${sentence.join(', ')}`).toBe(true);
    // Aligned to the RTL start edge (right), as the mirrored layout is.
    expect(await subtitle.evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');

    const distance = page.getByTestId('stat-distance');
    await expect.poll(() => distance.innerText(), POLL).toContain('5.4 km');
    const km = await tokenXs(distance, ['5.4', 'km']);
    expect(increasing(km), `"5.4 km" x positions ${km.join(', ')}`).toBe(true);
    const hint = page.getByTestId('stat-routes').getByText(/saved in all/);
    const all = await tokenXs(hint, ['1', 'saved', 'all']);
    expect(increasing(all), `"1 saved in all" x positions ${all.join(', ')}`).toBe(true);

    // Account: the session line mixes words, an IP address and dates.
    await page.goto('/settings/account');
    const session = page.getByTestId('session-row').first();
    await session.waitFor({ timeout: 20_000 });
    const line = session.getByText(/^IP /);
    const sessionXs = await tokenXs(line, ['IP', '127.0.0.1', 'signed in', 'last', 'seen']);
    expect(increasing(sessionXs), `session line x positions ${sessionXs.join(', ')}`).toBe(true);
    const card = page.getByText('12 to 128 characters; common or breached passwords are refused.');
    const policy = await tokenXs(card, ['12', 'to', '128', 'refused', '.']);
    expect(increasing(policy), `policy x positions ${policy.join(', ')}`).toBe(true);

    // Admin: "2 accounts · access requests".
    await page.goto('/admin/users');
    const count = page.getByText(/^\d+ accounts? ·/);
    // "0 accounts" while the list loads; the seeded instance has at least two.
    await expect.poll(() => count.innerText(), POLL).toMatch(/^[1-9]\d* accounts/);
    const counts = await tokenXs(count, ['accounts', 'access', 'requests']);
    const number = await tokenXs(count, [(await count.innerText()).split(' ')[0]!]);
    expect(increasing([number[0]!, ...counts]), `count x positions ${[number[0], ...counts].join(', ')}`).toBe(true);
    await context.close();
  });

  it('on a phone the gear is not under the map’s zoom and compass buttons (LTR and RTL)', async () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await preset(page, dir);
      await page.goto('/run');
      const zoom = page.locator('.maplibregl-ctrl-group').first();
      await zoom.waitFor({ timeout: 30_000 });
      const gear = (await page.getByTestId('customizer-trigger').boundingBox())!;
      const controls = await page.locator('.maplibregl-ctrl').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { cls: e.className, x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      expect(controls.length).toBeGreaterThanOrEqual(2);
      for (const c of controls) expect(overlaps(gear, c), `${dir}: gear ${JSON.stringify(gear)} over ${JSON.stringify(c)}`).toBe(false);
      // Whatever the height of the planner's panel above them, the zoom/compass column never meets the
      // gear: they are in different columns (x ranges apart). The gear stays on the end edge; the
      // zoom buttons stay on screen, on the same side.
      const z = (await zoom.boundingBox())!;
      const apart = z.x + z.width <= gear.x || gear.x + gear.width <= z.x;
      expect(apart, `${dir}: zoom buttons ${JSON.stringify(z)} in the gear's column ${JSON.stringify(gear)}`).toBe(true);
      if (dir === 'ltr') {
        expect(Math.round(gear.x + gear.width)).toBe(390);
        expect(z.x).toBeGreaterThan(195);
      } else {
        expect(Math.round(gear.x)).toBe(0);
        expect(z.x + z.width).toBeLessThan(195);
      }
      expect(z.x).toBeGreaterThanOrEqual(0);
      expect(z.x + z.width).toBeLessThanOrEqual(390);
      await context.close();
    }
  });

  it('on a phone the "Ready to work offline" toast does not cover the customizer drawer’s Layout options', async () => {
    const { page, context } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    // The service worker's script is held until the drawer is open, so the toast (4 s on screen)
    // comes while the drawer is open however slow the machine is, as it does for a person who opens
    // the drawer on a first visit.
    let release!: () => void;
    const drawerOpen = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/sw.js', async (route) => {
      await drawerOpen;
      await route.fallback();
    });
    await page.goto('/help');
    await page.getByRole('button', { name: 'Open Template Customizer' }).click();
    const drawer = page.locator('[data-slot="drawer-content"]');
    await drawer.waitFor();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Ready to work offline' });
    const shown = toast.waitFor({ timeout: 60_000 });
    release();
    await shown;
    await toast.and(page.locator('[data-mounted="true"]')).waitFor();
    // Measured where it comes to rest, not mid-way through sliding in from above the screen.
    await animationsSettled(page, '[data-sonner-toaster]');
    const t = (await toast.boundingBox())!;
    const layout = page.locator('section[aria-labelledby="customizer-layout"]');
    await layout.scrollIntoViewIfNeeded();
    for (const group of ['Navbar Type', 'Direction']) {
      for (const radio of await page.getByRole('radiogroup', { name: group }).getByRole('radio').all()) {
        const r = (await radio.boundingBox())!;
        expect(overlaps(t, r), `toast ${JSON.stringify(t)} over ${group} option ${JSON.stringify(r)}`).toBe(false);
      }
    }
    // Not over the drawer at all, and on screen.
    expect(overlaps(t, (await drawer.boundingBox())!)).toBe(false);
    expect(t.y).toBeGreaterThanOrEqual(0);
    expect(t.y + t.height).toBeLessThanOrEqual(844);
    await context.close();
  });
});
