// The routing-graph step of a pack build: hands the extract's highways and the DEM to
// @waymark/geo, which owns the graph.bin format end to end.
import { buildRunningGraph, RunningGraph } from '@waymark/geo';
import type { Dem } from './dem.ts';
import type { OsmData } from './osm.ts';

export function buildGraph(osm: OsmData, dem: Dem): { bytes: Uint8Array; nodes: number; edges: number } {
  const bytes = buildRunningGraph({
    nodeCoord: (id) => osm.coord(id),
    ways: osm.ways.filter((w) => w.tags.highway !== undefined),
    elevation: (lon, lat) => dem.elevation(lon, lat),
  });
  const g = RunningGraph.fromBytes(bytes);
  return { bytes, nodes: g.nodeCount, edges: g.edgeCount };
}
