// Offline support for region packs. MapLibre reads PMTiles with HTTP Range requests (206), which a
// service worker cannot store as such. So once a page is controlled by the service worker, fetch
// each region file whole (200) once: the worker's CacheFirst rule stores it, and its range-request
// support then answers later Range requests from that copy — with or without a network. File URLs
// carry the pack version (`?v=`); once the current version is stored, copies of older versions of
// the same region are deleted (they are megabytes each).
import { TILE_CACHE } from './cache-names';
import { dropStaleCopies } from './stale-copies';
import { packUrls } from './style';

export { TILE_CACHE };

const warmed = new Set<string>();

export const regionFiles = (origin: string, region: string, version: string | undefined) => packUrls(origin, region, version);

export function warmRegionCache(origin: string, region: string, version: string | undefined): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  const urls = regionFiles(origin, region, version).filter((u) => !warmed.has(u));
  if (!urls.length) return;
  for (const u of urls) warmed.add(u);
  // Bodies must be read to completion for the worker to cache them; failures are retried next visit.
  const fetched = urls.map((url) =>
    fetch(url)
      .then(async (r) => {
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${r.status}`);
      })
      .catch((e: unknown) => {
        warmed.delete(url);
        throw e;
      }),
  );
  if (version)
    void Promise.all(fetched)
      .then(() => dropOtherVersions(origin, region, version))
      .catch(() => undefined);
}

/** Delete cached files of `region` whose `v` is not `version`. */
export async function dropOtherVersions(origin: string, region: string, version: string): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  return dropStaleCopies(await caches.open(TILE_CACHE), `${origin}/tiles/${encodeURIComponent(region)}/`, version);
}

/** After a region's files were removed: warm them again the next time a page asks. */
export function forgetWarmed(region: string): void {
  const marker = `/tiles/${encodeURIComponent(region)}/`;
  for (const u of warmed) if (u.includes(marker)) warmed.delete(u);
}
