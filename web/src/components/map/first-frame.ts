// The page's first drawn map frame, as a signal other work can wait for: background work that
// competes for the CPU (e.g. the planner's routing worker loading its graph) starts after the map
// is on screen instead of slowing it down.
const MARK = 'waymark:map-first-frame';
let resolveFrame: () => void = () => undefined;
const frame = new Promise<void>((r) => (resolveFrame = r));

/** Called by the map once every tile in view is drawn for the first time. */
export function markFirstMapFrame(): void {
  if (typeof performance !== 'undefined' && !performance.getEntriesByName(MARK).length) performance.mark(MARK);
  resolveFrame();
}

/** Resolves after the first map frame, or after `maxWaitMs` when no map draws (never rejects). */
export function afterFirstMapFrame(maxWaitMs = 3000): Promise<void> {
  return Promise.race([frame, new Promise<void>((r) => setTimeout(r, maxWaitMs))]);
}
