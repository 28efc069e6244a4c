// The map benchmarks' peer: a bare HTML page that loads MapLibre and pmtiles straight from
// node_modules and draws a region style from our server — no React, no router, no app shell, no
// planner. `bench:map` serves it through Playwright's request routing; `bench:web` (Lighthouse,
// which drives its own Chromium) serves it from a small same-origin proxy in front of the app.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { regionStyle } from '../../web/src/components/map/style.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const nm = (...p: string[]) => path.join(ROOT, 'node_modules', ...p);

export const PEER_PAGE = '/__peer/index.html';
export const PEER_MARK = 'peer:map-first-frame';

/** The peer's static files: path → [file on disk, content type]. */
export const PEER_FILES: Record<string, [string, string]> = {
  '/__peer/maplibre-gl.mjs': [nm('maplibre-gl/dist/maplibre-gl.mjs'), 'text/javascript'],
  '/__peer/maplibre-gl-shared.mjs': [nm('maplibre-gl/dist/maplibre-gl-shared.mjs'), 'text/javascript'],
  '/__peer/maplibre-gl-worker.mjs': [nm('maplibre-gl/dist/maplibre-gl-worker.mjs'), 'text/javascript'],
  '/__peer/maplibre-gl.css': [nm('maplibre-gl/dist/maplibre-gl.css'), 'text/css'],
  '/__peer/pmtiles.js': [nm('pmtiles/dist/pmtiles.js'), 'text/javascript'],
};

export interface RegionView {
  name: string;
  center: [number, number];
  defaultZoom: number;
}

/** The region's view (centre, zoom) as the app's `GET /api/regions` gives it. */
export async function regionView(appUrl: string, region: string): Promise<RegionView> {
  const { regions } = (await (await fetch(`${appUrl}/api/regions`)).json()) as { regions: RegionView[] };
  const r = regions.find((x) => x.name === region);
  if (!r) throw new Error(`region ${region} is not served by ${appUrl}`);
  return r;
}

/**
 * The peer page: a full-window MapLibre map of `region` with the app's style (light flavour) at the
 * region's default view; it marks `peer:map-first-frame` at the first `idle`.
 */
export function peerHtml(view: RegionView, origin: string, hillshade: boolean): string {
  const style = regionStyle({ region: view.name, dark: false, origin, hillshade });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>peer</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/__peer/maplibre-gl.css">
<style>html,body,#map{margin:0;height:100%}</style>
<script src="/__peer/pmtiles.js"></script></head><body><div id="map" role="region" aria-label="map"></div>
<script type="module">
import * as maplibregl from '/__peer/maplibre-gl.mjs';
maplibregl.setWorkerUrl('/__peer/maplibre-gl-worker.mjs');
const protocol = new pmtiles.Protocol();
maplibregl.addProtocol('pmtiles', protocol.tile);
const map = new maplibregl.Map({ container: 'map', style: ${JSON.stringify(style)}, center: ${JSON.stringify(view.center)}, zoom: ${view.defaultZoom} });
map.once('idle', () => performance.mark('${PEER_MARK}'));
</script></body></html>`;
}

/** Answer a peer path: the page itself or one of PEER_FILES; null for anything else. */
export function peerResponse(pathname: string, page: string): { body: string | Buffer; type: string } | null {
  if (pathname === PEER_PAGE) return { body: page, type: 'text/html; charset=utf-8' };
  const f = PEER_FILES[pathname];
  return f ? { body: fs.readFileSync(f[0]), type: f[1] } : null;
}

/**
 * A same-origin home for the peer page when the browser is not ours to route (Lighthouse): serves
 * `/__peer/*` and forwards every other request to the app (tiles, glyphs, sprites), on a random
 * port of 127.0.0.1. The page's style points at the proxy's own origin.
 */
export async function startPeerProxy(appUrl: string, region: string, hillshade: boolean) {
  const view = await regionView(appUrl, region);
  const target = new URL(appUrl);
  let page = '';
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const own = peerResponse(pathname, page);
    if (own) {
      res.writeHead(200, { 'content-type': own.type, 'cache-control': 'no-cache' });
      res.end(own.body);
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  page = peerHtml(view, url, hillshade);
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `${url}${PEER_PAGE}`, stop };
}
