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
export const FRAME_HOLD_MAX_MS = 100;
/** Frames that cost less than this (a GPU) are never held. */
const MIN_HOLD_MS = 4;

/**
 * Calls `fn(cost, end)` after each of `map`'s frames: `cost` is how long the main thread stayed busy
 * from the frame's render event to the first task after it (compositing included), `end` when it
 * was free again (ms, performance clock). Returns the undo.
 */
function onFrameCost(map: MlMap, fn: (cost: number, end: number) => void): () => void {
  const onRender = () => {
    const t = performance.now();
    setTimeout(() => {
      const end = performance.now();
      fn(end - t, end);
    }, 0);
  };
  map.on('render', onRender);
  return () => map.off('render', onRender);
}

/**
 * Hold `map`'s frames while any of `sources` loads, or while `awaiting()` says data for them is on
 * its way (see above). Returns the undo. Uses MapLibre's public `triggerRepaint` (every frame
 * MapLibre asks for goes through it) and `isSourceLoaded`. Data that comes without MapLibre asking
 * for a frame (`awaiting` turning false alone) is waited for until the hold's time is up.
 */
export function holdFramesWhileLoading(
  map: MlMap,
  sources: readonly string[],
  opts: { maxMs?: number; awaiting?: () => boolean } = {},
): () => void {
  const { maxMs = FRAME_HOLD_MAX_MS, awaiting } = opts;
  const own = Object.prototype.hasOwnProperty.call(map, 'triggerRepaint');
  const ask = map.triggerRepaint;
  /** how long the main thread stayed busy after the last frame's render event (ms) */
  let frameCost = 0;
  /** when the main thread was free again after the last frame */
  let frameEnd = 0;
  /** a frame was asked for and is not yet passed on to MapLibre */
  let pending = false;
  let held: ReturnType<typeof setTimeout> | null = null;
  const loading = () =>
    !map.isMoving() && (awaiting?.() === true || sources.some((id) => map.getSource(id) !== undefined && map.isSourceLoaded(id) === false));
  const release = () => {
    if (held !== null) clearTimeout(held);
    held = null;
    pending = false;
    ask.call(map);
  };
  // Decided after the task that asked: MapLibre asks for a frame as it handles a source's new data,
  // before it asks its worker for the tiles, so only then does the source say it loads.
  const decideLater = () =>
    setTimeout(() => {
      if (pending && !loading()) release();
    }, 0);
  map.triggerRepaint = function hold() {
    if (pending) {
      // asked again (an answer came): go once nothing is loading any more
      decideLater();
      return;
    }
    const budget = Math.min(maxMs, frameCost / 4);
    if (budget < MIN_HOLD_MS) return ask.call(map);
    pending = true;
    const since = performance.now();
    // The hold's time counts from when the main thread is free: a frame already on its way when
    // the hold began (asked for earlier) does not use it up.
    const expire = () => {
      const left = Math.max(since, frameEnd) + budget - performance.now();
      if (left > 1) held = setTimeout(expire, left);
      else release();
    };
    held = setTimeout(expire, budget);
    decideLater();
  };
  const unmeter = onFrameCost(map, (cost, end) => {
    frameCost = cost;
    frameEnd = end;
  });
  return () => {
    unmeter();
    if (held !== null) release();
    if (own) map.triggerRepaint = ask;
    else delete (map as unknown as { triggerRepaint?: unknown }).triggerRepaint;
  };
}

/** Frames that cost more than this (ms) cannot animate a fade: it only costs frames. */
export const SLOW_FRAME_MS = 100;

/**
 * Labels appear at once instead of fading in over 300 ms when the map's frames are slow (software
 * GL: 250–900 ms a frame). A fade then shows as one or two extra frames after every change of
 * labels — each blocking the main thread as long as the change itself — and never as an animation.
 * MapLibre takes the fade duration only as a constructor option, so the duration of a map already
 * made is set on its field (`_fadeDuration`, MapLibre 5–6); a MapLibre without it is left as it is.
 * Returns the undo.
 */
export function noFadesWhenFramesAreSlow(map: MlMap): () => void {
  const m: Partial<Pick<MlMap, '_fadeDuration'>> = map;
  const stop = onFrameCost(map, (cost) => {
    if (cost < SLOW_FRAME_MS || typeof m._fadeDuration !== 'number') return;
    m._fadeDuration = 0;
    stop();
  });
  return stop;
}

/**
 * No second frame for a symbol placement that the frame before has already finished.
 *
 * With no label fade (before the map's first `idle`, and after {@link noFadesWhenFramesAreSlow}),
 * MapLibre places every symbol in one go in each frame. When a frame brings new symbol tiles (a
 * label layer's new data, the basemap's last tiles), MapLibre still marks that complete placement
 * stale and asks for one more frame. The placement is meant to be redone in case it was split over
 * frames, but a placement done in one go cannot be split. That frame draws the same picture again;
 * in a software-rendered browser it blocks the main thread for 250–450 ms, and a click or drag that
 * comes meanwhile waits for it (docs/regions.md, click to paint, eighth pass). So after each frame
 * drawn without a fade, the placement's own request for another frame is dropped. Other requests
 * (sources, style, transitions, terrain) are left alone. The next frame, whatever asks for it,
 * places the symbols again. MapLibre 5–6 keep these in internal fields (`_placementDirty`,
 * `_idleTriggered`, `_fadeDuration`), declared in its types: a release that renames one fails the
 * type check here; one without them at run time is left as it is. Returns the undo.
 */
export function noRepeatPlacementFrames(map: MlMap): () => void {
  const m: Partial<Pick<MlMap, '_placementDirty' | '_idleTriggered' | '_fadeDuration'>> = map;
  // (the render event comes after the placement and before MapLibre decides on another frame)
  const onRender = () => {
    if (m._placementDirty !== true || typeof m._idleTriggered !== 'boolean') return;
    const fade = m._idleTriggered ? m._fadeDuration : 0;
    if (fade === 0) m._placementDirty = false;
  };
  map.on('render', onRender);
  return () => map.off('render', onRender);
}
