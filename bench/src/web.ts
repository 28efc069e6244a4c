// Web performance: Lighthouse 12 (Debian Chromium, headless) on `/`, `/login` and `/run` of the
// built app served by our own server, plus the initial JavaScript of the build (the entry script
// and its modulepreloads named in index.html, gzip -9) — targets (MISSION §8): desktop performance
// ≥ 95 (mobile is shown for information), initial JS ≤ 200 KB, and no map library (MapLibre,
// pmtiles) in the initial bundle. The first map frame on /run is `bench:map` (map-render.ts).
// /run is also compared with a peer in the same run: a bare MapLibre + pmtiles page drawing the
// same map (basemap and relief) from the same server (peer-map.ts), which shows how much of the
// score is the software-rendered WebGL map itself on this machine.
// Then each map page (/ui/maps/*, /grid): navigation start → first meaningful frame, beside the
// bare MapLibre page measured in the same run (web-maps.ts). BENCH_WEB_LIGHTHOUSE=0 runs only the
// map pages (and the bundle check); BENCH_WEB_MAP_PAGES=0 leaves them out.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { type Page } from 'playwright-core';
import { startBuiltServer } from './built-server.ts';
import { startPeerProxy } from './peer-map.ts';
import { printTable } from './table.ts';
import { benchMapPages, MAP_PAGES as ALL_MAP_PAGES } from './web-maps.ts';
import { INITIAL_JS_BUDGET_KB, initialJs } from './initial-js.ts';
import { CHROMIUM, launchBenchChromium } from './chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'web/dist');
const PAGES = (process.env.BENCH_WEB_PAGES ?? '/,/login,/run').split(',');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const LIGHTHOUSE = process.env.BENCH_WEB_LIGHTHOUSE !== '0';
const MAP_PAGES = process.env.BENCH_WEB_MAP_PAGES !== '0';
/** The seeded demo account (SEED_DEMO), for the pages that need a signed-in user. */
const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' };
const TARGET_SCORE = 95;
const TARGET_INITIAL_JS_KB = INITIAL_JS_BUDGET_KB;

interface LhResult {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  mapRequests: string[];
}

