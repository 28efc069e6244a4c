// <GeoJsonSource>: a GeoJSON source on the surrounding <RegionMap>, declared as JSX. Its layers are
// <MapLayer> children. The source is added once per map and id; a new `data` object is handed to
// the existing source with `setData` (never removed and re-added per update) — or, with `diffBy`,
// only what changed with `updateData`; the source and its layers are removed on unmount, and added
// again if a style swap ever drops them.
import { createContext, useContext, useLayoutEffect, useRef, type MutableRefObject, type ReactNode } from 'react';
import type { GeoJSON } from 'geojson';
import type { GeoJSONSource, GeoJSONSourceSpecification, Map as MlMap } from 'maplibre-gl';
import { useMap } from './context';
import { emptyDiff, featureDiff } from './geojson-diff';

export type GeoJsonData = GeoJSON | string;
export type GeoJsonOptions = Omit<GeoJSONSourceSpecification, 'type' | 'data'>;

const SourceContext = createContext<string | null>(null);

/** The id of the nearest enclosing <GeoJsonSource> (the default `source` of a <MapLayer>). */
export function useSourceId(): string | null {
  return useContext(SourceContext);
}

export interface GeoJsonSourceProps {
  /** the source id on the map (unique per map) */
  id: string;
  /** the data; a new object (or URL) replaces it with `setData`, the same object changes nothing */
  data: GeoJsonData;
  /** source options (cluster, tolerance, …), applied when the source is added: change `id` to change them */
  options?: GeoJsonOptions;
  /**
   * A feature property unique to each feature (its id across updates, MapLibre's `promoteId`): a
   * new `data` collection is then handed over as the difference from the last one (`updateData`),
   * so MapLibre rebuilds only the tiles around what changed instead of every tile in view, and an
   * equal collection changes nothing. Data without it on every feature falls back to `setData`.
   * Fixed per source, like `options`.
   */
  diffBy?: string;
  /**
   * Set to a function that hands new data to the map's source at once, outside React's render: for
   * data that must reach MapLibre before the next frame while the rest of the page renders later
   * (the planner's new route). A later render with equal data (by value, with `diffBy`) changes
   * nothing; a different one replaces it as usual.
   */
  applyRef?: MutableRefObject<((data: GeoJsonData) => void) | null>;
  /** its <MapLayer>s */
  children?: ReactNode;
}

/** Whether `map` can still take style changes (not removed, style present). */
export function styleAlive(map: MlMap): boolean {
  // (`_removed` is internal but declared in MapLibre's types: a rename fails the type check)
  return !map._removed && !!map.style;
}

/** Remove a source and every layer that draws it (MapLibre refuses to remove a source in use). */
export function removeSource(map: MlMap, id: string): void {
  if (!styleAlive(map) || !map.getSource(id)) return;
  for (const l of map.getStyle().layers) if ('source' in l && l.source === id) map.removeLayer(l.id);
  map.removeSource(id);
}

export function GeoJsonSource({ id, data, options, diffBy, applyRef, children }: GeoJsonSourceProps) {
  const map = useMap();
  /** the data object the map's source holds now */
  const applied = useRef<GeoJsonData | null>(null);
  const latest = useRef({ data, options, diffBy });

  // Layout effects run before any child's passive effect: the source exists when its <MapLayer>s add themselves.
  useLayoutEffect(() => {
    latest.current = { data, options, diffBy };
  });

  useLayoutEffect(() => {
    if (!map) return;
    const add = () => {
      if (!styleAlive(map) || map.getSource(id)) return;
      try {
        const { options: o, diffBy: key, data: d } = latest.current;
        map.addSource(id, { type: 'geojson', ...o, ...(key ? { promoteId: key } : {}), data: d });
        applied.current = latest.current.data;
      } catch {
        // the style is between loads: the next `styledata` tries again
      }
    };
    add();
    map.on('styledata', add);
    return () => {
      map.off('styledata', add);
      removeSource(map, id);
      applied.current = null;
    };
  }, [map, id]);

  useLayoutEffect(() => {
    if (!map) return;
    const set = (next: GeoJsonData) => {
      if (applied.current === next || !styleAlive(map)) return;
      const src = map.getSource(id) as GeoJSONSource | undefined;
      if (!src) return;
      const key = latest.current.diffBy;
      const diff = key ? featureDiff(applied.current, next, key) : null;
      if (!diff) void src.setData(next);
      else if (!emptyDiff(diff)) void src.updateData(diff);
      applied.current = next;
    };
    if (applyRef) applyRef.current = set;
    set(data);
    return () => {
      if (applyRef?.current === set) applyRef.current = null;
    };
  }, [map, id, data, applyRef]);

  return map ? <SourceContext.Provider value={id}>{children}</SourceContext.Provider> : null;
}
