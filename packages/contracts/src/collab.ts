// Wire schemas of the project map API (layers, features, import/export, history): the server
// validates requests with them; the web editor parses responses with them. The map's own value
// schemas (geometry, properties, style) are shared with the document model, @waymark/collab.
import { z } from 'zod';
import { geometrySchema, LIMITS, nameSchema, propertiesSchema, styleOverrideSchema, styleSchema } from './collab-model.ts';

export const MAP_FORMATS = ['geojson', 'kml', 'gpx'] as const;
export const mapFormat = z.enum(MAP_FORMATS, { message: 'one of geojson, kml, gpx' });
export type MapFormat = z.infer<typeof mapFormat>;

/** Largest file `POST /api/projects/:id/layers/import` accepts (413 beyond). */
export const MAP_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Features one `POST /api/projects/:id/features` may add. */
export const MAP_FEATURES_PER_REQUEST = 5000;

const idText = (what: string) =>
  z
    .string({ message: `a ${what} id` })
    .min(1, `a ${what} id`)
    .max(200, `a ${what} id of at most 200 characters`);
export const mapLayerId = idText('layer');
export const mapFeatureId = idText('feature');

export const featuresQuery = z
  .object({
    layer: mapLayerId.optional(),
    format: mapFormat.default('geojson'),
  })
  .strict();

export const createLayerBody = z
  .object({
    name: nameSchema,
    style: styleOverrideSchema.strict().optional(),
    visible: z.boolean().optional(),
    locked: z.boolean().optional(),
  })
  .strict();
export type CreateLayerBody = z.infer<typeof createLayerBody>;

export const patchLayerBody = z
  .object({
    name: nameSchema.optional(),
    style: styleOverrideSchema.strict().optional(),
    visible: z.boolean().optional(),
    locked: z.boolean().optional(),
    /** new position in the layer list (0 = first) */
    index: z.number().int().min(0).max(LIMITS.maxLayers).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to change');
export type PatchLayerBody = z.infer<typeof patchLayerBody>;

/** A GeoJSON Feature to add; `id` optional (a UUID is made), simplestyle properties become its style. */
export const featureInput = z
  .object({
    type: z.literal('Feature'),
    id: mapFeatureId.optional(),
    geometry: geometrySchema,
    properties: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .passthrough();

export const createFeaturesBody = z
  .object({
    layerId: mapLayerId,
    features: z
      .array(featureInput)
      .min(1, 'at least one feature')
      .max(MAP_FEATURES_PER_REQUEST, `at most ${MAP_FEATURES_PER_REQUEST} features per request`),
  })
  .strict();
export type CreateFeaturesBody = z.infer<typeof createFeaturesBody>;

const styleKey = z.enum(['color', 'strokeWidth', 'fillOpacity', 'opacity']);

export const patchFeatureBody = z
  .object({
    geometry: geometrySchema.optional(),
    /** set these properties (other keys are kept) */
    properties: propertiesSchema.optional(),
    /** remove these properties */
    removeProperties: z.array(z.string().min(1).max(LIMITS.maxPropertyKeyLength)).max(LIMITS.maxPropertyKeys).optional(),
    /** set these style overrides */
    style: styleOverrideSchema.strict().optional(),
    /** back to the layer's style for these keys */
    resetStyle: z.array(styleKey).optional(),
    layerId: mapLayerId.optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to change');
export type PatchFeatureBody = z.infer<typeof patchFeatureBody>;

export const importLayerQuery = z
  .object({
    /** the file's name (its extension tells the format when `format` is absent) */
    fileName: z.string().trim().min(1).max(LIMITS.maxNameLength).optional(),
    format: mapFormat.optional(),
    /** name of the new layer (default: the file's own name, else the file name) */
    name: nameSchema.optional(),
  })
  .strict();

export const routeLayerBody = z
  .object({
    routeId: z.uuid({ message: 'a route id (UUID)' }),
    name: nameSchema.optional(),
  })
  .strict();

export const historyQuery = z
  .object({
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const restoreBody = z
  .object({
    /** a version's seq (from the history list) … */
    seq: z.number().int().positive().optional(),
    /** … or a point in time */
    at: z.iso.datetime({ offset: true, message: 'an ISO 8601 date-time' }).optional(),
    /** restore this feature only */
    featureId: mapFeatureId.optional(),
  })
  .strict()
  .refine((b) => (b.seq === undefined) !== (b.at === undefined), 'give either seq or at');
export type RestoreBody = z.infer<typeof restoreBody>;

// ---------------------------------------------------------------------------------------------
// Responses

export const mapLayer = z.object({
  id: z.string(),
  name: z.string(),
  /** fractional sort key: layers are listed by it */
  order: z.string(),
  visible: z.boolean(),
  locked: z.boolean(),
  style: styleSchema,
  source: z.record(z.string(), z.unknown()).nullable(),
  featureCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type MapLayer = z.infer<typeof mapLayer>;

export const mapLayersResponse = z.object({ layers: z.array(mapLayer) });

export const mapFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: geometrySchema,
  properties: z.record(z.string(), z.unknown()),
  /** foreign member: the layer the feature belongs to */
  layerId: z.string(),
});
export const mapFeatureCollection = z.object({ type: z.literal('FeatureCollection'), features: z.array(mapFeature) });
export type MapFeatureCollectionResponse = z.infer<typeof mapFeatureCollection>;

export const mapVersion = z.object({
  /** restore target: the state after every change up to this seq */
  seq: z.number().int(),
  fromSeq: z.number().int(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  startedAt: z.string(),
  endedAt: z.string(),
  changes: z.number().int(),
});
export type MapVersion = z.infer<typeof mapVersion>;

export const mapHistoryResponse = z.object({
  versions: z.array(mapVersion),
  nextBefore: z.number().int().nullable(),
  /** when older history was pruned: the oldest state still restorable */
  base: z.object({ seq: z.number().int(), createdAt: z.string() }).nullable(),
});

export const restoreResponse = z.object({ seq: z.number().int(), features: z.number().int(), layers: z.number().int() });
