// /help in Chromium: the screenshots load, the search filters the topics, and the shortcuts table
// is the one the app uses — G then E really goes to the mail (signed-out visitors sign in first).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';

describe('help', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows task guides with real screenshots, searches, and lists the shortcuts the app registers', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    for (const h of [
      'Plan a running route',
      'Create a project and invite your team',
      'Read and write mail',
      'Keyboard shortcuts',
      'Data attribution',
    ])
      await page.getByRole('heading', { name: h, level: 2 }).waitFor();
    // Every screenshot is there and decodes.
    const images = page.locator('main img');
    expect(await images.count()).toBeGreaterThanOrEqual(5);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { timeout: 15_000 }).toBe(1100);
      expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(10);
    }
    // The shortcuts table has the SPEC sequences.
    const table = page.getByTestId('shortcuts-table');
    expect(await table.getByRole('row').filter({ hasText: 'Go to your mail' }).textContent()).toMatch(/G\s*then\s*E/);
    expect(await table.getByRole('row').filter({ hasText: 'Go to the home page' }).textContent()).toMatch(/G\s*then\s*H/);

    // Search: every word must match; nothing matching says so.
    const search = page.getByRole('searchbox', { name: 'Search help' });
    await search.fill('export gpx');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'topics match' }).textContent()).toMatch(/^\d+ of \d+ topics match/);
    expect(await page.getByRole('heading', { name: 'Plan a running route', level: 2 }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Read and write mail', level: 2 }).count()).toBe(0);
    await search.fill('zzzz nothing');
    await page.getByText('No help topic matches “zzzz nothing”.').waitFor();
    await search.fill('');

    // The sequence from the table works: G then E → /email (the guard asks a visitor to sign in first).
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await page.waitForURL(/\/login\?redirect=%2Femail/);
    await context.close();
  }, 120_000);

  it('fits a phone and keeps the topics readable in RTL', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.addInitScript(() =>
      localStorage.setItem(
        'waymark:app-settings',
        JSON.stringify({ dir: 'rtl', sidebar: { collapsible: 'offcanvas', variant: 'sidebar' } }),
      ),
    );
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
