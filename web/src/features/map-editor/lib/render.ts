import type { FeatureRecord, LayerRecord } from '@waymark/collab';
import type { Feature, FeatureCollection, Geometry } from 'geojson';

/** Properties every rendered feature carries; the editor's MapLibre layers style by them. */
export interface RenderProps {
  id: string;
  layer: string;
  /** position of its layer in the list (0 = bottom): the sort key, so upper layers draw on top */
  z: number;
  color: string;
  width: number;
  fillOpacity: number;
  opacity: number;
  name: string;
}

/**
 * The map's features as one GeoJSON collection for MapLibre: hidden layers left out, each
 * feature's style resolved (its own override, else its layer's), `skip` (the feature terra-draw is
 * editing) left out so it is not drawn twice.
 */
export function renderCollection(
  layers: LayerRecord[],
  features: FeatureRecord[],
  skip: ReadonlySet<string> = new Set(),
): FeatureCollection<Geometry, RenderProps> {
  const byLayer = new Map(layers.map((l, i) => [l.id, { l, z: i }]));
  const out: Feature<Geometry, RenderProps>[] = [];
  for (const f of features) {
    const entry = byLayer.get(f.layerId);
    if (!entry || !entry.l.visible || skip.has(f.id)) continue;
    const s = { ...entry.l.style, ...f.style };
    out.push({
      type: 'Feature',
      id: undefined,
      geometry: f.geometry as Geometry,
      properties: {
        id: f.id,
        layer: f.layerId,
        z: entry.z,
        color: s.color,
        width: s.strokeWidth,
        fillOpacity: s.fillOpacity,
        opacity: s.opacity,
        name: typeof f.properties.name === 'string' ? f.properties.name : '',
      },
    });
  }
  // Draw order: by layer, then document order within a layer (MapLibre also gets sort keys).
  out.sort((a, b) => a.properties.z - b.properties.z);
  return { type: 'FeatureCollection', features: out };
}

/** The terra-draw mode that edits a geometry of this type (null: not editable by terra-draw). */
export function editModeFor(type: string): 'point' | 'linestring' | 'polygon' | null {
  if (type === 'Point') return 'point';
  if (type === 'LineString') return 'linestring';
  if (type === 'Polygon') return 'polygon';
  return null;
}

/** [west, south, east, north] of a geometry's coordinates. */
export function geometryBounds(g: { coordinates: unknown }): [number, number, number, number] {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const walk = (v: unknown) => {
    if (!Array.isArray(v)) return;
    if (typeof v[0] === 'number') {
      const [x, y] = v as number[];
      if (x! < w) w = x!;
      if (x! > e) e = x!;
      if (y! < s) s = y!;
      if (y! > n) n = y!;
      return;
    }
    for (const c of v) walk(c);
  };
  walk(g.coordinates);
  return [w, s, e, n];
}
