// The MapLibre implementation behind <RegionMap>; loaded lazily so map libraries stay out of the
// initial bundle. One map per mounted component, removed on unmount.
import {
  AttributionControl,
  Map as MlMap,
  NavigationControl,
  ScaleControl,
  addProtocol,
  prewarm,
  setWorkerUrl,
  type StyleSpecification,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-controls.css';
import { PMTiles, Protocol } from 'pmtiles';
import { useEffect, useId, useRef, useState } from 'react';
import { prefersReducedMotion } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { MapContext } from './context';
import type { RegionMapProps } from './region-map';
import { markFirstMapFrame } from './first-frame';
import { registerMapHandle } from './map-handle';
import { warmRegionCache } from './offline';
import { provideMissingPoiIcons } from './poi-icons';
import { fetchRegions } from './regions';
import { BASEMAP_SOURCE, OSM_ATTRIBUTION, TERRAIN_SOURCE, WORLD_SOURCE, glyphUrls, packUrls, regionStyle } from './style';
import { holdFramesWhileLoading, noFadesWhenFramesAreSlow, noRepeatPlacementFrames } from './frame-hold';
import { useMapDark } from './use-dark-mode';

/** Run `fn` when the browser is idle (or soon, where requestIdleCallback is missing). */
function whenIdle(fn: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => fn(), { timeout: 3000 });
  else setTimeout(fn, 200);
}

// On chunk load, before any map exists: point MapLibre at its worker and start the worker (its
// module download and start-up would otherwise wait for the first map), register pmtiles://.
setWorkerUrl(workerUrl);
prewarm();
const protocol = new Protocol();
addProtocol('pmtiles', protocol.tile);
const warmed = new Set<string>();

/**
 * Fetch in parallel what the first frame of a region needs and would otherwise request one after
 * another: the PMTiles header and root directories, and the label glyphs (cacheable, so MapLibre's
 * own request later is served from the HTTP cache).
 */
function prefetchRegion(origin: string, region: string, version: string | undefined) {
  const key = `${region}@${version}`;
  if (warmed.has(key)) return;
  warmed.add(key);
  for (const url of packUrls(origin, region, version).slice(0, 2)) {
    const archive = new PMTiles(url);
    protocol.add(archive);
    archive.getHeader().catch(() => undefined);
  }
  for (const url of glyphUrls(origin)) fetch(url).catch(() => undefined);
}

/** Keep sources and layers other features added on top of the base style across style swaps. */
function keepOverlays(prev: StyleSpecification | undefined, next: StyleSpecification): StyleSpecification {
  if (!prev) return next;
  const baseIds = new Set(next.layers.map((l) => l.id));
  const sources = { ...next.sources };
  for (const [id, s] of Object.entries(prev.sources))
    if (id !== BASEMAP_SOURCE && id !== TERRAIN_SOURCE && !(id in sources)) sources[id] = s;
  const extra = prev.layers.filter(
    (l) => !baseIds.has(l.id) && l.id !== 'hillshade' && !('source' in l && (l.source === BASEMAP_SOURCE || l.source === TERRAIN_SOURCE)),
  );
  return { ...next, sources, layers: [...next.layers, ...extra] };
}

