// <MapLayer>: a style layer on the surrounding <RegionMap>, declared as JSX — usually inside a
// <GeoJsonSource>, whose id is its default source. Layers are added in JSX order (on top of what the
// map already draws, or under `beforeId`); a changed paint or layout property, filter or zoom
// range is set on the existing layer; the layer is removed on unmount and added again if a style
// swap ever drops it.
import { useEffect, useRef } from 'react';
import type { LayerSpecification, Map as MlMap } from 'maplibre-gl';
import { useMap } from './context';
import { styleAlive, useSourceId } from './geojson-source';
import { sameValue } from './same-value';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type MapLayerProps = DistributiveOmit<LayerSpecification, 'source'> & {
  /** defaults to the enclosing <GeoJsonSource> */
  source?: string;
  /** insert under this layer (when it exists) instead of on top */
  beforeId?: string;
};

type Spec = LayerSpecification & { source?: string };
type Props = Record<string, unknown>;

/** Set on layer `id` what changed from `prev` to `next`: paint and layout keys, filter, zoom range. */
export function updateLayer(map: MlMap, id: string, prev: Spec, next: Spec): void {
  const setEach = (a: Props | undefined, b: Props | undefined, set: (k: string, v: unknown) => void) => {
    const before = a ?? {};
    const after = b ?? {};
    for (const k of Object.keys(after)) if (!sameValue(before[k], after[k])) set(k, after[k]);
    for (const k of Object.keys(before)) if (!(k in after)) set(k, undefined);
  };
  const m = map as unknown as {
    setPaintProperty(l: string, k: string, v: unknown): void;
    setLayoutProperty(l: string, k: string, v: unknown): void;
  };
  setEach(prev.paint as Props | undefined, next.paint as Props | undefined, (k, v) => m.setPaintProperty(id, k, v));
  setEach(prev.layout as Props | undefined, next.layout as Props | undefined, (k, v) => m.setLayoutProperty(id, k, v));
  const f = (s: Spec) => ('filter' in s ? s.filter : undefined);
  if (!sameValue(f(prev), f(next))) map.setFilter(id, f(next) as Parameters<MlMap['setFilter']>[1]);
  if (prev.minzoom !== next.minzoom || prev.maxzoom !== next.maxzoom) map.setLayerZoomRange(id, next.minzoom ?? 0, next.maxzoom ?? 24);
}

export function MapLayer(props: MapLayerProps) {
  const map = useMap();
  const enclosing = useSourceId();
  const { beforeId, ...rest } = props;
  const spec = { ...rest, source: props.source ?? enclosing ?? undefined } as Spec;
  const id = spec.id;
  const latest = useRef({ spec, beforeId });
  /** the spec (and position) the map's layer was last given */
  const applied = useRef<Spec | null>(null);
  const appliedBefore = useRef<string | undefined>(undefined);

  useEffect(() => {
    latest.current = { spec, beforeId };
  });

  useEffect(() => {
    if (!map) return;
    const add = () => {
      if (!styleAlive(map) || map.getLayer(id)) return;
      const { spec: s, beforeId: before } = latest.current;
      if (s.source && !map.getSource(s.source)) return; // its source comes back first (see GeoJsonSource)
      try {
        map.addLayer(s, before && map.getLayer(before) ? before : undefined);
        applied.current = s;
        appliedBefore.current = before;
      } catch (err) {
        console.warn(`[map] layer ${id}:`, err);
      }
    };
    add();
    map.on('styledata', add);
    return () => {
      map.off('styledata', add);
      if (styleAlive(map) && map.getLayer(id)) map.removeLayer(id);
      applied.current = null;
    };
  }, [map, id]);

  useEffect(() => {
    const prev = applied.current;
    if (!map || !prev || !styleAlive(map) || !map.getLayer(id)) return;
    if (prev.type !== spec.type || prev.source !== spec.source) {
      console.warn(`[map] layer ${id}: its type and source are fixed (give it another id to change them)`);
      return;
    }
    updateLayer(map, id, prev, spec);
    applied.current = spec;
    if (beforeId !== appliedBefore.current && (!beforeId || map.getLayer(beforeId))) {
      map.moveLayer(id, beforeId);
      appliedBefore.current = beforeId;
    }
  });

  return null;
}
