// First map render on /run (MISSION §8: ≤ 1.5 s on localhost), beside a peer measured in the same
// run: a bare HTML page that loads MapLibre and pmtiles straight from node_modules and draws the
// same style from the same server — no React, no router, no app shell, no planner. Both are timed
// in Debian Chromium (SwiftShader WebGL) from navigation start to the first MapLibre `idle` (every
// tile in view loaded and drawn): ours reads the `waymark:map-first-frame` performance mark, the
// peer sets its own. Fresh browser context per run (cold HTTP cache, no service worker yet).
// Then click-to-paint on the planner: from the release of a click on the map to the first frame
// that draws the new waypoint, and to the first frame that draws the re-planned route with its new
// leg (routing in the Web Worker included), beside a peer page (peer-planner.ts) doing the same
// work with bare MapLibre and @waymark/geo's RoutePlanner in a plain worker.
// Where the time of one click goes (frames, setData, long tasks, a CPU profile): map-click-trace.ts.
// BENCH_MAP_COMPARE=<dir of another build> (e.g. main's, copied) serves that build too and
// alternates every page load between the two builds and the peer, so both are measured under the
// same load — on a shared machine, runs of one build after the other differ by more than the builds.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page, type Route as PwRoute } from 'playwright-core';
import { startBuiltServer } from './built-server.ts';
import { PEER_MARK, PEER_PAGE, peerHtml, peerResponse, regionView } from './peer-map.ts';
import { PEER_PLANNER_PAGE, ROUTE_LAYER, WAYPOINT_LAYER, peerPlannerHtml, peerPlannerResponse, peerRouterScript } from './peer-planner.ts';
import { printTable, type Row } from './table.ts';
import { allowTsxFunctions } from './tsx-shim.ts';
import { launchBenchChromium } from './chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'web/dist');
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 7);
/** page loads for click-to-paint; each measures CLICKS.length - 2 clicks after two warm-up clicks */
const CLICK_RUNS = Number(process.env.BENCH_CLICK_RUNS ?? 3);
/** another build measured in the same loop (page loads alternated with ours and the peer's) */
const COMPARE = process.env.BENCH_MAP_COMPARE ? path.resolve(ROOT, process.env.BENCH_MAP_COMPARE) : null;
/** Points on streets of Andorra la Vella – Escaldes, clicked in this order. */
const CLICKS: [number, number][] = [
  [1.5211, 42.5063],
  [1.5335, 42.5095],
  [1.5402, 42.5045],
  [1.533, 42.501],
  [1.526, 42.503],
  [1.518, 42.509],
];
const TARGET_MS = 1500;
const REGION = 'andorra';

async function timeFirstFrame(browser: Browser, url: string, mark: string, peer?: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await allowTsxFunctions(context);
  try {
    const page: Page = await context.newPage();
    if (peer) {
      await page.route('**/__peer/**', (route) => {
        const own = peerResponse(new URL(route.request().url()).pathname, peer);
        return own ? route.fulfill({ body: own.body, contentType: own.type }) : route.fulfill({ status: 404, body: 'not found' });
      });
    }
    await page.goto(url);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 60_000, polling: 50 });
    // awaited here: the `finally` below closes the context, which would cut an evaluate still in flight
    return await page.evaluate((m) => performance.getEntriesByName(m)[0]!.startTime, mark);
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Which = 'ours' | 'peer';

/** Frame the click points in the part of the map no planner panel covers; their pixels on the page. */
async function frameClicks(page: Page, which: Which) {
  const px = await page.evaluate(
    async ({ which, points }) => {
      const w = globalThis as unknown as Record<string, any>;
      const m = which === 'peer' ? w.__peerMap : (w.__waymarkTest?.map() ?? w.__waymarkMap);
      const lons = points.map((p) => p[0]);
      const lats = points.map((p) => p[1]);
      await new Promise<void>((resolve) => {
        m.once('idle', () => resolve());
        m.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], {
          padding: { left: 490, right: 500, top: 80, bottom: 80 },
          duration: 0,
        });
        m.triggerRepaint();
      });
      return points.map((p) => m.project(p) as { x: number; y: number });
    },
    { which, points: CLICKS },
  );
  const box = (await page.locator('canvas.maplibregl-canvas').first().boundingBox())!;
  return px.map((p) => ({ x: box.x + p.x, y: box.y + p.y }));
}

/** One timed click: ms from the click's mouseup to the first frame with the new waypoint / the new route, and how many frames MapLibre rendered until each. */
export interface ClickSample {
  dot: number;
  route: number;
  dotFrames: number;
  routeFrames: number;
}

/**
 * Click at `at` and time, in the page, from the click's mouseup to the first rendered frame with
 * `dots` waypoints and to the first with `legs` route legs, counting the frames rendered until then
 * (a frame in software GL is 300–900 ms here: the count says where a difference comes from).
 */
