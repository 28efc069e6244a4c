// Small helpers the demo pages share for their overlays (drawn with the map kit's <GeoJsonSource> /
// <MapLayer>): an empty collection, the bounds of some points, the label font.
import type { FeatureCollection, Geometry } from 'geojson';

export type Fc = FeatureCollection<Geometry, Record<string, unknown>>;
export const EMPTY: Fc = { type: 'FeatureCollection', features: [] };

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
