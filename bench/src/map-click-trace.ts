// What happens between a click on the planner's map and the frame that draws its waypoint, on /run
// and on the bench's peer planner page (peer-planner.ts), in one browser: every MapLibre frame
// (start, duration), every GeoJSON `setData` (source, features), every source `data` event, the main
// thread's long tasks, and a CPU profile (Chromium's Profiler domain) of one timed click, summarised
// by script. For diagnosis, not a benchmark: run it under the bench lock.
//   WEB_DIST=web/dist npx tsx bench/src/map-click-trace.ts [out-dir]
// TRACE_FIRST_FRAME=1 traces the first map frame instead (cold page loads of /run and of the bare
// peer page of bench:map): every request (start, end, bytes), the main thread's long tasks and the
// first-frame mark, and a CPU profile of each load (`first-frame-<which>.cpuprofile`).
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, type Route as PwRoute } from 'playwright-core';
import { startBuiltServer } from './built-server.ts';
import { PEER_MARK, PEER_PAGE, peerHtml, peerResponse, regionView } from './peer-map.ts';
import { PEER_PLANNER_PAGE, WAYPOINT_LAYER, ROUTE_LAYER, peerPlannerHtml, peerPlannerResponse, peerRouterScript } from './peer-planner.ts';
import { allowTsxFunctions } from './tsx-shim.ts';
import { launchBenchChromium } from './chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'web/dist');
const OUT = process.argv[2] ?? '/tmp/map-click-trace';
const CLICKS: [number, number][] = [
  [1.5211, 42.5063],
  [1.5335, 42.5095],
  [1.5402, 42.5045],
  [1.533, 42.501],
  [1.526, 42.503],
  [1.518, 42.509],
];
type Which = 'ours' | 'peer';
/** ms from a click's route drawn to the next click: TRACE_SETTLE_MS=0 clicks as bench:map does, at once */
const SETTLE_MS = Number(process.env.TRACE_SETTLE_MS ?? 1500);
/** page loads traced (each: 2 warm-up clicks, then the traced ones); a summary of all clicks at the end */
const LOADS = Number(process.env.TRACE_LOADS ?? 1);
const summary: Record<Which, { dot: number; route: number }[]> = { ours: [], peer: [] };

async function instrument(page: Page, which: Which) {
  return page.evaluate(
    ({ which, points, bare }) => {
      const w = globalThis as unknown as Record<string, any>;
      const m = which === 'peer' ? w.__peerMap : (w.__waymarkTest?.map() ?? w.__waymarkMap);
      const log: unknown[][] = [];
      w.__log = log;
      const T = () => performance.now();
      const skip = new Set((bare ?? '').split(','));
      const render = m._render;
      const inFrame = { v: false };
      if (!skip.has('render'))
        m._render = function (this: unknown, ...a: unknown[]) {
          const s = T();
          inFrame.v = true;
          const r = render.apply(this, a);
          inFrame.v = false;
          log.push(['frame', s, T() - s]);
          if (m._frameRequest || m._sourcesDirty || m._styleDirty || m._placementDirty || m._repaint)
            log.push([
              'next-frame-asked',
              T(),
              `sources ${m._sourcesDirty} style ${m._styleDirty} placement ${m._placementDirty} repaint ${m._repaint} fade ${m._fadeDuration} idle ${m._idleTriggered}`,
            ]);
          return r;
        };
      const repaint = m.triggerRepaint;
      if (!skip.has('repaint'))
        m.triggerRepaint = function (this: unknown) {
          if (!m._frameRequest && !inFrame.v)
            log.push([
              'repaint-asked',
              T(),
              String(new Error().stack)
                .split('\n')
                .slice(2, 6)
                .map((l) => l.trim().replace(/\(.*\//, '('))
                .join(' < '),
            ]);
          return repaint.call(this);
        };
      for (const id of Object.keys(m.getStyle().sources)) {
        const src = m.getSource(id);
        if (src?.type !== 'geojson') continue;
        const set = src.setData;
        src.setData = function (this: unknown, d: any) {
          log.push(['setData', T(), id, d?.features?.length]);
          return set.call(this, d);
        };
        const update = src.updateData;
        src.updateData = function (this: unknown, d: any) {
          log.push(['updateData', T(), id, `-${d?.remove?.length ?? 0} +${d?.add?.length ?? 0}`]);
          return update.call(this, d);
        };
      }
      m.on('data', (e: any) => {
        if (e.sourceId && e.dataType === 'source') log.push(['data', T(), e.sourceId, e.sourceDataType ?? (e.tile ? 'tile' : '')]);
      });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) log.push(['longtask', e.startTime, e.duration]);
      }).observe({ entryTypes: ['longtask'] } as never); // (the browser's observer; the bench's types are Node's)
      m.getCanvasContainer().addEventListener('mouseup', () => log.push(['mouseup', T()]), { capture: true });
      m.getCanvasContainer().addEventListener('click', () => log.push(['click-dom', T()]), { capture: true });
      // (registered after the planner's: logged once its click handler has run)
      m.on('click', () => log.push(['map-click-handled', T()]));
      const query = m.queryRenderedFeatures;
      m.queryRenderedFeatures = function (this: unknown, ...a: unknown[]) {
        const s = T();
        const r = query.apply(this, a);
        log.push(['queryRenderedFeatures', s, `${(T() - s).toFixed(1)} ms`]);
        return r;
      };
      const style = m.getStyle();
      const lons = points.map((p: number[]) => p[0]!);
      const lats = points.map((p: number[]) => p[1]!);
      return new Promise<{ px: { x: number; y: number }[]; layers: number; sources: number }>((resolve) => {
        m.once('idle', () =>
          resolve({
            px: points.map((p: number[]) => m.project(p)),
            layers: style.layers.length,
            sources: Object.keys(style.sources).length,
          }),
        );
        m.fitBounds([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], {
          padding: { left: 490, right: 500, top: 80, bottom: 80 },
          duration: 0,
        });
        m.triggerRepaint();
      });
    },
    { which, points: CLICKS, bare: process.env.TRACE_BARE },
  );
}

