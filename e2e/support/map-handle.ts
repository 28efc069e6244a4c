// How browser tests reach a page's MapLibre map: every <RegionMap> container carries
// `data-map-handle`, and under automation the app exposes `window.__waymarkTest.map(handle?)`
// (web/src/components/map/map-handle.ts) — without a handle, the first map on the page. Code that
// runs in the page (page.evaluate) calls it directly and casts to the parts of the map it uses.
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __waymarkTest?: { map(handle?: string): unknown; handles(): string[] };
  }
}

/** Wait until the page has registered a map (under `handle`, or any). */
export async function waitForMap(page: Page, handle?: string, timeout = 30_000) {
  await page.waitForFunction((h) => !!window.__waymarkTest?.map(h ?? undefined), handle ?? null, { timeout });
}
