// The MapLibre implementation behind <RegionMap>; loaded lazily so map libraries stay out of the
// initial bundle. One map per mounted component, removed on unmount.
import {
  AttributionControl,
  Map as MlMap,
  NavigationControl,
  ScaleControl,
  addProtocol,
  setWorkerUrl,
  type StyleSpecification,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Protocol } from 'pmtiles';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { MapContext } from './context';
import type { RegionMapProps } from './region-map';
import { warmRegionCache } from './offline';
import { fetchRegions } from './regions';
import { BASEMAP_SOURCE, OSM_ATTRIBUTION, TERRAIN_SOURCE, regionStyle } from './style';
import { useDarkMode } from './use-dark-mode';

let protocolRegistered = false;
function registerOnce() {
  if (protocolRegistered) return;
  protocolRegistered = true;
  setWorkerUrl(workerUrl);
  const protocol = new Protocol();
  addProtocol('pmtiles', protocol.tile);
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

export default function RegionMapImpl({ region, className, onLoad, initialView, hillshade = true, children, ariaLabel }: RegionMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MlMap | null>(null);
  const [map, setMap] = useState<MlMap | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dark = useDarkMode();
  const onLoadRef = useRef(onLoad);
  const styleKey = useRef('');
  useEffect(() => {
    onLoadRef.current = onLoad;
  });

  // create the map once
  useEffect(() => {
    registerOnce();
    const el = container.current!;
    const m = new MlMap({
      container: el,
      style: regionStyle({ region, dark, origin: window.location.origin, hillshade }),
      center: initialView?.center ?? [0, 20],
      zoom: initialView?.zoom ?? 2,
      attributionControl: false,
      maxPitch: 70,
    });
    styleKey.current = `${region}|${dark}|${hillshade}`;
    m.addControl(new AttributionControl({ compact: false, customAttribution: OSM_ATTRIBUTION }), 'bottom-right');
    m.addControl(new NavigationControl({ visualizePitch: true }), 'top-right');
    m.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
    mapRef.current = m;
    let cancelled = false;
    m.once('load', () => {
      if (cancelled) return;
      warmRegionCache(window.location.origin, region);
      setMap(m);
      onLoadRef.current?.(m);
    });
    const markReady = () => m.once('idle', () => el.setAttribute('data-map-ready', 'true'));
    if (initialView) markReady();
    m.on('error', (e) => {
      const msg = e.error?.message ?? 'map error';
      if (!/aborted|AbortError/i.test(msg)) console.warn('[map]', msg);
    });
    if (!initialView) {
      fetchRegions()
        .then((list) => {
          const r = list.find((x) => x.name === region);
          if (cancelled) return;
          if (r) m.jumpTo({ center: r.center, zoom: r.defaultZoom });
          else setError(`Unknown region “${region}”`);
          markReady();
        })
        .catch(() => !cancelled && setError('Could not load the region list'));
    }
    return () => {
      cancelled = true;
      mapRef.current = null;
      setMap(null);
      m.remove();
    };
    // the map is created once; region/theme changes are applied below without recreating it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // region, theme or hillshade changed: swap the style in place (the camera is kept)
  useEffect(() => {
    const m = mapRef.current;
    const key = `${region}|${dark}|${hillshade}`;
    if (!m || key === styleKey.current) return;
    const regionChanged = !styleKey.current.startsWith(`${region}|`);
    styleKey.current = key;
    const el = container.current!;
    el.removeAttribute('data-map-ready');
    m.once('idle', () => el.setAttribute('data-map-ready', 'true'));
    m.setStyle(regionStyle({ region, dark, origin: window.location.origin, hillshade }), { diff: true, transformStyle: keepOverlays });
    if (regionChanged) {
      warmRegionCache(window.location.origin, region);
      fetchRegions()
        .then((list) => {
          const r = list.find((x) => x.name === region);
          if (r) m.jumpTo({ center: r.center, zoom: r.defaultZoom });
          setError(r ? null : `Unknown region “${region}”`);
        })
        .catch(() => setError('Could not load the region list'));
    }
  }, [region, dark, hillshade]);

  return (
    <div className={cn('relative h-full w-full', className)}>
      <div
        ref={container}
        className="h-full w-full"
        role="region"
        aria-label={ariaLabel ?? `Map of ${region}`}
        data-region={region}
        data-theme={dark ? 'dark' : 'light'}
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
