// /ui/maps/ai-chat in Chromium against the built server (built-in intent engine: no LLM is
// configured in the browser tests), with every request outside the app's origin aborted.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { countColour, mapIdle, pageApi, pixels, saveShot, signInDemo, sweep, SWEEP_TIMEOUT } from './support/map-pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ChatMap {
  getSource(id: string):
    | {
        _data?: unknown;
        serialize(): { data: { features: { geometry: { type: string; coordinates: number[][] }; properties: Record<string, unknown> }[] } };
      }
    | undefined;
  queryRenderedFeatures(o: { layers: string[] }): { properties: Record<string, unknown> }[];
  getCenter(): { lng: number; lat: number };
}
const routeFeatures = (page: Page) =>
  page.evaluate(() => {
    const m = window.__waymarkTest!.map('ai-chat') as ChatMap;
    const src = m.getSource('chat-route');
    return src
      ? src
          .serialize()
          .data.features.map((f) => ({ type: f.geometry.type, n: f.geometry.coordinates.length, selected: f.properties.selected }))
      : [];
  });

async function ask(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

describe('/ui/maps/ai-chat', () => {
  it('asks for a 10 km loop from Encamp and sees it drawn; picks another option; shows its profile', { timeout: 400_000 }, async () => {
    const { page, context, blocked } = await newPage(browser);
    await signInDemo(page);
    expect((await pageApi(page, 'DELETE', '/api/ai/messages')).status).toBe(204);
    await page.goto('/ui/maps/ai-chat');
    await expect.poll(() => page.title(), { timeout: 60_000 }).toBe('Map - AI Chat');
    await expect.poll(() => page.getByText('Built-in intent engine').count(), { timeout: 30_000 }).toBe(1);
    await mapIdle(page);
    const before = countColour(await pixels(page), [37, 99, 235], 40);

    await ask(page, 'loop of 10 km from Encamp');
    const card = page.locator('[data-tool="generate_loop"][data-state="done"]');
    await card.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-role="assistant"] p').last().textContent(), { timeout: 10_000 })
      .toMatch(/loops? of about 10 km from Encamp/);

    // the loop is on the map: its source holds the alternatives, the chosen one drawn in blue
    const features = await routeFeatures(page);
    expect(features.length).toBeGreaterThanOrEqual(1);
    expect(features.every((f) => f.type === 'LineString' && f.n > 20)).toBe(true);
    expect(features.filter((f) => f.selected)).toHaveLength(1);
    await page.waitForTimeout(1200); // the camera's fit animation
    await mapIdle(page);
    const drawn = await pixels(page);
    const blue = countColour(drawn, [37, 99, 235], 40);
    expect(blue).toBeGreaterThan(before + 300);
    // the camera moved to Encamp (1.58°E 42.53°N)
    const c = await page.evaluate(() => (window.__waymarkTest!.map('ai-chat') as ChatMap).getCenter());
    expect(Math.abs(c.lng - 1.58)).toBeLessThan(0.08);
    expect(Math.abs(c.lat - 42.53)).toBeLessThan(0.08);
    await saveShot(page, 'ai-chat-loop');

    // another option: the table and the map follow
    const options = card.getByRole('button', { name: /Option \d/ });
    if ((await options.count()) > 1) {
      await options.nth(1).click();
      await expect.poll(async () => (await routeFeatures(page)).findIndex((f) => f.selected)).toBe(1);
      expect(await options.nth(1).getAttribute('aria-pressed')).toBe('true');
    }

    // its elevation: a card with the profile chart
    await ask(page, 'show the elevation');
    const ele = page.locator('[data-tool="show_elevation"][data-state="done"]');
    await ele.waitFor({ timeout: 30_000 });
    await expect(ele.locator('[data-profile-chart]').count()).resolves.toBe(1);
    expect(await ele.textContent()).toMatch(/Lowest\s*\d+ m/);

    // the chat is kept: a reload shows it again
    await page.reload();
    await page.locator('[data-tool="generate_loop"][data-state="done"]').waitFor({ timeout: 30_000 });
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('answers what it cannot do, and shows a failing place in its card', { timeout: 300_000 }, async () => {
    const { page, context, blocked } = await newPage(browser);
    await signInDemo(page);
    await pageApi(page, 'DELETE', '/api/ai/messages');
    await page.goto('/ui/maps/ai-chat');
    await mapIdle(page);
    await ask(page, 'what is the weather in Soldeu?');
    await expect
      .poll(() => page.locator('[data-role="assistant"]').last().textContent(), { timeout: 30_000 })
      .toMatch(/can't check the weather/);
    await ask(page, 'route from Encamp to Qwxzyplk');
    const failed = page.locator('[data-tool="plan_route"][data-state="error"]');
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.textContent()).toMatch(/couldn't find a place called "Qwxzyplk"/);
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('asks signed-out visitors to sign in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/ui/maps/ai-chat');
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(/^\/login\?redirect=/);
    await context.close();
  });

  it(
    'is accessible in light and dark, LTR and RTL, on desktop and phone (screenshots in test-results/maps)',
    async () => {
      const problems = await sweep(
        browser,
        'ai-chat',
        '/ui/maps/ai-chat',
        async (page) => {
          await mapIdle(page);
          await page.locator('[data-tool="show_elevation"][data-state="done"], [data-chat-log]').first().waitFor({ timeout: 30_000 });
        },
        { auth: true },
      );
      expect(problems).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );
});
