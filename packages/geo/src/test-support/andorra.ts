// Node-only test support: builds the real Andorra running graph from the bundled OSM extract and
// SRTM tile, once per test file (module-level promise).
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { createOSMStream } from 'osm-pbf-parser-node';
import { ElevationGrid } from '../elevation/grid.ts';
import { buildRunningGraph, type OsmWayInput } from '../graph/build.ts';
import { RunningGraph } from '../graph/graph.ts';
import { isGreenArea, isWatersideArea, isWatersideLine, type GreenPolygon } from '../graph/green.ts';
import { mulberry32 } from '../routing/loop.ts';
import type { RoutePlanner } from '../routing/planner.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
export const ANDORRA_DIR = path.join(REPO_ROOT, 'data/regions/andorra');

export interface Dem {
  elevation(lon: number, lat: number): number;
}

/** A 1201×1201 (3") or 3601×3601 (1") SRTM .hgt tile: int16 big-endian, rows north→south, -32768 void. */
export function hgtDem(zipPath: string): Dem {
  const files = unzipSync(new Uint8Array(fs.readFileSync(zipPath)));
  const name = Object.keys(files).find((f) => f.toLowerCase().endsWith('.hgt'));
  if (!name) throw new Error(`${zipPath}: no .hgt inside`);
  const raw = files[name]!;
  const size = Math.round(Math.sqrt(raw.length / 2));
  if (size * size * 2 !== raw.length) throw new Error(`${zipPath}: unexpected .hgt size ${raw.length}`);
  const m = /([NS])(\d\d)([EW])(\d\d\d)/i.exec(path.basename(name))!;
  const lat0 = (m[1]!.toUpperCase() === 'S' ? -1 : 1) * Number(m[2]);
  const lon0 = (m[3]!.toUpperCase() === 'W' ? -1 : 1) * Number(m[4]);
  const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const at = (r: number, c: number) => {
    const v = dv.getInt16((r * size + c) * 2, false);
    return v === -32768 ? NaN : v;
  };
  const n = size - 1;
  return {
    elevation(lon, lat) {
      const x = (lon - lon0) * n;
      const y = (lat0 + 1 - lat) * n;
      if (!(x >= 0 && x <= n && y >= 0 && y <= n)) return NaN;
      const c = Math.min(Math.floor(x), n - 1);
      const r = Math.min(Math.floor(y), n - 1);
      const fx = x - c;
      const fy = y - r;
      const top = at(r, c) * (1 - fx) + at(r, c + 1) * fx;
      const bot = at(r + 1, c) * (1 - fx) + at(r + 1, c + 1) * fx;
      return top * (1 - fy) + bot * fy;
    },
  };
}

export interface OsmExtract {
  nodes: Map<number, [number, number]>;
  ways: OsmWayInput[];
  /**
   * Green areas from closed ways only (multipolygon relations are left to the region builder,
   * which assembles them with the basemap's landuse polygons).
   */
  green: GreenPolygon[];
  /** rivers, streams and closed natural=water outlines */
  waterside: number[][];
}

export async function readOsm(pbfPath: string): Promise<OsmExtract> {
  const nodes = new Map<number, [number, number]>();
  const ways: OsmWayInput[] = [];
  const greenRefs: number[][] = [];
  const waterRefs: number[][] = [];
  for await (const item of createOSMStream(pbfPath, { withTags: { node: false, relation: false }, withInfo: false })) {
    const it = item as { type: string; id: number; lat?: number; lon?: number; refs?: number[]; tags?: Record<string, string> };
    if (it.type === 'node') nodes.set(it.id, [it.lon!, it.lat!]);
    else if (it.type === 'way' && it.tags?.highway) ways.push({ id: it.id, refs: it.refs!, tags: it.tags });
    else if (it.type === 'way' && it.tags && isGreenArea(it.tags) && it.refs!.length >= 4 && it.refs![0] === it.refs!.at(-1))
      greenRefs.push(it.refs!);
    else if (it.type === 'way' && it.tags && (isWatersideLine(it.tags) || (isWatersideArea(it.tags) && it.refs![0] === it.refs!.at(-1))))
      waterRefs.push(it.refs!);
  }
  const green: GreenPolygon[] = [];
  for (const refs of greenRefs) {
    const ring = refs.flatMap((id) => nodes.get(id) ?? []);
    if (ring.length === refs.length * 2) green.push([ring]);
  }
  const waterside = waterRefs.map((refs) => refs.flatMap((id) => nodes.get(id) ?? [])).filter((l) => l.length >= 4);
  return { nodes, ways, green, waterside };
}

/**
 * The graph as the region builder makes it: with the DEM cut to the ways' extent plus ~2 km as an
 * elevation grid at the tile's 3″ posts (the builder also fills the tile's voids first; here the
 * few void posts stay void and sampling skips them).
 */
export async function buildGraphBytes(dir = ANDORRA_DIR, pbf = 'andorra.osm.pbf', hgt = 'N42E001.hgt.zip') {
  const osm = await readOsm(path.join(dir, pbf));
  const dem = hgtDem(path.join(dir, hgt));
  const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const w of osm.ways)
    for (const id of Array.from(w.refs)) {
      const c = osm.nodes.get(id);
      if (!c) continue;
      bbox[0] = Math.min(bbox[0], c[0]);
      bbox[1] = Math.min(bbox[1], c[1]);
      bbox[2] = Math.max(bbox[2], c[0]);
      bbox[3] = Math.max(bbox[3], c[1]);
    }
  const margin = 0.025;
  const elevation = (lon: number, lat: number) => dem.elevation(lon, lat);
  return buildRunningGraph({
    nodeCoord: (id) => osm.nodes.get(id),
    ways: osm.ways,
    elevation,
    elevationGrid: ElevationGrid.fromSampler(elevation, [bbox[0] - margin, bbox[1] - margin, bbox[2] + margin, bbox[3] + margin], 1 / 1200),
    green: osm.green,
    waterside: osm.waterside,
  });
}

let andorra: Promise<{ bytes: Uint8Array; graph: RunningGraph }> | undefined;
/** The Andorra graph, built once per test file (and per bench process). */
export function andorraGraph() {
  andorra ??= buildGraphBytes().then((bytes) => ({ bytes, graph: RunningGraph.fromBytes(bytes) }));
  return andorra;
}
let dem: Dem | undefined;
export function andorraDem() {
  dem ??= hgtDem(path.join(ANDORRA_DIR, 'N42E001.hgt.zip'));
  return dem;
}

/**
 * A random loop start for a seed (shared by the loop tests and `npm run bench:routing`): a
 * uniformly random point of the region's bbox snapped (≤ 300 m) onto the main network — so
 * starts fall in towns and on remote mountain paths alike.
 */
export function loopStart(planner: RoutePlanner, seed: number): [number, number] {
  const g = planner.graph;
  const rnd = mulberry32(seed * 7919);
  const [a, b, c, d] = g.bbox;
  for (;;) {
    const s = planner.snap([a + (c - a) * rnd(), b + (d - b) * rnd()], 300);
    if (s) return [s.lon, s.lat];
  }
}
