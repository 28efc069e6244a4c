// axe-core on the auth, account, mailbox and admin pages in light and dark mode: no serious or
// critical WCAG 2.1 A/AA violations.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';

const PUBLIC: { path: string; ready: (p: Page) => Promise<unknown> }[] = [
  { path: '/login-basic', ready: (p) => p.locator('form').first().waitFor() },
  {
    path: '/register',
    ready: async (p) => {
      // Scan with the inline error showing.
      await p.getByRole('button', { name: 'Create account' }).click();
      await p.getByRole('alert').waitFor();
    },
  },
  { path: '/forgot-password', ready: (p) => p.locator('form').first().waitFor() },
  { path: '/request-access', ready: (p) => p.locator('form').first().waitFor() },
  { path: '/reset-password', ready: (p) => p.getByRole('alert').waitFor() },
  { path: '/callback?error=access_denied&error_description=Denied', ready: (p) => p.getByRole('alert').waitFor() },
];
const ADMIN: { path: string; ready: (p: Page) => Promise<unknown> }[] = [
  { path: '/settings/account', ready: (p) => p.getByTestId('session-row').first().waitFor() },
  { path: '/email', ready: (p) => p.getByRole('heading', { name: 'Mailbox' }).waitFor() },
  { path: '/admin/users', ready: (p) => p.getByRole('row').nth(1).waitFor() },
  { path: '/admin/access-requests', ready: (p) => p.getByRole('heading', { name: 'Access requests' }).waitFor() },
];

async function violations(page: Page, path: string): Promise<string[]> {
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path} [${v.impact}] ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('accessibility of the account pages (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`has no serious or critical violations in ${mode} mode`, async () => {
      const { page, context } = await newPage(browser, { colorScheme: mode });
      await page.addInitScript((m) => localStorage.setItem('waymark:color-mode', m), mode);
      const problems: string[] = [];
      for (const p of PUBLIC) {
        await page.goto(p.path);
        await p.ready(page);
        problems.push(...(await violations(page, p.path)));
      }
      await page.goto('/login-basic');
      await page.getByLabel('Email').fill('admin@waymark.local');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('waymark-admin-passphrase');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/dashboard/);
      for (const p of ADMIN) {
        await page.goto(p.path);
        await p.ready(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
        problems.push(...(await violations(page, p.path)));
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
