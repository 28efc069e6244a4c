// The routing-graph step of a pack build: hands the extract's highways, the DEM and the green
// areas (assembled by FeatureBuilder with the basemap's landuse polygons) to @waymark/geo,
// which owns the graph.bin format end to end.
import { buildRunningGraph, RunningGraph, type GreenAreas, type WaterLines } from '@waymark/geo';
import type { Dem } from './dem.ts';
import type { OsmData } from './osm.ts';

export function buildGraph(
  osm: OsmData,
  dem: Dem,
  green: GreenAreas = [],
  waterside: WaterLines = [],
): { bytes: Uint8Array; nodes: number; edges: number; greenKm: number } {
  const bytes = buildRunningGraph({
    nodeCoord: (id) => osm.coord(id),
    ways: osm.ways.filter((w) => w.tags.highway !== undefined),
    elevation: (lon, lat) => dem.elevation(lon, lat),
    green,
    waterside,
  });
  const g = RunningGraph.fromBytes(bytes);
  let greenM = 0;
  for (let e = 0; e < g.edgeCount; e++) greenM += (g.edgeLength[e]! * g.edgeGreen[e]!) / 255;
  return { bytes, nodes: g.nodeCount, edges: g.edgeCount, greenKm: Math.round(greenM / 100) / 10 };
}