export default function RegionMapImpl({
  region,
  className,
  onLoad,
  initialView,
  hillshade = true,
  children,
  ariaLabel,
  scaleUnit = 'metric',
  handle,
  theme,
}: RegionMapProps) {
  const ownHandle = `map${useId()}`;
  const mapHandle = handle ?? ownHandle;
  const handleRef = useRef(mapHandle);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MlMap | null>(null);
  const scaleRef = useRef<ScaleControl | null>(null);
  const scaleUnitRef = useRef(scaleUnit);
  const [map, setMap] = useState<MlMap | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [firstFrame, setFirstFrame] = useState(false);
  const appDark = useMapDark();
  const dark = theme ? theme === 'dark' : appDark;
  const onLoadRef = useRef(onLoad);
  const styleKey = useRef('');
  /** the pack version of the region on show (from GET /api/regions), for the file URLs */
  const versionRef = useRef<string | undefined>(undefined);
  useEffect(() => {
    onLoadRef.current = onLoad;
    handleRef.current = mapHandle;
  });

  // create the map once, at the region's view (no detour through a world view), once the
  // region list (preloaded by map routes) gives the pack version for the file URLs
  useEffect(() => {
    const el = container.current!;
    const origin = window.location.origin;
    let cancelled = false;
    let m: MlMap | null = null;
    let unregister = () => {};
    const create = (view: { center: [number, number]; zoom: number }) => {
      const version = versionRef.current;
      prefetchRegion(origin, region, version);
      // The first frame is the basemap alone: shaded relief (the heaviest tiles to fetch and
      // decode) joins once that frame is drawn, and the offline copy of the region is fetched
      // when the page is idle after that.
      const map = new MlMap({
        container: el,
        style: regionStyle({ region, dark, origin, hillshade: false, version }),
        center: view.center,
        zoom: view.zoom,
        attributionControl: false,
        maxPitch: 70,
        // labels appear at once rather than fading in over 300 ms (a repaint per frame meanwhile)
        // for users who asked for reduced motion; camera moves already jump for them
        fadeDuration: prefersReducedMotion() ? 0 : 300,
      });
      m = map;
      // until the first complete frame, no software-rendered frame is drawn for tiles a few ms away
      const unhold = holdFramesWhileLoading(map, [BASEMAP_SOURCE, WORLD_SOURCE]);
      noFadesWhenFramesAreSlow(map);
      noRepeatPlacementFrames(map);
      provideMissingPoiIcons(map);
      styleKey.current = `${region}|${dark}|false`;
      map.addControl(new AttributionControl({ compact: false, customAttribution: OSM_ATTRIBUTION }), 'bottom-right');
      map.addControl(new NavigationControl({ visualizePitch: true }), 'top-right');
      scaleRef.current = new ScaleControl({ unit: scaleUnitRef.current });
      map.addControl(scaleRef.current, 'bottom-left');
      mapRef.current = map;
      map.once('load', () => {
        if (cancelled) return;
        unregister = registerMapHandle(handleRef.current, map);
        setMap(map);
        onLoadRef.current?.(map);
      });
      map.once('idle', () => {
        unhold();
        if (cancelled) return;
        markFirstMapFrame();
        setFirstFrame(true);
        whenIdle(() => !cancelled && warmRegionCache(origin, region, version));
      });
      map.on('error', (e) => {
        const msg = e.error?.message ?? 'map error';
        if (!/aborted|AbortError/i.test(msg)) console.warn('[map]', msg);
      });
    };
    const world = { center: [0, 20] as [number, number], zoom: 2 };
    fetchRegions()
      .then((list) => {
        if (cancelled) return;
        const r = list.find((x) => x.name === region);
        if (!r) setError(`Unknown region “${region}”`);
        versionRef.current = r?.version;
        create(initialView ?? (r ? { center: r.center, zoom: r.defaultZoom } : world));
      })
      .catch(() => {
        if (cancelled) return;
        setError('Could not load the region list');
        create(initialView ?? world);
      });
    return () => {
      cancelled = true;
      unregister();
      mapRef.current = null;
      scaleRef.current = null;
      setMap(null);
      (m as MlMap | null)?.remove();
    };
    // the map is created once; region/theme changes are applied below without recreating it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    scaleUnitRef.current = scaleUnit;
    scaleRef.current?.setUnit(scaleUnit);
  }, [scaleUnit]);

  // region, theme or hillshade changed: swap the style in place (the camera is kept)
  // (hillshade waits for the first frame, see above; data-map-ready marks the settled map)
  useEffect(() => {
    const m = mapRef.current;
    if (!m || !firstFrame) return;
    const key = `${region}|${dark}|${hillshade}`;
    const el = container.current!;
    if (key === styleKey.current) {
      el.setAttribute('data-map-ready', 'true');
      return;
    }
    const regionChanged = !styleKey.current.startsWith(`${region}|`);
    styleKey.current = key;
    el.removeAttribute('data-map-ready');
    const origin = window.location.origin;
    const apply = () => {
      m.once('idle', () => el.setAttribute('data-map-ready', 'true'));
      m.setStyle(regionStyle({ region, dark, origin, hillshade, version: versionRef.current }), {
        diff: true,
        transformStyle: keepOverlays,
      });
    };
    if (!regionChanged) return apply();
    fetchRegions()
      .then((list) => {
        const r = list.find((x) => x.name === region);
        versionRef.current = r?.version;
        apply();
        if (r) m.jumpTo({ center: r.center, zoom: r.defaultZoom });
        setError(r ? null : `Unknown region “${region}”`);
        warmRegionCache(origin, region, r?.version);
      })
      .catch(() => {
        apply();
        setError('Could not load the region list');
      });
  }, [region, dark, hillshade, firstFrame]);

  return (
    <div className={cn('relative h-full w-full', className)}>
      <div
        ref={container}
        className="h-full w-full"
        role="region"
        aria-label={ariaLabel ?? `Map of ${region}`}
        data-region={region}
        data-theme={dark ? 'dark' : 'light'}
        data-map-handle={mapHandle}
      />
      {error && (
        <div
          role="alert"
          className="bg-background/90 absolute top-2 left-1/2 -translate-x-1/2 rounded-md border px-3 py-1.5 text-sm shadow"
        >
          {error}
        </div>
      )}
      <MapContext.Provider value={map}>{children}</MapContext.Provider>
    </div>
  );
}