async function clickToPaint(page: Page, which: Which, at: { x: number; y: number }, dots: number, legs: number): Promise<ClickSample> {
  await page.evaluate(
    ({ which, dots, legs, wl, rl }) => {
      const w = globalThis as unknown as Record<string, any>;
      const m = which === 'peer' ? w.__peerMap : (w.__waymarkTest?.map() ?? w.__waymarkMap);
      const count = (layer: string, key: string) =>
        new Set(
          (m.queryRenderedFeatures({ layers: [layer] }) as { properties: Record<string, unknown> }[]).map((f) => String(f.properties[key])),
        ).size;
      w.__paint = new Promise((resolve, reject) => {
        let t0: number | null = null;
        let frames = 0;
        const out: Partial<ClickSample> = {};
        m.getCanvasContainer().addEventListener('mouseup', () => (t0 = performance.now()), { capture: true, once: true });
        const onRender = () => {
          if (t0 === null) return;
          frames++;
          const dt = performance.now() - t0;
          if (out.dot === undefined && count(wl, 'index') >= dots) {
            out.dot = dt;
            out.dotFrames = frames;
          }
          if (out.route === undefined && (legs === 0 || count(rl, 'leg') >= legs)) {
            out.route = dt;
            out.routeFrames = frames;
          }
          if (out.dot !== undefined && out.route !== undefined) {
            m.off('render', onRender);
            resolve(out);
          }
        };
        m.on('render', onRender);
        setTimeout(() => reject(new Error(`no paint of ${dots} waypoints / ${legs} legs within 30 s`)), 30_000);
      });
    },
    { which, dots, legs, wl: WAYPOINT_LAYER, rl: ROUTE_LAYER },
  );
  await page.mouse.click(at.x, at.y);
  return page.evaluate(() => (globalThis as unknown as { __paint: Promise<ClickSample> }).__paint);
}

/** One page load: two warm-up clicks (the routing worker's first route), then the timed clicks. */
export async function clickRun(browser: Browser, url: string, which: Which, routePeer?: (route: PwRoute) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await allowTsxFunctions(context);
  try {
    const page = await context.newPage();
    if (routePeer) await page.route('**/__peer/**', routePeer);
    await page.goto(url);
    if (which === 'ours') {
      await page.locator('[data-planner-ready="true"]').waitFor({ timeout: 60_000 });
      await page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
    } else {
      await page.locator('body[data-map-loaded="true"][data-router-ready="true"]').waitFor({ timeout: 60_000 });
    }
    const px = await frameClicks(page, which);
    const samples: ClickSample[] = [];
    for (let i = 0; i < px.length; i++) {
      const s = await clickToPaint(page, which, px[i]!, i + 1, i);
      if (i >= 2) samples.push(s);
    }
    return samples;
  } finally {
    await context.close();
  }
}

async function benchClickToPaint(browser: Browser, appUrl: string, otherUrl?: string): Promise<{ rows: Row[]; other: Row[] }> {
  const view = await regionView(appUrl, REGION);
  const { regions } = (await (await fetch(`${appUrl}/api/regions`)).json()) as { regions: { name: string; tiles?: { graph: string } }[] };
  const graph = regions.find((r) => r.name === REGION)?.tiles?.graph ?? `/tiles/${REGION}/graph.bin`;
  const html = peerPlannerHtml(view, appUrl, graph);
  const router = await peerRouterScript();
  const routePeer = async (route: PwRoute) => {
    const own = peerPlannerResponse(new URL(route.request().url()).pathname, html, router);
    if (!own) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ body: own.body, contentType: own.type });
  };
  const ours: ClickSample[] = [];
  const other: ClickSample[] = [];
  const peer: ClickSample[] = [];
  for (let i = 0; i < CLICK_RUNS; i++) {
    ours.push(...(await clickRun(browser, `${appUrl}/run`, 'ours')));
    if (otherUrl) other.push(...(await clickRun(browser, `${otherUrl}/run`, 'ours')));
    peer.push(...(await clickRun(browser, `${appUrl}${PEER_PLANNER_PAGE}`, 'peer', routePeer)));
  }
  const fmt = (xs: ClickSample[], k: 'dot' | 'route') => xs.map((x) => x[k].toFixed(0)).join(', ');
  const frames = (xs: ClickSample[]) => xs.map((s) => `${s.dotFrames}/${s.routeFrames}`).join(', ');
  const also = (k: 'dot' | 'route') => (otherUrl ? `; compared build: ${fmt(other, k)} ms` : '');
  console.log(`click → waypoint drawn — ours: ${fmt(ours, 'dot')} ms; peer: ${fmt(peer, 'dot')} ms${also('dot')}`);
  console.log(`click → route drawn — ours: ${fmt(ours, 'route')} ms; peer: ${fmt(peer, 'route')} ms${also('route')}`);
  console.log(
    `frames rendered until the waypoint / the route — ours: ${frames(ours)}; peer: ${frames(peer)}${otherUrl ? `; compared build: ${frames(other)}` : ''}`,
  );
  const peerName = 'bare MapLibre page, same style and relief + RoutePlanner in a plain worker';
  const rows = (xs: ClickSample[]): Row[] => [
    {
      metric: 'click → new waypoint drawn',
      ours: median(xs.map((s) => s.dot)),
      peer: median(peer.map((s) => s.dot)),
      peerName,
      unit: 'ms',
      higherIsBetter: false,
    },
    {
      metric: 'click → re-planned route drawn',
      ours: median(xs.map((s) => s.route)),
      peer: median(peer.map((s) => s.route)),
      peerName,
      unit: 'ms',
      higherIsBetter: false,
    },
  ];
  return { rows: rows(ours), other: otherUrl ? rows(other) : [] };
}