async function waitPaint(page: Page, which: Which, dots: number, legs: number) {
  return page.evaluate(
    ({ which, dots, legs, wl, rl, settle }) => {
      const w = globalThis as unknown as Record<string, any>;
      const m = which === 'peer' ? w.__peerMap : (w.__waymarkTest?.map() ?? w.__waymarkMap);
      const count = (layer: string, key: string) =>
        new Set(
          (m.queryRenderedFeatures({ layers: [layer] }) as { properties: Record<string, unknown> }[]).map((f) => String(f.properties[key])),
        ).size;
      if (settle > 0) w.__log.length = 0;
      w.__paint = new Promise((resolve) => {
        const t0 = { v: null as number | null };
        const out: { dot?: number; route?: number } = {};
        m.getCanvasContainer().addEventListener('mouseup', () => (t0.v = performance.now()), { capture: true, once: true });
        const onRender = () => {
          if (t0.v === null) return;
          const dt = performance.now() - t0.v;
          if (out.dot === undefined && count(wl, 'index') >= dots) {
            out.dot = dt;
            w.__log.push(['PAINT-dot', performance.now()]);
          }
          if (out.route === undefined && (legs === 0 || count(rl, 'leg') >= legs)) {
            out.route = dt;
            w.__log.push(['PAINT-route', performance.now()]);
          }
          if (out.dot !== undefined && out.route !== undefined) {
            m.off('render', onRender);
            setTimeout(() => resolve({ ...out, t0: t0.v }), settle);
          }
        };
        m.on('render', onRender);
      });
    },
    { which, dots, legs, wl: WAYPOINT_LAYER, rl: ROUTE_LAYER, settle: SETTLE_MS },
  );
}

