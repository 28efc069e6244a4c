// <RegionMap>: the reusable map of a region pack. The MapLibre code is in a lazily loaded chunk;
// this file only holds the props and the loading shell, so importing it costs nothing up front.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { Map as MlMap } from 'maplibre-gl';
import { cn } from '@/lib/utils';
import { expectMapFrame } from './first-frame';
import { fetchRegions } from './regions';

export interface RegionMapProps {
  /** region pack name, e.g. "andorra" (see GET /api/regions) */
  region: string;
  className?: string;
  /** called once with the MapLibre map when its first style has loaded */
  onLoad?: (map: MlMap) => void;
  /** camera to start with; defaults to the region's centre and default zoom */
  initialView?: { center: [number, number]; zoom: number };
  /** the basemap's theme; default: the account's basemap setting, else the app's colour mode (useMapDark) */
  theme?: 'light' | 'dark';
  /** shaded relief from the pack's terrain tiles (default true) */
  hillshade?: boolean;
  ariaLabel?: string;
  /** units of the scale bar (default metric) */
  scaleUnit?: 'metric' | 'imperial';
  /**
   * the container's `data-map-handle` and the name browser tests reach this map by
   * (`window.__waymarkTest.map(handle)`, see map-handle.ts); default: a unique one per map
   */
  handle?: string;
  /** overlays rendered inside the map's context: <GeoJsonSource>, <MapLayer>, or `useMap()` */
  children?: ReactNode;
}

/** The MapLibre implementation once its chunk has loaded (see RegionMap). */
let loaded: ComponentType<RegionMapProps> | undefined;
const loadImpl = () =>
  import('./region-map-impl').then((m) => {
    loaded = m.default;
    return m;
  });

/**
 * Start fetching what the first map frame needs — the MapLibre chunk and the region list — before
 * the map mounts. Map routes call this from their loader, so the downloads run in parallel with
 * the route's own chunk instead of after it.
 */
export function preloadRegionMap(): void {
  expectMapFrame();
  void loadImpl().catch(() => undefined);
  void fetchRegions().catch(() => undefined);
}

export function RegionMap(props: RegionMapProps) {
  expectMapFrame();
  // A map route's loader has usually loaded the chunk by now: render the map at once. Otherwise a
  // placeholder until it arrives, then the map in the next render — not through `lazy()` and
  // Suspense, whose reveal React holds back for up to 300 ms after the fallback (its throttle): the
  // map would be created that much later (seen on /run: 250 ms of idle main thread before the map).
  // The map itself is mounted once, when the chunk is there.
  const [Ready, setReady] = useState(() => loaded);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (Ready) return;
    let live = true;
    loadImpl().then(
      (m) => live && setReady(() => m.default),
      (err: unknown) => live && setFailed(err ?? new Error('The map could not be loaded')),
    );
    return () => {
      live = false;
    };
  }, [Ready]);
  // a chunk that cannot be loaded goes to the error boundary, as a lazy component's would
  if (failed) throw failed;
  if (Ready) return <Ready {...props} />;
  return (
    <div className={cn('bg-muted h-full w-full animate-pulse', props.className)} aria-busy="true">
      <span className="sr-only">Loading map</span>
    </div>
  );
}
