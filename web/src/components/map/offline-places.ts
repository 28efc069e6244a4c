// Place search without a network: the region's place index (places.json, stored whole in the
// service worker's tile cache by warmRegionCache) searched in the browser with the same code the
// server uses (@waymark/geo/places), so offline answers match online ones.
import type { Place } from '@waymark/contracts/regions';
import { indexPlaces, searchPlaces, type IndexedPlace, type Place as PackPlace } from '@waymark/geo/places';
import { TILE_CACHE } from './offline';

const indexes = new Map<string, Promise<IndexedPlace[] | null>>();

async function loadIndex(region: string): Promise<IndexedPlace[] | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(TILE_CACHE);
  // any stored version of the file will do (the cache keeps only the current one)
  const res = await cache.match(`${location.origin}/tiles/${encodeURIComponent(region)}/places.json`, { ignoreSearch: true });
  if (!res) return null;
  const body = (await res.json()) as { places?: unknown };
  if (!Array.isArray(body.places)) return null;
  const places = body.places.filter(
    (p): p is PackPlace =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as PackPlace).name === 'string' &&
      typeof (p as PackPlace).kind === 'string' &&
      Number.isFinite((p as PackPlace).lon) &&
      Number.isFinite((p as PackPlace).lat),
  );
  return indexPlaces(places.map((p) => ({ ...p, rank: Number.isFinite(p.rank) ? p.rank : 0 })));
}

/** Search the cached place index of `region`; null when it is not stored on this device. */
export async function searchCachedPlaces(region: string, q: string, limit: number): Promise<Place[] | null> {
  let index = indexes.get(region);
  if (!index) {
    index = loadIndex(region).catch(() => null);
    indexes.set(region, index);
  }
  const loaded = await index;
  if (!loaded) {
    indexes.delete(region); // try again later: the copy may arrive once the page is online
    return null;
  }
  return searchPlaces(loaded, q, limit);
}
