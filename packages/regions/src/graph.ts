// The routing-graph step of a pack build: hands the extract's highways, the DEM (cut to the
// network's extent as an elevation grid) and the green areas (assembled by FeatureBuilder with the
// basemap's landuse polygons) to @waymark/geo, which owns the graph.bin format end to end.
import { buildRunningGraph, ElevationGrid, RunningGraph, withHierarchyOrder, type GreenAreas, type WaterLines } from '@waymark/geo';
import type { Dem } from './dem.ts';
import type { OsmData } from './osm.ts';

/**
 * How far around the network the elevation grid reaches (m): the planner accepts waypoints up to
 * 2 km outside the graph's bbox (REGION_MARGIN_M), and freehand legs there need the terrain too.
 */
export const GRID_MARGIN_M = 2500;
/** Largest grid shipped (posts): beyond it the grid is coarsened by a whole factor of the DEM's step. */
export const MAX_GRID_POSTS = 16_000_000;

/** The DEM as a grid at the DEM's own posts over `bbox` grown by GRID_MARGIN_M (coarser when it would exceed MAX_GRID_POSTS). */
export function elevationGrid(dem: Dem, bbox: readonly [number, number, number, number], maxPosts = MAX_GRID_POSTS): ElevationGrid {
  const size = Math.max(...dem.list.map((t) => t.size), 1201);
  let step = 1 / (size - 1);
  const dLat = GRID_MARGIN_M / 111_195;
  const dLon = dLat / Math.cos((((bbox[1] + bbox[3]) / 2) * Math.PI) / 180);
  const box: [number, number, number, number] = [bbox[0] - dLon, bbox[1] - dLat, bbox[2] + dLon, bbox[3] + dLat];
  const posts = ((box[2] - box[0]) / step + 2) * ((box[3] - box[1]) / step + 2);
  if (posts > maxPosts) step *= Math.ceil(Math.sqrt(posts / maxPosts));
  return ElevationGrid.fromSampler((lon, lat) => dem.elevation(lon, lat), box, step);
}

export function buildGraph(
  osm: OsmData,
  dem: Dem,
  green: GreenAreas = [],
  waterside: WaterLines = [],
): { bytes: Uint8Array; nodes: number; edges: number; greenKm: number; gridBytes: number; gridPosts: number } {
  const ways = osm.ways.filter((w) => w.tags.highway !== undefined);
  const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const w of ways)
    for (const id of w.refs) {
      const c = osm.coord(id);
      if (!c) continue;
      if (c[0] < bbox[0]) bbox[0] = c[0];
      if (c[1] < bbox[1]) bbox[1] = c[1];
      if (c[0] > bbox[2]) bbox[2] = c[0];
      if (c[1] > bbox[3]) bbox[3] = c[1];
    }
  const grid = Number.isFinite(bbox[0]) ? elevationGrid(dem, bbox) : undefined;
  const elevation = (lon: number, lat: number) => dem.elevation(lon, lat);
  const plain = buildRunningGraph({ nodeCoord: (id) => osm.coord(id), ways, elevation, elevationGrid: grid, green, waterside });
  const g = RunningGraph.fromBytes(plain);
  // the contraction hierarchy's node order goes into the file: the server and the browser's routing
  // worker then build the hierarchy without ordering it (less than half the time)
  const bytes = withHierarchyOrder(plain, g);
  let greenM = 0;
  for (let e = 0; e < g.edgeCount; e++) greenM += (g.edgeLength[e]! * g.edgeGreen[e]!) / 255;
  return {
    bytes,
    nodes: g.nodeCount,
    edges: g.edgeCount,
    greenKm: Math.round(greenM / 100) / 10,
    gridBytes: new DataView(bytes.buffer, bytes.byteOffset).getUint32(72, true),
    gridPosts: grid ? grid.cols * grid.rows : 0,
  };
}
