// One way for browser tests (and debugging) to reach a map instance. Every <RegionMap> container
// carries `data-map-handle="<name>"`; its MapLibre map is registered under that name here. Under
// automation (navigator.webdriver, i.e. Playwright) or in a dev build the registry is reachable as
// `window.__waymarkTest.map(handle?)` — without a handle, the map of the first `[data-map-handle]`
// element on the page. Nothing is exposed to ordinary visitors of a production build.
import type { Map as MlMap } from 'maplibre-gl';

export interface WaymarkTestHooks {
  /** the map registered under `handle`, or the first map on the page */
  map(handle?: string): MlMap | undefined;
  /** handles of the maps mounted now */
  handles(): string[];
}

declare global {
  interface Window {
    /** test-only: see web/src/components/map/map-handle.ts */
    __waymarkTest?: WaymarkTestHooks;
  }
}

const maps = new Map<string, MlMap>();

function exposed(): boolean {
  return import.meta.env.DEV || (typeof navigator !== 'undefined' && navigator.webdriver === true);
}

function install() {
  if (typeof window === 'undefined' || window.__waymarkTest || !exposed()) return;
  window.__waymarkTest = {
    map(handle) {
      const key = handle ?? document.querySelector<HTMLElement>('[data-map-handle]')?.dataset.mapHandle;
      return key === undefined ? undefined : maps.get(key);
    },
    handles: () => [...maps.keys()],
  };
}

/** Register `map` under `handle` until the returned function is called. */
export function registerMapHandle(handle: string, map: MlMap): () => void {
  maps.set(handle, map);
  install();
  return () => {
    if (maps.get(handle) === map) maps.delete(handle);
  };
}

/** The map registered under `handle` (app code normally uses `useMap()` instead). */
export function mapByHandle(handle: string): MlMap | undefined {
  return maps.get(handle);
}
