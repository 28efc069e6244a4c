// The project map's shared document (Yjs): schema, validated edits, GeoJSON in/out, compaction,
// restore from an earlier state, and the server's check of incoming updates.
export * from './schema.ts';
export * from './model.ts';
export * from './geojson.ts';
export * from './guard.ts';
