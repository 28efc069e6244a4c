// The project map's shared document (Yjs): schema, validated edits, GeoJSON in/out, compaction.
export * from './schema.ts';
export * from './model.ts';
export * from './geojson.ts';
