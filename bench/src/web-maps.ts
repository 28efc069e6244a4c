// The map pages' first meaningful frame, beside a peer measured in the same run: each page of
// /ui/maps/* and /grid against the bare MapLibre + pmtiles page (peer-map.ts: no React, router or
// app shell) drawing the same region from the same server. Debian Chromium (SwiftShader WebGL),
// 1280×800, a fresh browser context per run (cold HTTP cache, no service worker yet), from
// navigation start to the `waymark:map-first-frame` performance mark — set at the map's first
// `idle`, i.e. every basemap tile in view loaded and drawn — and, for pages whose point is an
// overlay drawn from the page's own data (population hexagons, extruded buildings), on to the first
// frame that draws a feature of that overlay. The peer marks its own first `idle`.
import type { Browser, Page } from 'playwright-core';
import { PEER_MARK, PEER_PAGE, peerHtml, peerResponse, regionView } from './peer-map.ts';
import { printTable, type Row } from './table.ts';
import { allowTsxFunctions } from './tsx-shim.ts';

const FIRST_FRAME = 'waymark:map-first-frame';
/** How long one load may take to its meaningful frame before it counts as not drawn. */
const TIMEOUT_MS = Number(process.env.BENCH_WEB_MAP_TIMEOUT ?? 180_000);

export interface MapPage {
  path: string;
  /** the region the page opens on (its peer draws the same) */
  region: string;
  /** a style layer whose first drawn feature is the page's meaningful frame, beyond the basemap */
  overlay?: string;
  /** the page needs a signed-in user */
  auth?: boolean;
}

export const MAP_PAGES: MapPage[] = [
  { path: '/ui/maps/single-page', region: 'andorra' },
  { path: '/grid', region: 'andorra' },
  { path: '/ui/maps/elevation', region: 'andorra' },
  // a heatmap layer is not queryable: that page is timed to its map frame
  { path: '/ui/maps/3d-buildings', region: 'monaco', overlay: 'buildings-3d' },
  { path: '/ui/maps/generate-route', region: 'andorra' },
  { path: '/ui/maps/heatmap', region: 'andorra' },
  { path: '/ui/maps/population-density', region: 'andorra', overlay: 'population-fill' },
  { path: '/ui/maps/ai-chat', region: 'andorra', auth: true },
];

/** ms from navigation start to the first map frame, and to the first frame with the overlay drawn. */
async function timePage(browser: Browser, base: string, p: MapPage, signIn?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    if (p.auth && signIn) await signIn(page);
    if (p.overlay) {
      // without it the script below threw before watching anything: the overlay was "never drawn"
      await allowTsxFunctions(page);
      // from the page's first script on: mark the first rendered frame that draws an overlay feature
      await page.addInitScript((layer) => {
        const w = globalThis as unknown as { __waymarkTest?: { map(): unknown }; __overlayWatch?: number };
        const tick = () => {
          const m = w.__waymarkTest?.map() as
            | {
                getLayer(id: string): unknown;
                on(e: string, f: () => void): void;
                off(e: string, f: () => void): void;
                queryRenderedFeatures(o: object): unknown[];
              }
            | undefined;
          if (!m) return void setTimeout(tick, 20);
          const onRender = () => {
            if (!m.getLayer(layer) || m.queryRenderedFeatures({ layers: [layer] }).length === 0) return;
            m.off('render', onRender);
            performance.mark('bench:overlay-frame');
          };
          m.on('render', onRender);
        };
        tick();
      }, p.overlay);
    }
    await page.goto(`${base}${p.path}`);
    const mark = p.overlay ? 'bench:overlay-frame' : FIRST_FRAME;
    try {
      await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: TIMEOUT_MS, polling: 50 });
    } catch {
      // not drawn in time (software WebGL on a loaded machine): NaN, reported as such
      return { frame: await page.evaluate((f) => performance.getEntriesByName(f)[0]?.startTime ?? NaN, FIRST_FRAME), meaningful: NaN };
    }
    return await page.evaluate(
      ([first, m]) => ({
        frame: performance.getEntriesByName(first)[0]?.startTime ?? NaN,
        meaningful: performance.getEntriesByName(m)[0]!.startTime,
      }),
      [FIRST_FRAME, mark] as const,
    );
  } finally {
    await context.close();
  }
}

async function timePeer(browser: Browser, base: string, region: string): Promise<number> {
  const view = await regionView(base, region);
  const html = peerHtml(view, base, false);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.route('**/__peer/**', (route) => {
      const own = peerResponse(new URL(route.request().url()).pathname, html);
      return own ? route.fulfill({ body: own.body, contentType: own.type }) : route.fulfill({ status: 404, body: 'not found' });
    });
    await page.goto(`${base}${PEER_PAGE}`);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, PEER_MARK, { timeout: TIMEOUT_MS, polling: 50 });
    return await page.evaluate((m) => performance.getEntriesByName(m)[0]!.startTime, PEER_MARK);
  } finally {
    await context.close();
  }
}

/** The median of the finite values (NaN when there are none). */
const median = (all: number[]) => {
  const xs = all.filter(Number.isFinite).sort((a, b) => a - b);
  return xs.length ? xs[Math.floor(xs.length / 2)]! : NaN;
};

/**
 * Time every page (`runs` loads each, median) and the peer per region, interleaved so that load on
 * the machine falls on both alike; print one table with the ratio per page.
 */
export async function benchMapPages(
  browser: Browser,
  base: string,
  runs: number,
  signIn: (page: Page) => Promise<void>,
  pages: MapPage[] = MAP_PAGES,
) {
  const peerRuns = new Map<string, number[]>();
  const results: { p: MapPage; frame: number; meaningful: number }[] = [];
  for (const p of pages) {
    const frames: number[] = [];
    const meaningful: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = await timePage(browser, base, p, signIn);
      frames.push(t.frame);
      meaningful.push(t.meaningful);
      const peer = peerRuns.get(p.region) ?? [];
      if (peer.length < runs * 2) peer.push(await timePeer(browser, base, p.region).catch(() => NaN));
      peerRuns.set(p.region, peer);
    }
    results.push({ p, frame: median(frames), meaningful: median(meaningful) });
    const ms = (xs: number[]) => xs.map((x) => (Number.isFinite(x) ? Math.round(x) : 'not drawn')).join(', ');
    console.log(
      `  ${p.path}: first map frame ${ms(frames)} ms; meaningful ${ms(meaningful)} ms; peer (${p.region}) so far ${ms(peerRuns.get(p.region)!)} ms`,
    );
  }
  const missing = results.filter((r) => !Number.isFinite(r.meaningful));
  if (missing.length)
    console.log(
      `Not drawn within ${TIMEOUT_MS / 1000} s in any load: ${missing.map((r) => `${r.p.path} (${r.p.overlay ?? 'map'})`).join(', ')}`,
    );
  const rows: Row[] = results
    .filter((r) => Number.isFinite(r.meaningful))
    .map(({ p, meaningful }) => ({
      metric: `${p.path} first meaningful frame${p.overlay ? ` (${p.overlay} drawn)` : ''}`,
      ours: meaningful,
      peer: median(peerRuns.get(p.region)!),
      peerName: `bare MapLibre page (${p.region})`,
      unit: 'ms',
      higherIsBetter: false,
    }));
  printTable(`Map pages: navigation start → first meaningful frame (Chromium SwiftShader, 1280×800, cold cache, median of ${runs})`, rows);
  return results.map((r) => ({ ...r, peer: median(peerRuns.get(r.p.region)!) }));
}
