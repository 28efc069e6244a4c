// Value schemas of a project map (geometry, properties, style, layer source, names) and its
// limits: the wire contracts (./collab.ts) validate request bodies with them, and the shared
// document model (@waymark/collab) validates what it reads from and writes to the Yjs document
// with the same ones, so the REST API, the websocket and the editor agree on what a map holds.
import { z } from 'zod';

/** Limits of one project map, enforced wherever features enter it (REST, import, the editor). */
export const LIMITS = {
  /** live (not deleted) features in one map */
  maxFeatures: 50_000,
  maxLayers: 200,
  /** positions in one geometry, all parts together */
  maxPositions: 100_000,
  maxPropertyKeys: 100,
  maxPropertyKeyLength: 100,
  /** characters of a property value once serialised as JSON */
  maxPropertyValueLength: 10_000,
  maxNameLength: 200,
  /** geometry revisions kept per feature after compaction (the current one always stays) */
  keptRevisions: 20,
} as const;

const lon = z.number().finite().min(-180).max(180);
const lat = z.number().finite().min(-90).max(90);
export const position = z.union([z.tuple([lon, lat]), z.tuple([lon, lat, z.number().finite()])]);
export type Position = z.infer<typeof position>;

const line = z.array(position).min(2);
const ring = z
  .array(position)
  .min(4)
  // zod runs refinements after non-fatal issues too (a short ring, a bad position): check shapes first.
  .refine((r) => {
    const first: unknown = r[0];
    const last: unknown = r[r.length - 1];
    return Array.isArray(first) && Array.isArray(last) && first[0] === last[0] && first[1] === last[1];
  }, 'A polygon ring must end where it starts');

export const pointGeometry = z.object({ type: z.literal('Point'), coordinates: position });
export const geometrySchema = z
  .discriminatedUnion('type', [
    pointGeometry,
    z.object({ type: z.literal('MultiPoint'), coordinates: z.array(position).min(1) }),
    z.object({ type: z.literal('LineString'), coordinates: line }),
    z.object({ type: z.literal('MultiLineString'), coordinates: z.array(line).min(1) }),
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1)).min(1) }),
  ])
  .refine((g) => countPositions(g) <= LIMITS.maxPositions, `A geometry may have at most ${LIMITS.maxPositions} positions`);
export type Geometry = z.infer<typeof geometrySchema>;

export function countPositions(g: { type: string; coordinates: unknown }): number {
  const walk = (v: unknown): number => (Array.isArray(v) ? (typeof v[0] === 'number' ? 1 : v.reduce((n: number, x) => n + walk(x), 0)) : 0);
  return walk(g.coordinates);
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const json: z.ZodType<Json> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number().finite(), z.string(), z.array(json), z.record(z.string(), json)]),
);

export const propertiesSchema = z
  .record(z.string().min(1).max(LIMITS.maxPropertyKeyLength), json)
  .refine((p) => Object.keys(p).length <= LIMITS.maxPropertyKeys, `At most ${LIMITS.maxPropertyKeys} properties per feature`)
  .refine(
    (p) => Object.values(p).every((v) => (JSON.stringify(v) ?? '').length <= LIMITS.maxPropertyValueLength),
    `A property value may be at most ${LIMITS.maxPropertyValueLength} characters`,
  );
export type Properties = z.infer<typeof propertiesSchema>;

const colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'Colours are #rrggbb');
/** Drawing style of a layer; a feature may override any key. */
export const styleSchema = z.object({
  color: colour,
  strokeWidth: z.number().min(0).max(20),
  fillOpacity: z.number().min(0).max(1),
  opacity: z.number().min(0).max(1),
});
export type Style = z.infer<typeof styleSchema>;
export const styleOverrideSchema = styleSchema.partial();
export type StyleOverride = z.infer<typeof styleOverrideSchema>;

export const DEFAULT_STYLE: Style = { color: '#2563eb', strokeWidth: 3, fillOpacity: 0.25, opacity: 1 };

/** Where a layer came from, when not drawn by hand. */
export const layerSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('import'), fileName: z.string().max(LIMITS.maxNameLength), format: z.enum(['geojson', 'kml', 'gpx']) }),
  z.object({ kind: z.literal('route'), routeId: z.string().uuid(), name: z.string().max(LIMITS.maxNameLength) }),
]);
export type LayerSource = z.infer<typeof layerSourceSchema>;

export const nameSchema = z.string().trim().min(1).max(LIMITS.maxNameLength);
