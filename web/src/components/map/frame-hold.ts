// Holding a map frame back, briefly, for data that is a few milliseconds away.
//
// A change to a GeoJSON source reaches the screen after two round trips to MapLibre's worker (the
// data, then each tile in view). MapLibre asks for a frame as soon as the first answer is handled,
// and that frame draws nothing new when the tiles are still on their way. With a GPU that frame
// costs a few milliseconds; in a software-rendered browser (SwiftShader, most VMs and CI machines)
// it blocks the main thread for 250–900 ms, the tiles' answers wait behind it, and the change shows
// one whole frame later (docs/regions.md, click to paint). So while one of the given sources is
// loading, and frames are expensive, the next frame is held until the source is loaded, for at most
// a quarter of the last frame's cost (and `maxMs`); the camera moving is never held.
import type { Map as MlMap } from 'maplibre-gl';

/** Longest hold, in ms, however expensive frames are. */
export const FRAME_HOLD_MAX_MS = 60;
/** Frames that cost less than this (a GPU) are never held. */
const MIN_HOLD_MS = 4;

/**
 * Hold `map`'s frames while any of `sources` loads (see above). Returns the undo. Uses MapLibre's
 * public `triggerRepaint` (every frame MapLibre asks for goes through it) and `isSourceLoaded`.
 */
export function holdFramesWhileLoading(map: MlMap, sources: readonly string[], maxMs = FRAME_HOLD_MAX_MS): () => void {
  const own = Object.prototype.hasOwnProperty.call(map, 'triggerRepaint');
  const ask = map.triggerRepaint;
  /** how long the main thread stayed busy after the last frame's render event (ms) */
  let frameCost = 0;
  /** a frame was asked for and is not yet passed on to MapLibre */
  let pending = false;
  let held: ReturnType<typeof setTimeout> | null = null;
  const loading = () => !map.isMoving() && sources.some((id) => map.getSource(id) !== undefined && map.isSourceLoaded(id) === false);
  const release = () => {
    if (held !== null) clearTimeout(held);
    held = null;
    pending = false;
    ask.call(map);
  };
  map.triggerRepaint = function hold() {
    if (pending) {
      // asked again (a tile came): go once nothing is loading any more
      if (held !== null && !loading()) release();
      return;
    }
    const budget = Math.min(maxMs, frameCost / 4);
    if (budget < MIN_HOLD_MS) return ask.call(map);
    pending = true;
    // Decided after the task that asked: MapLibre asks for a frame as it handles a source's new
    // data, before it asks its worker for the tiles, so only then does the source say it loads.
    setTimeout(() => {
      if (!pending) return;
      if (loading()) held = setTimeout(release, budget);
      else release();
    }, 0);
  };
  // the frame's cost: from its render event to the first task after it (compositing included)
  const onRender = () => {
    const t = performance.now();
    setTimeout(() => (frameCost = performance.now() - t), 0);
  };
  map.on('render', onRender);
  return () => {
    map.off('render', onRender);
    if (held !== null) release();
    if (own) map.triggerRepaint = ask;
    else delete (map as unknown as { triggerRepaint?: unknown }).triggerRepaint;
  };
}