async function runLighthouse(url: string, port: number, preset: 'mobile' | 'desktop'): Promise<LhResult> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (
    (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)
      ?.items ?? []
  ).filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptKb: requests.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024,
    mapRequests: requests.map((r) => r.url).filter((u) => /maplibre|pmtiles|region-map/i.test(u)),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchWeb() {
  console.log(`Building the web app into ${path.relative(ROOT, DIST) || DIST} when its sources changed…`);
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/prepare.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: DIST },
  });
  if (built.status !== 0) throw new Error('web build failed');

  const init = initialJs(DIST);
  // the demo data (public routes for the heatmap, the account the AI chat page needs)
  const server = await startBuiltServer(DIST, { SEED_DEMO: 'true' });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const rows: { page: string; preset: string; r: LhResult }[] = [];
  const peerRows: { preset: string; r: LhResult }[] = [];
  let peer: Awaited<ReturnType<typeof startPeerProxy>> | undefined;
  let mapPages: Awaited<ReturnType<typeof benchMapPages>> = [];
  try {
    const base = server.url;
    if (MAP_PAGES) mapPages = await measureMapPages(base);
    if (LIGHTHOUSE) await lighthouseAll();
  } finally {
    await chrome?.kill();
    await peer?.stop();
    await server.stop();
  }
  async function lighthouseAll() {
    const base = server.url;
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-extensions',
      ],
    });
    const measure = async (url: string, preset: 'mobile' | 'desktop', label: string): Promise<LhResult> => {
      const runs: LhResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse occasionally fails to record a trace (NO_NAVSTART/NO_FCP) on a busy machine: retry once.
        try {
          runs.push(await runLighthouse(url, chrome!.port, preset));
        } catch (err) {
          console.log(`  ${preset} ${label}: ${(err as Error).message}; retrying`);
          runs.push(await runLighthouse(url, chrome!.port, preset));
        }
      }
      const scores = runs.map((r) => r.score);
      console.log(`  ${preset} ${label}: scores ${scores.join(', ')}`);
      return { ...runs.find((r) => r.score === median(scores))!, score: median(scores) };
    };
    if (PAGES.includes('/run')) peer = await startPeerProxy(base, 'andorra', true);
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const page of PAGES) {
        rows.push({ page, preset, r: await measure(`${base}${page}`, preset, page) });
        if (page === '/run' && peer) peerRows.push({ preset, r: await measure(peer.url, preset, 'peer (bare MapLibre page)') });
      }
    }
  }

  if (LIGHTHOUSE)
    console.log(`\nWeb performance (Lighthouse 12, Debian Chromium headless, median of ${RUNS} runs; target score ≥ ${TARGET_SCORE})`);
  if (LIGHTHOUSE)
    console.table(
      rows.map(({ page, preset, r }) => ({
        page,
        'form factor': preset,
        score: r.score,
        target: preset === 'desktop' ? (r.score >= TARGET_SCORE ? 'met' : 'MISSED') : '(desktop only)',
        'FCP ms': Math.round(r.fcp),
        'LCP ms': Math.round(r.lcp),
        'TBT ms': Math.round(r.tbt),
        CLS: Number(r.cls.toFixed(3)),
        'JS transferred KB': Number(r.scriptKb.toFixed(1)),
        'map JS loaded': r.mapRequests.length ? r.mapRequests.join(' ') : 'no',
      })),
    );
  for (const { preset, r: p } of peerRows) {
    const ours = rows.find((r) => r.page === '/run' && r.preset === preset)!.r;
    printTable(`/run beside a bare MapLibre + pmtiles page drawing the same map from the same server (Lighthouse ${preset})`, [
      { metric: 'performance score', ours: ours.score, peer: p.score, peerName: 'bare page', unit: '', higherIsBetter: true },
      { metric: 'total blocking time', ours: ours.tbt, peer: p.tbt, peerName: 'bare page', unit: 'ms', higherIsBetter: false },
      { metric: 'largest contentful paint', ours: ours.lcp, peer: p.lcp, peerName: 'bare page', unit: 'ms', higherIsBetter: false },
    ]);
  }
  const jsKb = init.jsGzip / 1024;
  console.log(`\nInitial bundle of the build (index.html entry + modulepreloads, gzip -9; target ≤ ${TARGET_INITIAL_JS_KB} KB)`);
  console.table([
    {
      'initial JS KB (gzip)': Number(jsKb.toFixed(1)),
      target: jsKb <= TARGET_INITIAL_JS_KB ? 'met' : 'MISSED',
      'initial CSS KB (gzip)': Number((init.cssGzip / 1024).toFixed(1)),
      files: init.files.length,
      'map libraries in initial bundle': init.mapLibraries.length ? init.mapLibraries.join(', ') : 'none',
    },
  ]);
  const missed =
    rows.filter((r) => r.preset === 'desktop' && r.r.score < TARGET_SCORE).length +
    (jsKb > TARGET_INITIAL_JS_KB ? 1 : 0) +
    init.mapLibraries.length;
  if (missed) console.log(`\n${missed} target(s) missed.`);
  return { rows, peerRows, initial: init, mapPages };
}

/** The map pages' first meaningful frames beside the bare MapLibre page (web-maps.ts), in Playwright's Chromium. */
async function measureMapPages(base: string) {
  const browser = await launchBenchChromium();
  const signIn = async (page: Page) => {
    await page.goto(`${base}/help`);
    const status = await page.evaluate(async (who) => {
      const { token } = (await (await fetch('/api/_auth/csrf')).json()) as { token: string };
      const res = await fetch('/api/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify(who),
      });
      return res.status;
    }, DEMO);
    if (status !== 200) throw new Error(`demo sign-in: HTTP ${status}`);
  };
  try {
    console.log(`Map pages: first meaningful frame, ${RUNS} loads each, beside the bare MapLibre page…`);
    const only = process.env.BENCH_WEB_MAP_ONLY ? new RegExp(process.env.BENCH_WEB_MAP_ONLY) : null;
    return await benchMapPages(browser, base, RUNS, signIn, only ? ALL_MAP_PAGES.filter((p) => only.test(p.path)) : ALL_MAP_PAGES);
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWeb();
