// Regions stored on this device: which region files the Cache API holds (the service worker's tile
// cache and the routing worker's graph cache), their size and pack version; download a region whole
// (map, relief, routing graph, place index) to use it offline, update it to the server's version,
// remove it. Pages that show a region also store it by themselves (offline.ts warmRegionCache).
import type { RegionInfo } from '@waymark/contracts/regions';
import { GRAPH_CACHE, TILE_CACHE } from './cache-names';
import { forgetWarmed } from './offline';
import { dropStaleCopies } from './stale-copies';
import { packUrls } from './style';

/** The four files of a pack, in the order packUrls gives them. */
export const PACK_FILES = ['basemap.pmtiles', 'terrain.pmtiles', 'graph.bin', 'places.json'] as const;
type PackFile = (typeof PACK_FILES)[number];

export interface CachedEntry {
  url: string;
  bytes: number;
}

export interface StoredRegion {
  region: string;
  /** the pack version the stored files carry (`?v=`); null when they carry none */
  version: string | null;
  /** the pack files stored (graph.bin counts when either cache holds it) */
  files: PackFile[];
  /** bytes on this device, every copy counted */
  bytes: number;
}

export type RegionState = 'stored' | 'update' | 'partial' | 'absent';

/** Group cache entries under `${origin}/tiles/<region>/<file>` by region (other URLs are ignored). */
export function summarizeStored(entries: CachedEntry[], origin: string): StoredRegion[] {
  const prefix = `${origin}/tiles/`;
  const byRegion = new Map<string, { versions: Map<string, Set<PackFile>>; bytes: number }>();
  for (const e of entries) {
    if (!e.url.startsWith(prefix)) continue;
    const u = new URL(e.url);
    const [region, file, ...rest] = u.pathname.slice('/tiles/'.length).split('/');
    if (!region || !file || rest.length || !(PACK_FILES as readonly string[]).includes(file)) continue;
    const name = decodeURIComponent(region);
    const r = byRegion.get(name) ?? { versions: new Map<string, Set<PackFile>>(), bytes: 0 };
    const v = u.searchParams.get('v') ?? '';
    const files = r.versions.get(v) ?? new Set<PackFile>();
    files.add(file as PackFile);
    r.versions.set(v, files);
    r.bytes += e.bytes;
    byRegion.set(name, r);
  }
  return [...byRegion]
    .map(([region, r]) => {
      // the version with the most files stored (an interrupted update leaves two)
      const [v, files] = [...r.versions].sort((a, b) => b[1].size - a[1].size)[0]!;
      return { region, version: v || null, files: PACK_FILES.filter((f) => files.has(f)), bytes: r.bytes };
    })
    .sort((a, b) => a.region.localeCompare(b.region));
}

/** A region's state on this device against the server's pack (`info`; undefined when unknown, e.g. offline). */
export function regionState(stored: StoredRegion | undefined, info: RegionInfo | undefined): RegionState {
  if (!stored || !stored.files.length) return 'absent';
  if (info && stored.version !== info.version) return 'update';
  return stored.files.length === PACK_FILES.length ? 'stored' : 'partial';
}

/** Total bytes of a pack on the server (what a download costs). */
export const packBytes = (info: RegionInfo) => Object.values(info.sizes).reduce((a, b) => a + b, 0);

async function entriesOf(name: string): Promise<CachedEntry[]> {
  const cache = await caches.open(name);
  const out: CachedEntry[] = [];
  for (const req of await cache.keys()) {
    const res = await cache.match(req);
    if (!res) continue;
    // a cached body's size without reading it (Chromium keeps it on disk behind the Blob)
    out.push({ url: req.url, bytes: (await res.blob()).size });
  }
  return out;
}

/** Every region with files on this device. Empty without the Cache API. */
export async function storedRegions(origin = location.origin): Promise<StoredRegion[]> {
  if (typeof caches === 'undefined') return [];
  const [tiles, graphs] = await Promise.all([entriesOf(TILE_CACHE), entriesOf(GRAPH_CACHE)]);
  return summarizeStored([...tiles, ...graphs], origin);
}

/** Fetch one file whole, reporting bytes as they arrive; the body as a Blob. */
async function fetchWhole(url: string, onBytes: (n: number) => void, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, { signal, cache: 'no-store' });
  if (!res.ok || !res.body) throw new Error(`${new URL(url).pathname.split('/').pop()}: HTTP ${res.status}`);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes(value.byteLength);
  }
  const body = new Blob(chunks as BlobPart[]);
  // Only the headers a cached copy needs. No Vary: the copy is stored under a bare URL and must
  // match the service worker's requests whatever their Accept-Encoding; no Content-Encoding: the
  // body is already decoded.
  const headers = new Headers({ 'Content-Length': String(body.size) });
  for (const h of ['Content-Type', 'ETag', 'Last-Modified']) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(body, { status: 200, headers });
}

/**
 * Store `info`'s pack whole on this device (the current version), then drop copies of other
 * versions. `onProgress(done, total)` in bytes. Asks the browser to keep the storage (persist).
 */
export async function downloadRegion(
  info: RegionInfo,
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
  origin = location.origin,
): Promise<void> {
  if (typeof caches === 'undefined') throw new Error('This browser cannot store maps for offline use.');
  void navigator.storage?.persist?.().catch(() => false);
  const urls = packUrls(origin, info.name, info.version);
  const total = packBytes(info);
  let done = 0;
  const [tiles, graphs] = await Promise.all([caches.open(TILE_CACHE), caches.open(GRAPH_CACHE)]);
  for (const url of urls) {
    const res = await fetchWhole(
      url,
      (n) => {
        done += n;
        onProgress?.(Math.min(done, total), total);
      },
      signal,
    );
    if (url.includes('/graph.bin')) await graphs.put(url, res.clone());
    await tiles.put(url, res);
  }
  const prefix = `${origin}/tiles/${encodeURIComponent(info.name)}/`;
  await Promise.all([dropStaleCopies(tiles, prefix, info.version), dropStaleCopies(graphs, prefix, info.version)]);
  onProgress?.(total, total);
}

/** Delete every stored file of `region`; the number of cache entries removed. */
export async function removeRegion(region: string, origin = location.origin): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const prefix = `${origin}/tiles/${encodeURIComponent(region)}/`;
  let removed = 0;
  for (const name of [TILE_CACHE, GRAPH_CACHE]) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) if (req.url.startsWith(prefix) && (await cache.delete(req))) removed++;
  }
  forgetWarmed(region);
  return removed;
}
