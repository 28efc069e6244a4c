import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseURL(): string {
  return inject('baseURL');
}

/** Launch Debian Chromium headless with the flags this machine needs (no network, SwiftShader WebGL). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
      // Nothing but the test server resolves: a request to any other origin fails at once.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

/**
 * A fresh browser context on the test server. Any other origin does not resolve (see the launch
 * flags: the app must work with nothing but its own server); `blocked` collects the requests made to
 * one, for assertions. The requests are watched, not intercepted: a catch-all `context.route` would
 * send every request through the test process and turn off the HTTP cache, so each page load would
 * fetch every script chunk and map tile again (tests that route a path themselves still do that).
 *
 * The service worker is blocked unless a test asks for it (`serviceWorkers: 'allow'`): otherwise
 * every fresh context would install it, precache the app shell and copy the region's files whole
 * into its cache after the first map frame — about a fifth of the browser's CPU on a first visit to
 * `/run` here — and its "Ready to work offline" toast would come and go over whatever a test
 * reads. The tests of offline use and of that toast allow it (run, regions, shell, shell-rtl-phone).
 *
 * Contexts ask for reduced motion, as a user may (the app honours it: transitions end at once, the
 * map's camera jumps and its labels appear without fading): on software WebGL every animation frame
 * costs 0.2–0.7 s of CPU, and about a seventh of the map pages' CPU went to them (175.5 s against
 * 203.3 s for maps-pages.e2e, measured in a cgroup). a11y.e2e checks both paths; `E2E_MOTION=full`
 * runs the whole suite with motion, as most people see the app.
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; blocked: string[] }> {
  const origin = new URL(baseURL()).origin;
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
    reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
    ...options,
  });
  const blocked: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (!(url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:'))) blocked.push(url);
  });
  return { context, blocked };
}

export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; context: BrowserContext; blocked: string[] }> {
  const { context, blocked } = await newContext(browser, options);
  const page = await context.newPage();
  return { page, context, blocked };
}

/**
 * Resolves once every finite CSS animation and transition inside `root` (the whole document when
 * omitted) has finished, so a check reads the settled page rather than a frame mid-fade: a button
 * whose opacity is still easing in from its disabled state, a toast still sliding in from above the
 * screen. Infinite animations (spinners, skeleton pulses) are not waited for. Gives up after
 * `timeoutMs` and lets the check run on what is there.
 */
export async function animationsSettled(page: Page, root?: string, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(
    async ({ root, timeoutMs }) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const el = root ? document.querySelector(root) : null;
        const all = root ? (el?.getAnimations({ subtree: true }) ?? []) : document.getAnimations();
        const running = all.filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        if (running.length === 0 || Date.now() > deadline) return;
        await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 250))]);
      }
    },
    { root: root ?? null, timeoutMs },
  );
}
