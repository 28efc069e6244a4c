/** @waymark/regions — region pack builder (basemap, terrain, routing graph, places). See docs/regions.md. */
export const REGIONS_PACKAGE = '@waymark/regions';
export { buildRegion, BuildError, BUILDER_VERSION, type BuildOptions, type RegionMeta } from './build.ts';
export { ensureRegions, BUNDLED } from './ensure.ts';
export { searchPlaces, indexPlaces, normalizeName, type PlaceHit } from './search.ts';
export { TerrainSampler } from './elevation.ts';
export type { Place } from './features.ts';
