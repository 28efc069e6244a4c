import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_KB, initialJs } from '../bench/src/initial-js.ts';
import { baseURL, launchBrowser, newPage } from './support/browser.ts';

describe('the built app in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the landing page from the built server without console errors', async () => {
    const { page, context } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // A signed-out visit logs nothing: the session probe answers 200 with nulls (issue 11), so no
      // "Failed to load resource" line either.
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (r.status() >= 400) errors.push(`${r.status()} ${url.pathname}`);
    });
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('no-cache');
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Waymark');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it(`keeps the shell's initial JS within ${INITIAL_JS_BUDGET_KB} KB gzip, with no map library in it`, () => {
    // the build the server serves (web/dist): index.html's module script, modulepreloads, stylesheets
    const init = initialJs();
    expect(init.files.length).toBeGreaterThan(0);
    expect(init.mapLibraries).toEqual([]);
    expect(init.jsGzip / 1024).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });

  it('serves hashed assets as immutable', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseURL()}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown page with status 404 and still renders the SPA not-found page', async () => {
    const { page, context } = await newPage(browser);
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page Not Found!').count()).toBe(1);
    const text = await fetch(`${baseURL()}/no-such-page`, { headers: { accept: 'text/plain' } });
    expect(text.status).toBe(404);
    expect(await text.text()).toBe('Page not found: /no-such-page');
    await context.close();
  });
});
