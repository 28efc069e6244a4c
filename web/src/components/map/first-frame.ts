// The page's first drawn map frame, as a signal other work can wait for: background work that
// competes for the CPU (e.g. the planner's routing worker loading its graph, the service worker's
// precache) starts after the map is on screen instead of slowing it down.
const MARK = 'waymark:map-first-frame';
let resolveFrame: () => void = () => undefined;
const frame = new Promise<void>((r) => (resolveFrame = r));
let expected = false;

/** Called by the map once every tile in view is drawn for the first time. */
export function markFirstMapFrame(): void {
  if (typeof performance !== 'undefined' && !performance.getEntriesByName(MARK).length) performance.mark(MARK);
  resolveFrame();
}

/** Called as soon as a page knows it will draw a map (route loaders, the map's mount). */
export function expectMapFrame(): void {
  expected = true;
}

/** Resolves after the first map frame, or after `maxWaitMs` when no map draws (never rejects). */
export function afterFirstMapFrame(maxWaitMs = 3000): Promise<void> {
  return Promise.race([frame, new Promise<void>((r) => setTimeout(r, maxWaitMs))]);
}

/**
 * For work every page does (the service worker's registration): after the first map frame on a
 * page that draws one; on a page that has announced no map within `graceMs`, at once after it.
 */
export function afterFirstMapFrameIfAny(graceMs = 1500, maxWaitMs = 15_000): Promise<void> {
  return new Promise<void>((resolve) => {
    void frame.then(resolve);
    setTimeout(resolve, maxWaitMs);
    setTimeout(() => {
      if (!expected) resolve();
    }, graceMs);
  });
}