async function one(browser: Browser, url: string, which: Which, routePeer?: (r: PwRoute) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await allowTsxFunctions(context);
  // the routing worker's answers (ours is named waymark-routing, the peer's is its router.js)
  await context.addInitScript({
    content: `{
      const W = window.Worker;
      window.Worker = class extends W {
        constructor(url, opts) {
          super(url, opts);
          const routing = opts?.name === 'waymark-routing' || String(url).includes('router');
          this.addEventListener('message', (e) =>
            window.__log?.push(routing ? ['route-answer', performance.now()] : ['maplibre-in', performance.now(), String(e.data?.type ?? '')]));
          const post = this.postMessage.bind(this);
          this.postMessage = (m, t) => {
            window.__log?.push([routing ? 'route-request' : 'maplibre-out', performance.now(), routing ? '' : String(m?.type ?? '') + ' ' + String(m?.sourceMapId ?? m?.data?.source ?? m?.data?.uid ?? '')]);
            return post(m, t);
          };
        }
      };
    }`,
  });
  const page = await context.newPage();
  if (routePeer) await page.route('**/__peer/**', routePeer);
  await page.goto(url);
  if (which === 'ours') {
    await page.locator('[data-planner-ready="true"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
  } else await page.locator('body[data-map-loaded="true"][data-router-ready="true"]').waitFor({ timeout: 60_000 });
  const { px, layers, sources } = await instrument(page, which);
  // MapLibre's worker: when each message came in and each answer left (in the page's clock)
  const mlWorkers = page.workers().filter((w) => !w.url().includes('routing') && !w.url().includes('router'));
  for (const w of mlWorkers)
    // (a string: tsx's `__name` helper, which the pages get from allowTsxFunctions, is not in workers)
    await w.evaluate(`{
      const g = globalThis;
      g.__wlog = [];
      const now = () => performance.timeOrigin + performance.now();
      g.addEventListener('message', (e) => g.__wlog.push(['w-got', now(), String(e.data?.type ?? '')]), { capture: true });
      const post = g.postMessage.bind(g);
      g.postMessage = (m, t) => {
        g.__wlog.push(['w-sent', now(), String(m?.type ?? '')]);
        return post(m, t);
      };
    }`);
  const workerLog = async () => {
    const origin = await page.evaluate(() => performance.timeOrigin);
    const out: unknown[][] = [];
    for (const w of mlWorkers) {
      const l = (await w.evaluate('globalThis.__wlog.splice(0)')) as [string, number, string][];
      for (const [k, t, what] of l) out.push([k, t - origin, what]);
    }
    return out;
  };
  console.log(`${which}: ${layers} style layers, ${sources} sources`);
  const box = (await page.locator('canvas.maplibregl-canvas').first().boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // With TRACE_SETTLE_MS=0 the clicks follow each other as in bench:map (one round trip to the page
  // between a click's route drawn and the next click) and the logs are read after the last.
  const done: { i: number; r: { dot: number; route: number; t0: number }; log?: unknown[][] }[] = [];
  for (let i = 0; i < CLICKS.length; i++) {
    await waitPaint(page, which, i + 1, i);
    if (SETTLE_MS > 0) await workerLog(); // (what came before this click)
    const profile = SETTLE_MS > 0 && i === CLICKS.length - 1;
    if (profile) await cdp.send('Profiler.start');
    await page.mouse.click(box.x + px[i]!.x, box.y + px[i]!.y);
    const r = (await page.evaluate(() => (globalThis as any).__paint)) as { dot: number; route: number; t0: number };
    if (SETTLE_MS > 0)
      done.push({ i, r, log: [...((await page.evaluate(() => (globalThis as any).__log)) as unknown[][]), ...(await workerLog())] });
    else done.push({ i, r });
    if (profile) {
      const { profile: p } = await cdp.send('Profiler.stop');
      fs.writeFileSync(path.join(OUT, `${which}.cpuprofile`), JSON.stringify(p));
    }
  }
  const all = SETTLE_MS > 0 ? [] : [...((await page.evaluate(() => (globalThis as any).__log)) as unknown[][]), ...(await workerLog())];
  for (const { i, r, log = all } of done) {
    if (i < 2) continue;
    summary[which].push({ dot: r.dot, route: r.route });
    console.log(`\n${which} click ${i}: waypoint ${r.dot.toFixed(0)} ms, route ${r.route.toFixed(0)} ms`);
    // from a second before the click to the next click's
    const next = done.find((d) => d.i === i + 1)?.r.t0 ?? Infinity;
    const inside = (e: unknown[]) => (e[1] as number) >= r.t0 - 1000 && (e[1] as number) < next;
    for (const e of log.filter(inside).sort((a, b) => (a[1] as number) - (b[1] as number))) {
      const [k, t, ...rest] = e as [string, number, ...unknown[]];
      const rel = (t - r.t0).toFixed(0).padStart(6);
      console.log(
        `  ${rel}  ${k}${rest.length ? ' ' + rest.map((x) => (typeof x === 'number' ? x.toFixed(0) : String(x))).join(' ') : ''}`,
      );
    }
  }
  await context.close();
}

/** One cold load of `url` up to its first-frame mark: requests, long tasks and marks, in page time (ms). */
async function firstFrame(browser: Browser, url: string, which: Which, mark: string, print: boolean, peerPage?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await allowTsxFunctions(context);
  await context.addInitScript({
    content: `window.__ff = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__ff.push(['longtask', e.startTime, e.startTime + e.duration, '']); }).observe({ type: 'longtask', buffered: true });`,
  });
  const page = await context.newPage();
  if (peerPage)
    await page.route('**/__peer/**', (route) => {
      const own = peerResponse(new URL(route.request().url()).pathname, peerPage);
      return own ? route.fulfill({ body: own.body, contentType: own.type }) : route.fulfill({ status: 404, body: 'not found' });
    });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 60_000, polling: 50 });
  // (the page's types: the bench is compiled with Node's, which lack `location` and navigation timing)
  const rows = await page.evaluate(() => {
    const w = globalThis as unknown as { __ff: [string, number, number, string][]; location: { origin: string } };
    const out: [string, number, number, string][] = [...w.__ff];
    type Res = { name: string; startTime: number; responseEnd: number; transferSize: number };
    for (const e of performance.getEntriesByType('resource') as unknown as Res[])
      out.push(['request', e.startTime, e.responseEnd, `${e.name.replace(w.location.origin, '')} ${e.transferSize} B`]);
    for (const e of performance.getEntriesByType('mark')) out.push(['mark', e.startTime, e.startTime, e.name]);
    type Nav = { requestStart: number; responseEnd: number; domContentLoadedEventEnd: number };
    const nav = (performance.getEntriesByType as (t: string) => unknown[])('navigation')[0] as Nav;
    out.push(['html', nav.requestStart, nav.responseEnd, `DOMContentLoaded ${nav.domContentLoadedEventEnd.toFixed(0)}`]);
    return out.sort((a, b) => a[1] - b[1]);
  });
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  if (!print) return;
  fs.writeFileSync(path.join(OUT, `first-frame-${which}.cpuprofile`), JSON.stringify(profile));
  console.log(`\n${which}: first frame at ${rows.find((r) => r[0] === 'mark' && r[3] === mark)?.[1].toFixed(0)} ms`);
  for (const [k, a, b, what] of rows) console.log(`  ${a.toFixed(0).padStart(6)} ${b.toFixed(0).padStart(6)}  ${k} ${what}`);
}

