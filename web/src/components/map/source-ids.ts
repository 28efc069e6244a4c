// The ids of the sources every region style has. A module of its own, without the style's imports
// (@protomaps/basemaps), so light parts of the map kit can name a source without pulling the style
// into the shell's initial bundle.
export const BASEMAP_SOURCE = 'protomaps';
export const TERRAIN_SOURCE = 'terrain';
/** The pack's low zooms (z0–6, the whole world) again, overzoomed: land outside the region's detailed tiles. */
export const WORLD_SOURCE = 'world';
