// The click-to-paint benchmark's peer: the bare MapLibre + pmtiles page of peer-map.ts plus the
// least a planner needs — a click adds a waypoint (drawn at once with `setData`), and the whole
// route is planned again by @waymark/geo's RoutePlanner in a plain Web Worker and drawn one
// feature per leg, the same work our planner does per click. No React, no router, no app shell.
// The worker is bundled from packages/geo with esbuild at bench time.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { regionStyle } from '../../web/src/components/map/style.ts';
import { PEER_FILES, type RegionView } from './peer-map.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const PEER_PLANNER_PAGE = '/__peer/planner.html';
export const PEER_ROUTER = '/__peer/router.js';
/** Layer ids as our planner's, so one in-page probe reads both pages. */
export const WAYPOINT_LAYER = 'wm-plan-waypoints-dot';
export const ROUTE_LAYER = 'wm-plan-route-line';

/** The peer's routing worker: graph.bin → RoutePlanner; answers every click with the whole route. */
export async function peerRouterScript(): Promise<string> {
  const geo = path.join(ROOT, 'packages/geo/src/index.ts');
  const out = await build({
    stdin: {
      contents: `import { RoutePlanner, RunningGraph } from ${JSON.stringify(geo)};
let planner;
onmessage = async (e) => {
  const m = e.data;
  if (m.type === 'init') {
    const bytes = new Uint8Array(await (await fetch(m.url)).arrayBuffer());
    planner = new RoutePlanner(RunningGraph.fromBytes(bytes));
    planner.router.hierarchy();
    postMessage({ type: 'ready' });
  } else {
    const r = planner.route({ waypoints: m.waypoints, paceSecPerKm: 360 });
    postMessage({ type: 'route', seq: m.seq, coords: r.coordinates, legs: r.legs.map((l) => [l.from, l.to]) });
  }
};`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/**
 * The peer planner page: full-window map at the region's view; `window.__peerMap` for the probe.
 * `hillshade`: draw the same shaded relief as our planner does once its first frame is on screen —
 * in a software-rendered browser the relief alone is ~70 % of every frame's cost, so a peer without
 * it would measure relief against no relief rather than our planner's own overhead.
 */
export function peerPlannerHtml(view: RegionView, origin: string, graphUrl: string, hillshade = true): string {
  const style = regionStyle({ region: view.name, dark: false, origin, hillshade });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>peer planner</title>
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
const empty = { type: 'FeatureCollection', features: [] };
const router = new Worker('${PEER_ROUTER}', { type: 'module' });
const points = [];
let seq = 0;
router.onmessage = (e) => {
  if (e.data.type === 'ready') { document.body.dataset.routerReady = 'true'; return; }
  if (e.data.seq !== seq) return;
  map.getSource('route').setData({ type: 'FeatureCollection', features: e.data.legs.map(([a, b], leg) => ({
    type: 'Feature', properties: { leg }, geometry: { type: 'LineString', coordinates: e.data.coords.slice(a, b + 1).map((c) => [c[0], c[1]]) } })) });
};
map.once('load', () => {
  map.addSource('route', { type: 'geojson', data: empty });
  map.addSource('waypoints', { type: 'geojson', data: empty });
  map.addLayer({ id: '${ROUTE_LAYER}', type: 'line', source: 'route', layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': '#e11d48', 'line-width': 4.5 } });
  map.addLayer({ id: '${WAYPOINT_LAYER}', type: 'circle', source: 'waypoints', paint: { 'circle-radius': 7, 'circle-color': '#ffffff', 'circle-stroke-color': '#111827', 'circle-stroke-width': 2 } });
  map.on('click', (e) => {
    points.push([e.lngLat.lng, e.lngLat.lat]);
    map.getSource('waypoints').setData({ type: 'FeatureCollection', features: points.map((p, index) => ({ type: 'Feature', properties: { index }, geometry: { type: 'Point', coordinates: p } })) });
    if (points.length >= 2) router.postMessage({ type: 'route', seq: ++seq, waypoints: points });
  });
  router.postMessage({ type: 'init', url: ${JSON.stringify(graphUrl)} });
  window.__peerMap = map;
  document.body.dataset.mapLoaded = 'true';
});
</script></body></html>`;
}

/** Answer a peer planner path: the page, its router, or one of the shared peer files. */
export function peerPlannerResponse(pathname: string, page: string, router: string): { body: string | Buffer; type: string } | null {
  if (pathname === PEER_PLANNER_PAGE) return { body: page, type: 'text/html; charset=utf-8' };
  if (pathname === PEER_ROUTER) return { body: router, type: 'text/javascript' };
  const f = PEER_FILES[pathname];
  return f ? { body: fs.readFileSync(f[0]), type: f[1] } : null;
}
