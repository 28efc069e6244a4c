// First map render on /run (MISSION §8: ≤ 1.5 s on localhost), beside a peer measured in the same
// run: a bare HTML page that loads MapLibre and pmtiles straight from node_modules and draws the
// same style from the same server — no React, no router, no app shell, no planner. Both are timed
// in Debian Chromium (SwiftShader WebGL) from navigation start to the first MapLibre `idle` (every
// tile in view loaded and drawn): ours reads the `waymark:map-first-frame` performance mark, the
// peer sets its own. Fresh browser context per run (cold HTTP cache, no service worker yet).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startBuiltServer } from './built-server.ts';
import { PEER_MARK, PEER_PAGE, peerHtml, peerResponse, regionView } from './peer-map.ts';
import { printTable } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 7);
const TARGET_MS = 1500;
const REGION = 'andorra';

async function timeFirstFrame(browser: Browser, url: string, mark: string, peer?: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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
    return page.evaluate((m) => performance.getEntriesByName(m)[0]!.startTime, mark);
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchMapRender() {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/prepare.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: DIST },
  });
  if (built.status !== 0) throw new Error('web build / region packs failed');
  const server = await startBuiltServer(DIST);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
    ],
  });
  const ours: number[] = [];
  const peer: number[] = [];
  try {
    // the same first frame as ours: the light basemap, relief added afterwards
    const html = peerHtml(await regionView(server.url, REGION), server.url, false);
    // one warm-up of each (Chromium's own start-up, the server's first reads), then alternate
    await timeFirstFrame(browser, `${server.url}/run`, 'waymark:map-first-frame');
    await timeFirstFrame(browser, `${server.url}${PEER_PAGE}`, PEER_MARK, html);
    for (let i = 0; i < RUNS; i++) {
      ours.push(await timeFirstFrame(browser, `${server.url}/run`, 'waymark:map-first-frame'));
      peer.push(await timeFirstFrame(browser, `${server.url}${PEER_PAGE}`, PEER_MARK, html));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const o = median(ours);
  const p = median(peer);
  printTable(`First map render on /run (${REGION}, 1280×800, cold cache, median of ${RUNS}; target ≤ ${TARGET_MS} ms)`, [
    {
      metric: 'navigation → first full map frame',
      ours: o,
      peer: p,
      peerName: 'bare MapLibre + pmtiles page, same style and server',
      unit: 'ms',
      higherIsBetter: false,
    },
  ]);
  console.log(`runs — ours: ${ours.map((x) => x.toFixed(0)).join(', ')} ms; peer: ${peer.map((x) => x.toFixed(0)).join(', ')} ms`);
  console.log(`target ≤ ${TARGET_MS} ms: ${o <= TARGET_MS ? 'met' : 'MISSED'}`);
  return { ours: o, peer: p };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMapRender();
  process.exit(0);
}
