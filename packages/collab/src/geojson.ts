import { z } from 'zod';
import { MapEditError, type ProjectMap } from './model.ts';
import { LIMITS, geometrySchema, type FeatureRecord, type Json, type LayerSource, type StyleOverride } from './schema.ts';

/**
 * GeoJSON in and out of a project map. Per-feature style overrides travel as simplestyle-spec
 * properties (`stroke`, `stroke-width`, `stroke-opacity`, `fill-opacity`), the convention of
 * geojson.io and uMap, so a round trip keeps them and other tools show them.
 */

export interface MapFeature {
  type: 'Feature';
  id: string;
  geometry: FeatureRecord['geometry'];
  properties: Record<string, Json>;
}
export interface MapFeatureCollection {
  type: 'FeatureCollection';
  features: MapFeature[];
}

const SIMPLESTYLE = ['stroke', 'stroke-width', 'stroke-opacity', 'fill-opacity', 'marker-color'] as const;

export function styleToSimplestyle(s: StyleOverride): Record<string, Json> {
  const out: Record<string, Json> = {};
  if (s.color) out.stroke = s.color;
  if (s.strokeWidth !== undefined) out['stroke-width'] = s.strokeWidth;
  if (s.opacity !== undefined) out['stroke-opacity'] = s.opacity;
  if (s.fillOpacity !== undefined) out['fill-opacity'] = s.fillOpacity;
  return out;
}

/** Split simplestyle keys off a feature's properties into a style override. */
export function simplestyleToStyle(props: Record<string, unknown>): { style: StyleOverride; properties: Record<string, unknown> } {
  const style: StyleOverride = {};
  const properties: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) {
    if (!(SIMPLESTYLE as readonly string[]).includes(k)) {
      properties[k] = v;
      continue;
    }
    if ((k === 'stroke' || k === 'marker-color') && typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)) style.color = v;
    else if (k === 'stroke-width' && typeof v === 'number' && v >= 0 && v <= 20) style.strokeWidth = v;
    else if (k === 'stroke-opacity' && typeof v === 'number' && v >= 0 && v <= 1) style.opacity = v;
    else if (k === 'fill-opacity' && typeof v === 'number' && v >= 0 && v <= 1) style.fillOpacity = v;
    else properties[k] = v;
  }
  return { style, properties };
}

/** The live features of the map (or of one layer) as a FeatureCollection. */
export function toFeatureCollection(map: ProjectMap, opts: { layerId?: string; withLayer?: boolean } = {}): MapFeatureCollection {
  const names = new Map(map.layers().map((l) => [l.id, l.name]));
  return {
    type: 'FeatureCollection',
    features: map.features(opts.layerId ? { layerId: opts.layerId } : {}).map((f) => ({
      type: 'Feature',
      id: f.id,
      geometry: f.geometry,
      properties: {
        ...f.properties,
        ...styleToSimplestyle(f.style),
        ...(opts.withLayer ? { layer: names.get(f.layerId) ?? null } : {}),
      },
    })),
  };
}

const importFeature = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  geometry: z.unknown(),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
});
const importCollection = z.union([
  z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
  importFeature,
  z.object({ type: z.string(), coordinates: z.unknown() }),
]);

/** Features of a parsed GeoJSON value, validated; invalid input throws MapEditError('invalid'). */
export function readGeoJson(value: unknown): { geometry: FeatureRecord['geometry']; properties: Record<string, unknown> }[] {
  const top = importCollection.safeParse(value);
  if (!top.success) throw new MapEditError('invalid', 'Not GeoJSON: expected a FeatureCollection, a Feature or a geometry');
  const raw =
    top.data.type === 'FeatureCollection'
      ? (top.data as { features: unknown[] }).features
      : top.data.type === 'Feature'
        ? [top.data]
        : [{ type: 'Feature', geometry: top.data, properties: {} }];
  if (raw.length > LIMITS.maxFeatures) throw new MapEditError('limit', `At most ${LIMITS.maxFeatures} features per import`);
  const out: { geometry: FeatureRecord['geometry']; properties: Record<string, unknown> }[] = [];
  raw.forEach((f, i) => {
    const feat = importFeature.safeParse(f);
    if (!feat.success) throw new MapEditError('invalid', `Feature ${i + 1} is not a GeoJSON Feature`);
    if (feat.data.geometry === null) return; // features without geometry carry nothing to draw
    const g = geometrySchema.safeParse(feat.data.geometry);
    if (!g.success) throw new MapEditError('invalid', `Feature ${i + 1}: ${g.error.issues[0]?.message ?? 'invalid geometry'}`);
    out.push({ geometry: g.data, properties: feat.data.properties ?? {} });
  });
  return out;
}

/**
 * Add one layer holding `features` in a single transaction, all validated first: a bad feature
 * throws before anything is written. Returns the new layer's id.
 */
export function addLayerWithFeatures(
  map: ProjectMap,
  input: { name: string; source?: LayerSource | null; features: { geometry: unknown; properties?: Record<string, unknown> }[] },
): { layerId: string; count: number } {
  const live = map.features().length;
  if (live + input.features.length > LIMITS.maxFeatures) {
    throw new MapEditError(
      'limit',
      `A map may have at most ${LIMITS.maxFeatures} features (it has ${live}, the import adds ${input.features.length})`,
    );
  }
  // Validate everything on a scratch copy of the inputs before touching the document.
  const prepared = input.features.map((f, i) => {
    const { style, properties } = simplestyleToStyle(f.properties ?? {});
    const clean = Object.fromEntries(
      Object.entries(properties)
        .filter(([k]) => k.length > 0)
        .slice(0, LIMITS.maxPropertyKeys)
        .map(([k, v]) => [k.slice(0, LIMITS.maxPropertyKeyLength), toJson(v)]),
    );
    const g = geometrySchema.safeParse(f.geometry);
    if (!g.success) throw new MapEditError('invalid', `Feature ${i + 1}: ${g.error.issues[0]?.message ?? 'invalid geometry'}`);
    return { geometry: g.data, properties: clean, style };
  });
  let layerId = '';
  map.doc.transact(() => {
    layerId = map.addLayer({ name: input.name, source: input.source ?? null });
    map.addFeatures(layerId, prepared);
  }, map.actor.origin ?? null);
  return { layerId, count: prepared.length };
}

/** Any JS value → a JSON value within the property limits (long text cut, odd values stringified). */
function toJson(v: unknown): Json {
  if (v === null || typeof v === 'boolean' || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) {
    return typeof v === 'string' && v.length > LIMITS.maxPropertyValueLength - 2 ? v.slice(0, LIMITS.maxPropertyValueLength - 2) : v;
  }
  const s = JSON.stringify(v) ?? String(v);
  if (s.length <= LIMITS.maxPropertyValueLength) {
    try {
      return JSON.parse(s) as Json;
    } catch {
      /* fall through */
    }
  }
  return s.slice(0, LIMITS.maxPropertyValueLength - 2);
}
