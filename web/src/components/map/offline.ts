// Offline support for region packs. MapLibre reads PMTiles with HTTP Range requests (206), which a
// service worker cannot store as such. So once a page is controlled by the service worker, fetch
// each region file whole (200) once: the worker's CacheFirst rule stores it, and its range-request
// support then answers later Range requests from that copy — with or without a network.
const warmed = new Set<string>();

export const regionFiles = (origin: string, region: string) =>
  ['basemap.pmtiles', 'terrain.pmtiles', 'graph.bin'].map((f) => `${origin}/tiles/${encodeURIComponent(region)}/${f}`);

export function warmRegionCache(origin: string, region: string): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  for (const url of regionFiles(origin, region)) {
    if (warmed.has(url)) continue;
    warmed.add(url);
    // Body must be read to completion for the worker to cache it; failures are retried next visit.
    fetch(url)
      .then((r) => r.arrayBuffer())
      .catch(() => warmed.delete(url));
  }
}
