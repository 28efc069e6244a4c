// Dependency-free (the routing worker imports it): the Cache API caches that hold region files.

/** The service worker's runtime cache for /tiles/* (web/vite.config.ts): PMTiles, places, graphs. */
export const TILE_CACHE = 'waymark-tiles';
/** The routing worker's copy of each region's graph.bin (read before the network, offline or not). */
export const GRAPH_CACHE = 'waymark-graphs-v1';
