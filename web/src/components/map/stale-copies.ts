// Dependency-free (the routing worker imports it too): removes cached copies of files from other
// pack versions, which file URLs carry as `?v=`.

/** In `cache`, delete every entry under `prefix` (a URL prefix) whose `?v=` is not `version`. */
export async function dropStaleCopies(cache: Cache, prefix: string, version: string): Promise<number> {
  let dropped = 0;
  for (const req of await cache.keys()) {
    if (!req.url.startsWith(prefix)) continue;
    if (new URL(req.url).searchParams.get('v') !== version && (await cache.delete(req))) dropped++;
  }
  return dropped;
}
