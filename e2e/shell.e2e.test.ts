// The app shell in Chromium against the built server: Template Customizer, panels, shortcuts,
// not-found, notifications hotkey, root meta and the offline service worker.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from './support/browser.ts';
import { DEMO, signInApi } from './support/auth.ts';

const html = (page: Page) =>
  page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    dir: document.documentElement.dir,
    radius: document.documentElement.style.getPropertyValue('--radius'),
    themes: Array.from(document.body.classList).filter((c) => c.startsWith('theme-')),
    themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
  }));

async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Open Template Customizer' }).click();
  await page.getByRole('dialog', { name: 'Template Customizer' }).waitFor();
}

const option = (page: Page, group: string, name: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true });

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets the root meta: lang, title, description, social card, theme colour', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toContain('Running Route Planner');
    expect(await page.title()).toContain('Project Map Editor');
    for (const sel of [
      'meta[name="description"]',
      'meta[property="og:title"]',
      'meta[property="og:description"]',
      'meta[property="og:image"]',
      'meta[name="twitter:card"]',
    ]) {
      expect((await page.getAttribute(sel, 'content'))?.length, sel).toBeGreaterThan(0);
    }
    expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#ffffff');
    await page.goto('/help');
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Help · Waymark');
    await context.close();
  });

  it('applies every customizer setting to the DOM, keeps it over a reload, and resets', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'light', viewport: { width: 1280, height: 800 } });
    await signInApi(page, DEMO, { stay: true });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /Welcome back|Dashboard/ }).waitFor();
    expect(await html(page)).toEqual({ dark: false, dir: 'ltr', radius: '0.5rem', themes: ['theme-zinc'], themeColor: '#ffffff' });
    expect(await page.locator('[data-slot="sidebar"][data-variant]').getAttribute('data-variant')).toBe('sidebar');

    await openCustomizer(page);
    await expect.poll(() => page.getByText('Customize & Preview in Real Time').isVisible()).toBe(true);
    await option(page, 'Color', 'Rose').click();
    await option(page, 'Radius', '1 rem').click();
    await option(page, 'Mode', 'Dark').click();
    await option(page, 'Navbar Type', 'Inset').click();
    await option(page, 'Direction', 'RTL').click();

    const expected = { dark: true, dir: 'rtl', radius: '1rem', themes: ['theme-rose'], themeColor: '#09090b' };
    expect(await html(page)).toEqual(expected);
    const sidebar = page.locator('[data-slot="sidebar"][data-variant]');
    expect(await sidebar.getAttribute('data-variant')).toBe('inset');
    expect(await sidebar.getAttribute('data-side')).toBe('right');
    // the radius really reaches the components
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-slot="card"]')!).borderTopLeftRadius)).toBe('20px');

    await page.reload();
    await page.getByRole('heading', { name: /Welcome back|Dashboard/ }).waitFor();
    expect(await html(page)).toEqual(expected);
    expect(await sidebar.getAttribute('data-variant')).toBe('inset');
    expect(await sidebar.getAttribute('data-side')).toBe('right');

    // Light mode and LTR put the colour and the sidebar back.
    await openCustomizer(page);
    await option(page, 'Mode', 'Light').click();
    await option(page, 'Direction', 'LTR').click();
    expect(await html(page)).toMatchObject({ dark: false, dir: 'ltr', themeColor: '#ffffff' });
    expect(await sidebar.getAttribute('data-side')).toBe('left');

    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    expect(await html(page)).toEqual({ dark: false, dir: 'ltr', radius: '0.5rem', themes: ['theme-zinc'], themeColor: '#ffffff' });
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('waymark:') && k !== 'waymark:sidebar-open')),
    ).toEqual([]);
    await context.close();
  });

  it('restores a dark theme before the first paint (no flash)', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'light' });
    await page.addInitScript(() => {
      localStorage.setItem('waymark:color-mode', 'dark');
      localStorage.setItem('waymark:theme', JSON.stringify({ theme: 'violet', radius: 0 }));
    });
    // Record the state at the first DOMContentLoaded, before the module bundle has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __first: unknown }).__first = {
          dark: document.documentElement.classList.contains('dark'),
          body: document.body.className,
          bg: getComputedStyle(document.body).backgroundColor,
        };
      });
    });
    await page.goto('/help');
    const first = (await page.evaluate(() => (window as unknown as { __first: { dark: boolean; body: string; bg: string } }).__first))!;
    expect(first.dark).toBe(true);
    expect(first.body).toContain('theme-violet');
    expect(first.bg).not.toBe('rgb(255, 255, 255)');
    await context.close();
  });

  it('is a side sheet at 1024 px (right; left in RTL) and a bottom drawer at 600 px', async () => {
    const wide = await newPage(browser, { viewport: { width: 1024, height: 768 } });
    await wide.page.goto('/help');
    await openCustomizer(wide.page);
    const sheet = wide.page.locator('[data-slot="sheet-content"]');
    await sheet.waitFor();
    expect(await sheet.getAttribute('data-side')).toBe('right');
    expect(await wide.page.locator('[data-slot="drawer-content"]').count()).toBe(0);
    await expect
      .poll(async () => {
        const b = await sheet.boundingBox();
        return b ? Math.round(b.x + b.width) : -1;
      })
      .toBe(1024);

    await option(wide.page, 'Direction', 'RTL').click();
    await expect.poll(() => sheet.getAttribute('data-side')).toBe('left');
    await expect.poll(async () => Math.round((await sheet.boundingBox())?.x ?? -1)).toBe(0);
    // and after closing and opening again
    await wide.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await openCustomizer(wide.page);
    expect(await wide.page.locator('[data-slot="sheet-content"]').getAttribute('data-side')).toBe('left');
    await wide.context.close();

    const narrow = await newPage(browser, { viewport: { width: 600, height: 800 } });
    await narrow.page.goto('/help');
    await openCustomizer(narrow.page);
    const drawer = narrow.page.locator('[data-slot="drawer-content"]');
    await drawer.waitFor();
    expect(await drawer.getAttribute('data-vaul-drawer-direction')).toBe('bottom');
    expect(await narrow.page.locator('[data-slot="sheet-content"]').count()).toBe(0);
    await expect
      .poll(async () => {
        const b = await drawer.boundingBox();
        return b ? Math.round(b.y + b.height) : -1;
      })
      .toBe(800);
    await narrow.context.close();
  });

  it('G then H within 800 ms goes home; after 900 ms it does not; not while typing', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();

    await page.keyboard.press('g');
    await page.waitForTimeout(900);
    await page.keyboard.press('h');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/help');

    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'probe';
      input.setAttribute('aria-label', 'probe');
      document.body.prepend(input);
    });
    await page.locator('#probe').focus();
    await page.keyboard.type('gh');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/help');
    await page.locator('#probe').blur();

    await page.keyboard.press('g');
    await page.waitForTimeout(150);
    await page.keyboard.press('h');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    // G then E goes to /email. Signed out, the mailbox's guard sends the visitor to sign in and
    // back to /email afterwards; signed in, the mailbox opens.
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/email');

    await signInApi(page, DEMO, { stay: true });
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/email');
    await context.close();
  });

  it('answers /no-such-page with 404 and the not-found texts; the buttons go back and home', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/help');
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await page.getByText('Oops! Page Not Found!').waitFor();
    expect(await page.getByText("It seems like the page you're looking for does not exist or might have been removed.").count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help');
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('opens the command palette with Ctrl+K and navigates to a page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search pages and actions' });
    await input.waitFor();
    await input.fill('help');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help');
    await context.close();
  });

  it('works offline after one online visit (service worker), shows "offline-ready", and Alt+T focuses the notifications', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    // the worker installs, precaches the shell and takes control (clientsClaim)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    const toast = page.getByText('Ready to work offline');
    await toast.waitFor({ timeout: 20_000 });

    await page.keyboard.press('Alt+t');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.closest('section[aria-label^="Notifications"]') !== null &&
            document.activeElement?.hasAttribute('data-sonner-toaster'),
        ),
      )
      .toBe(true);

    // reload the visited page without a network
    await page.reload();
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    // a client-side navigation to an already cached route chunk works too
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Waymark' }).waitFor();
    // a never-visited page falls back to the offline page
    await page.goto('/request-access');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('F8 focuses the headless (Radix) toast viewport', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    // the headless toaster mounts once the page is idle
    await page.locator('[role="region"][aria-label="Notifications (F8)"]').waitFor({ state: 'attached' });
    await page.keyboard.press('F8');
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.tagName === 'OL' && document.activeElement.closest('[aria-label="Notifications (F8)"]') !== null,
        ),
      )
      .toBe(true);
    await context.close();
  });

  it('serves the web manifest with the install fields and icons', async () => {
    const res = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const m = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; purpose?: string; sizes: string }[];
    };
    expect(m).toMatchObject({ short_name: 'Waymark', start_url: '/run-app', display: 'standalone' });
    expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of m.icons) {
      const r = await fetch(`${baseURL()}${icon.src}`);
      expect(r.status, icon.src).toBe(200);
    }
    const offline = await fetch(`${baseURL()}/offline.html`);
    expect(offline.status).toBe(200);
  });
});