export async function benchMapRender() {
  // BENCH_NO_BUILD=1 measures the build in WEB_DIST as it is (e.g. a copy of an older build, to compare)
  if (!process.env.BENCH_NO_BUILD) {
    const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/prepare.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST: DIST },
    });
    if (built.status !== 0) throw new Error('web build / region packs failed');
  }
  const server = await startBuiltServer(DIST);
  const compared = COMPARE ? await startBuiltServer(COMPARE) : null;
  const browser = await launchBenchChromium({
    logger: process.env.BENCH_DEBUG
      ? { isEnabled: () => true, log: (name, sev, msg) => console.log(`[pw ${name}] ${String(msg).slice(0, 300)}`) }
      : undefined,
  });
  const ours: number[] = [];
  const other: number[] = [];
  const peer: number[] = [];
  let clicks: Row[] = [];
  let otherClicks: Row[] = [];
  const loads: number[] = [];
  try {
    // the same first frame as ours: the light basemap, relief added afterwards
    const html = peerHtml(await regionView(server.url, REGION), server.url, false);
    // one warm-up of each (Chromium's own start-up, the server's first reads), then alternate
    await timeFirstFrame(browser, `${server.url}/run`, 'waymark:map-first-frame');
    if (compared) await timeFirstFrame(browser, `${compared.url}/run`, 'waymark:map-first-frame');
    await timeFirstFrame(browser, `${server.url}${PEER_PAGE}`, PEER_MARK, html);
    for (let i = 0; i < RUNS; i++) {
      loads.push(os.loadavg()[0]!);
      ours.push(await timeFirstFrame(browser, `${server.url}/run`, 'waymark:map-first-frame'));
      if (compared) other.push(await timeFirstFrame(browser, `${compared.url}/run`, 'waymark:map-first-frame'));
      peer.push(await timeFirstFrame(browser, `${server.url}${PEER_PAGE}`, PEER_MARK, html));
    }
    if (CLICK_RUNS > 0) ({ rows: clicks, other: otherClicks } = await benchClickToPaint(browser, server.url, compared?.url));
    loads.push(os.loadavg()[0]!);
  } finally {
    await browser.close();
    await server.stop();
    await compared?.stop();
  }
  const o = median(ours);
  const p = median(peer);
  const firstFrameRow = (x: number): Row => ({
    metric: 'navigation → first full map frame',
    ours: x,
    peer: p,
    peerName: 'bare MapLibre + pmtiles page, same style and server',
    unit: 'ms',
    higherIsBetter: false,
  });
  printTable(`First map render on /run (${REGION}, 1280×800, cold cache, median of ${RUNS}; target ≤ ${TARGET_MS} ms)`, [firstFrameRow(o)]);
  console.log(`runs — ours: ${ours.map((x) => x.toFixed(0)).join(', ')} ms; peer: ${peer.map((x) => x.toFixed(0)).join(', ')} ms`);
  console.log(`target ≤ ${TARGET_MS} ms: ${o <= TARGET_MS ? 'met' : 'MISSED'}`);
  if (clicks.length)
    printTable(
      `Click-to-paint on /run (${REGION}, 1280×800, ${CLICK_RUNS} page loads × ${CLICKS.length - 2} clicks after 2 warm-up clicks, median)`,
      clicks,
    );
  if (compared) {
    printTable(`The compared build (${COMPARE}), measured in the same loop against the same peer runs`, [
      firstFrameRow(median(other)),
      ...otherClicks,
    ]);
    console.log(`first-frame runs of the compared build: ${other.map((x) => x.toFixed(0)).join(', ')} ms`);
  }
  console.log(`load average (1 min) during the runs: ${loads.map((x) => x.toFixed(1)).join(', ')}`);
  return { ours: o, peer: p, clicks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMapRender();
  process.exit(0);
}
