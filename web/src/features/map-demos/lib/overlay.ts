// Small helpers over a MapLibre map for the demo pages' overlays: a GeoJSON source with its layers,
// created on first use and updated in place afterwards (RegionMap keeps them across theme swaps).
import type { FeatureCollection, Geometry } from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MlMap } from 'maplibre-gl';

export type Fc = FeatureCollection<Geometry, Record<string, unknown>>;
export const EMPTY: Fc = { type: 'FeatureCollection', features: [] };

/** Set the data of source `id`, adding the source and `layers` (in order, before `beforeId`) if missing. */
export function setOverlay(
  map: MlMap,
  id: string,
  data: Fc,
  layers: LayerSpecification[],
  beforeId?: string,
  source: { attribution?: string } = {},
) {
  const src = map.getSource<GeoJSONSource>(id);
  if (src) src.setData(data);
  else map.addSource(id, { type: 'geojson', data, ...source });
  for (const l of layers) if (!map.getLayer(l.id)) map.addLayer(l, beforeId && map.getLayer(beforeId) ? beforeId : undefined);
}

/** The bounds of some [lon, lat] points, or null when there are none. */
export function boundsOf(points: readonly (readonly number[])[]): [[number, number], [number, number]] | null {
  if (!points.length) return null;
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of points) {
    w = Math.min(w, p[0]!);
    e = Math.max(e, p[0]!);
    s = Math.min(s, p[1]!);
    n = Math.max(n, p[1]!);
  }
  return [
    [w, s],
    [e, n],
  ];
}

/** The label font the basemap style ships glyphs for. */
export const LABEL_FONT = ['Noto Sans Medium'];
