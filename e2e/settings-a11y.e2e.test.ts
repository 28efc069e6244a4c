// axe-core on the workspace pages (/email and its compose window, the five settings pages, /help)
// in light LTR and dark RTL at 1280 px, and light LTR at 390 px (which must not scroll
// sideways): no serious or critical violations. One test per variant, each looping over the pages.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { ADMIN, apiCall, signInApi } from './support/auth.ts';

const tag = Date.now().toString(36);
const AXEL = { email: `axel-${tag}@example.org`, password: 'settings a11y passphrase 3 owls', name: `Axel ${tag}` };

const PAGES: { path: string; ready: (p: Page) => Promise<unknown> }[] = [
  { path: '/email', ready: (p) => p.getByRole('heading', { name: /Mailbox/ }).waitFor() },
  { path: '/settings/profile', ready: (p) => p.getByLabel('Display name').waitFor() },
  { path: '/settings/account', ready: (p) => p.getByRole('button', { name: 'Export my data' }).waitFor() },
  { path: '/settings/appearance', ready: (p) => p.getByRole('form', { name: 'Appearance' }).waitFor() },
  { path: '/settings/notifications', ready: (p) => p.getByRole('switch', { name: 'Mentions' }).waitFor() },
  { path: '/settings/display', ready: (p) => p.getByRole('combobox', { name: 'Start page' }).waitFor() },
  { path: '/help', ready: (p) => p.getByRole('heading', { name: 'Help', level: 1 }).waitFor() },
];
// Each mode and each direction once at 1280 px (contrast depends on the mode, layout on the
// direction; the shell gets all four pairs in a11y.e2e.test.ts), and a phone.
const VARIANTS = [
  { mode: 'light', dir: 'ltr', width: 1280 },
  { mode: 'dark', dir: 'rtl', width: 1280 },
  { mode: 'light', dir: 'ltr', width: 390 },
] as const;

describe('accessibility of the workspace pages (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const { page, context } = await newPage(browser);
    await signInApi(page, ADMIN);
    const created = (await apiCall(page, 'POST', '/api/admin/users', AXEL)).status;
    expect(created).toBe(201);
    await context.close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const v of VARIANTS) {
    it(`no serious or critical violations in ${v.mode} mode, ${v.dir.toUpperCase()}, ${v.width} px`, async () => {
      const { page, context } = await newPage(browser, { colorScheme: v.mode, viewport: { width: v.width, height: 800 } });
      await page.addInitScript(({ mode, dir }) => {
        localStorage.setItem('waymark:color-mode', mode);
        localStorage.setItem('waymark:app-settings', JSON.stringify({ dir, sidebar: { collapsible: 'offcanvas', variant: 'sidebar' } }));
      }, v);
      await signInApi(page, AXEL);
      const problems: string[] = [];
      const scan = async (what: string) => {
        problems.push(...(await axeProblems(page, what)));
      };
      for (const p of PAGES) {
        await page.goto(p.path);
        await p.ready(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(v.dir);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(v.mode === 'dark');
        await page.waitForTimeout(400);
        await scan(p.path);
        if (p.path === '/email' && v.width === 1280) {
          await page.getByTestId('compose').click();
          await page.getByRole('dialog', { name: 'New message' }).waitFor();
          await page.waitForTimeout(300);
          await scan('/email (compose)');
          await page.keyboard.press('Escape');
        }
        if (v.width === 390)
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${p.path} fits 390 px`).toBeLessThanOrEqual(390);
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
