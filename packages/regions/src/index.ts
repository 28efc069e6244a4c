/** @waymark/regions — region pack builder (basemap, terrain, routing graph, places). */
export const REGIONS_PACKAGE = '@waymark/regions';
