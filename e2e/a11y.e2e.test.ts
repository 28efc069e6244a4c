// axe-core on the shell's pages in light and dark mode, left-to-right and right-to-left:
// no serious or critical violations (WCAG 2.1 A/AA rules).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './support/axe.ts';
import { DEMO, signInApi } from './support/auth.ts';
import { launchBrowser, newPage } from './support/browser.ts';

const ROUTES = path.resolve(import.meta.dirname, '../web/src/routes');
// /login belongs to the auth feature: checked whenever its route file exists.
const hasLogin = fs.existsSync(path.join(ROUTES, 'login.tsx'));

const PAGES: { path: string; auth?: boolean; ready: (p: Page) => Promise<unknown> }[] = [
  { path: '/', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  ...(hasLogin ? [{ path: '/login', ready: (p: Page) => p.locator('form').first().waitFor() }] : []),
  { path: '/dashboard', auth: true, ready: (p) => p.locator('[data-testid="dashboard-activity"]').waitFor() },
  { path: '/help', ready: (p) => p.getByRole('heading', { name: 'Help', level: 1 }).waitFor() },
  { path: '/404', ready: (p) => p.getByText('Oops! Page Not Found!').waitFor() },
];

const VARIANTS = [
  { mode: 'light', dir: 'ltr' },
  { mode: 'dark', dir: 'ltr' },
  { mode: 'light', dir: 'rtl' },
  { mode: 'dark', dir: 'rtl' },
] as const;

describe('accessibility (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const v of VARIANTS) {
    it(`has no serious or critical violations in ${v.mode} mode, ${v.dir.toUpperCase()}`, async () => {
      const { page, context } = await newPage(browser, { colorScheme: v.mode });
      await page.addInitScript(({ mode, dir }) => {
        localStorage.setItem('waymark:color-mode', mode);
        localStorage.setItem('waymark:app-settings', JSON.stringify({ dir, sidebar: { collapsible: 'offcanvas', variant: 'sidebar' } }));
      }, v);
      const problems: string[] = [];
      for (const p of PAGES) {
        if (p.auth) {
          await signInApi(page, DEMO);
        }
        await page.goto(p.path);
        await p.ready(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(v.dir);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(v.mode === 'dark');
        // let entrance animations settle so colours are final
        await page.waitForTimeout(400);
        problems.push(...(await axeProblems(page, p.path)));
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  // WCAG 2.3.3. Every other browser test runs with reduced motion (support/browser.ts: no frames spent
  // on fades and camera flights); this one also checks the default, animated path.
  it('honours reduced motion: a dialog opens at once for users who ask, and animates for others', async () => {
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const { page, context } = await newPage(browser, { reducedMotion });
      await page.goto('/components/dialog');
      await page.locator('[data-showcase-ready]').waitFor();
      await page.getByRole('button', { name: 'Rename route' }).first().click();
      const dialog = page.getByRole('dialog').first();
      await dialog.waitFor();
      const seconds = await dialog.evaluate((el) => parseFloat(getComputedStyle(el).animationDuration));
      if (reducedMotion === 'reduce') expect(seconds).toBeLessThan(0.001);
      else expect(seconds).toBeGreaterThanOrEqual(0.1);
      await context.close();
    }
  });
});
