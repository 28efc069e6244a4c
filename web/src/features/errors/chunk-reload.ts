/** SPEC §8/§9: a chunk-load failure reloads the page at most once per 10 s. */
export const RELOAD_TTL_MS = 10_000;
const KEY = 'waymark:chunk-reload-at';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(err: unknown): boolean {
  if (!err) return false;
  const e = err as { name?: unknown; message?: unknown };
  return (typeof e.name === 'string' && e.name === 'ChunkLoadError') || (typeof e.message === 'string' && CHUNK_ERROR.test(e.message));
}

/**
 * Reload once for a chunk-load failure (a new deploy removed the old hashed files). Returns true
 * when a reload was started, false when one already happened within the last 10 s.
 */
export function reloadForChunkError(
  now = Date.now(),
  storage: Storage = sessionStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(KEY) ?? 0);
  } catch {
    /* storage unavailable: reload anyway, once per page */
  }
  if (Number.isFinite(last) && now - last < RELOAD_TTL_MS) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    /* ignore */
  }
  reload();
  return true;
}

/** Vite's preload helper fires `vite:preloadError` when a lazy chunk fails to load. */
export function installChunkErrorReload(): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadForChunkError()) event.preventDefault();
    else console.error('Chunk failed to load again after a reload', payload);
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