fs.mkdirSync(OUT, { recursive: true });
const server = await startBuiltServer(DIST);
const browser = await launchBenchChromium();
try {
  const view = await regionView(server.url, 'andorra');
  const { regions } = (await (await fetch(`${server.url}/api/regions`)).json()) as {
    regions: { name: string; tiles?: { graph: string } }[];
  };
  const graph = regions.find((r) => r.name === 'andorra')?.tiles?.graph ?? '/tiles/andorra/graph.bin';
  const html = peerPlannerHtml(view, server.url, graph);
  const router = await peerRouterScript();
  const routePeer = async (route: PwRoute) => {
    const own = peerPlannerResponse(new URL(route.request().url()).pathname, html, router);
    return own ? route.fulfill({ body: own.body, contentType: own.type }) : route.fulfill({ status: 404, body: 'not found' });
  };
  const only = process.env.TRACE_ONLY;
  if (process.env.TRACE_FIRST_FRAME) {
    // a warm-up load of each first (Chromium's own start-up, the server's first reads), as bench:map does
    const peerPage = peerHtml(view, server.url, false);
    for (const print of [false, true]) {
      if (only !== 'peer') await firstFrame(browser, `${server.url}/run`, 'ours', 'waymark:map-first-frame', print);
      if (only !== 'ours') await firstFrame(browser, `${server.url}${PEER_PAGE}`, 'peer', PEER_MARK, print, peerPage);
    }
  } else {
    for (let n = 0; n < LOADS; n++) {
      if (only !== 'peer') await one(browser, `${server.url}/run`, 'ours');
      if (only !== 'ours') await one(browser, `${server.url}${PEER_PLANNER_PAGE}`, 'peer', routePeer);
    }
    for (const which of ['ours', 'peer'] as const)
      if (summary[which].length)
        console.log(
          `\n${which}: click → waypoint / route (ms): ${summary[which].map((s) => `${s.dot.toFixed(0)}/${s.route.toFixed(0)}`).join(' ')}`,
        );
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);
