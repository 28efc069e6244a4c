import { haversineLL } from '../distance.ts';
import { COORD_SCALE, GRAPH_FORMAT_VERSION, GRAPH_MAGIC, HEADER_BYTES, fnv1a, layout } from './format.ts';
import { GreenIndex, type GreenAreas, type WaterLines } from './green.ts';
import { wayProfile } from './profile.ts';

export { GRAPH_FORMAT_VERSION } from './format.ts';

export interface OsmWayInput {
  id: number;
  refs: ArrayLike<number>;
  tags: Record<string, string>;
}
export interface GraphBuildInput {
  /** lon/lat of an OSM node id, or undefined when the extract lacks it */
  nodeCoord(id: number): readonly [number, number] | undefined;
  /** every OSM way that has a `highway` tag (the builder decides what is routable for foot/running) */
  ways: Iterable<OsmWayInput>;
  /** ground elevation in metres at lon/lat (bilinear from the DEM), NaN when unknown */
  elevation(lon: number, lat: number): number;
  /**
   * Green polygons (parks, woods, meadows … see green.ts isGreenArea) in lon/lat. Each edge stores
   * the share of its length inside them (edgeGreen); without them every edge is 0 % green.
   */
  green?: GreenAreas;
  /** rivers, streams and lake shorelines (lon/lat polylines): ways within WATERSIDE_M of them count as green */
  waterside?: WaterLines;
}

export interface BuildOptions {
  /** Connected components shorter than this (total edge length, m) are dropped as noise. Default 500. */
  minComponentLength?: number;
}

interface Piece {
  /** OSM node ids of one routable way, consecutive duplicates and missing nodes removed */
  refs: number[];
  cls: number;
  surface: number;
  factor: number;
}

/**
 * Build the foot/running routing graph and serialise it (graph.bin bytes, versioned header).
 * Junctions (nodes shared by two or more ways, or way ends) become graph nodes; the degree-2
 * chains between them are contracted into single edges that keep their full geometry as shape
 * points, so snapping and route geometry are exact while the search graph stays small.
 */
export function buildRunningGraph(input: GraphBuildInput, options: BuildOptions = {}): Uint8Array {
  const minComponentLength = options.minComponentLength ?? 500;
  // 1. routable ways → pieces (a way is split where the extract lacks a node)
  const pieces: Piece[] = [];
  const useCount = new Map<number, number>();
  for (const way of input.ways) {
    const p = wayProfile(way.tags);
    if (!p) continue;
    let cur: number[] = [];
    const flush = () => {
      if (cur.length >= 2) pieces.push({ refs: cur, cls: p.cls, surface: p.surface, factor: p.factor });
      cur = [];
    };
    for (let i = 0; i < way.refs.length; i++) {
      const id = way.refs[i]!;
      if (!input.nodeCoord(id)) {
        flush();
        continue;
      }
      if (cur.length && cur[cur.length - 1] === id) continue;
      cur.push(id);
    }
    flush();
  }
  for (const pc of pieces) {
    const r = pc.refs;
    for (let i = 0; i < r.length; i++) {
      // way ends count twice so they always become graph nodes
      const w = i === 0 || i === r.length - 1 ? 2 : 1;
      useCount.set(r[i]!, (useCount.get(r[i]!) ?? 0) + w);
    }
  }

  // 2. split pieces at junctions into edges
  const nodeIndex = new Map<number, number>();
  const nodeIds: number[] = [];
  const nodeOf = (id: number) => {
    let k = nodeIndex.get(id);
    if (k === undefined) {
      k = nodeIds.length;
      nodeIndex.set(id, k);
      nodeIds.push(id);
    }
    return k;
  };
  interface RawEdge {
    from: number;
    to: number;
    shape: number[]; // OSM ids of intermediate points
    length: number;
    cls: number;
    surface: number;
    factor: number;
  }
  const edges: RawEdge[] = [];
  for (const pc of pieces) {
    const r = pc.refs;
    let start = 0;
    for (let i = 1; i < r.length; i++) {
      if (i === r.length - 1 || (useCount.get(r[i]!) ?? 0) >= 2) {
        let length = 0;
        for (let j = start; j < i; j++) {
          const a = input.nodeCoord(r[j]!)!;
          const b = input.nodeCoord(r[j + 1]!)!;
          length += haversineLL(a[0], a[1], b[0], b[1]);
        }
        if (length > 0) {
          edges.push({
            from: nodeOf(r[start]!),
            to: nodeOf(r[i]!),
            shape: r.slice(start + 1, i),
            length,
            cls: pc.cls,
            surface: pc.surface,
            factor: pc.factor,
          });
        }
        start = i;
      }
    }
  }

  // 3. drop tiny disconnected components (union-find over edges)
  const parent = new Int32Array(nodeIds.length).map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (const e of edges) {
    const a = find(e.from);
    const b = find(e.to);
    if (a !== b) parent[a] = b;
  }
  const compLength = new Map<number, number>();
  for (const e of edges) {
    const c = find(e.from);
    compLength.set(c, (compLength.get(c) ?? 0) + e.length);
  }
  const kept = edges.filter((e) => (compLength.get(find(e.from)) ?? 0) >= minComponentLength);

  // 4. renumber the nodes that remain, in a spatial order (better cache locality during search)
  const used = new Uint8Array(nodeIds.length);
  for (const e of kept) used[e.from] = used[e.to] = 1;
  const oldIds: number[] = [];
  for (let i = 0; i < nodeIds.length; i++) if (used[i]) oldIds.push(i);
  const cellKey = (i: number) => {
    const c = input.nodeCoord(nodeIds[i]!)!;
    return Math.floor((c[1] + 90) * 200) * 100_000 + Math.floor((c[0] + 180) * 200);
  };
  const keys = new Map(oldIds.map((i) => [i, cellKey(i)]));
  oldIds.sort((a, b) => keys.get(a)! - keys.get(b)! || a - b);
  const remap = new Int32Array(nodeIds.length).fill(-1);
  oldIds.forEach((old, i) => (remap[old] = i));

  const n = oldIds.length;
  const m = kept.length;
  let s = 0;
  for (const e of kept) s += e.shape.length;
  const L = layout({ nodeCount: n, edgeCount: m, shapeCount: s });
  const buf = new ArrayBuffer(L.byteLength);
  const bytes = new Uint8Array(buf);
  const nodeLon = new Int32Array(buf, L.nodeLon, n);
  const nodeLat = new Int32Array(buf, L.nodeLat, n);
  const nodeEle = new Float32Array(buf, L.nodeEle, n);
  const adjOffset = new Uint32Array(buf, L.adjOffset, n + 1);
  const adjEdge = new Uint32Array(buf, L.adjEdge, 2 * m);
  const edgeFrom = new Uint32Array(buf, L.edgeFrom, m);
  const edgeTo = new Uint32Array(buf, L.edgeTo, m);
  const edgeLength = new Float32Array(buf, L.edgeLength, m);
  const edgeCost = new Float32Array(buf, L.edgeCost, m);
  const edgeShapeStart = new Uint32Array(buf, L.edgeShapeStart, m + 1);
  const edgeClass = new Uint8Array(buf, L.edgeClass, m);
  const edgeSurface = new Uint8Array(buf, L.edgeSurface, m);
  const edgeGreen = new Uint8Array(buf, L.edgeGreen, m);
  const green = input.green?.length || input.waterside?.length ? new GreenIndex(input.green ?? [], input.waterside ?? []) : null;
  const geoLon: number[] = [];
  const geoLat: number[] = [];
  const shapeLon = new Int32Array(buf, L.shapeLon, s);
  const shapeLat = new Int32Array(buf, L.shapeLat, s);
  const shapeEle = new Float32Array(buf, L.shapeEle, s);

  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  const extend = (lon: number, lat: number) => {
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  };
  for (let i = 0; i < n; i++) {
    const [lon, lat] = input.nodeCoord(nodeIds[oldIds[i]!]!)!;
    nodeLon[i] = Math.round(lon * COORD_SCALE);
    nodeLat[i] = Math.round(lat * COORD_SCALE);
    nodeEle[i] = input.elevation(lon, lat);
    extend(lon, lat);
  }
  let minFactor = Infinity;
  let sp = 0;
  const degree = new Uint32Array(n);
  kept.forEach((e, k) => {
    const from = remap[e.from]!;
    const to = remap[e.to]!;
    edgeFrom[k] = from;
    edgeTo[k] = to;
    edgeLength[k] = e.length;
    edgeCost[k] = e.length * e.factor;
    edgeClass[k] = e.cls;
    edgeSurface[k] = e.surface;
    edgeShapeStart[k] = sp;
    if (e.factor < minFactor) minFactor = e.factor;
    geoLon.length = geoLat.length = 0;
    const a = input.nodeCoord(nodeIds[e.from]!)!;
    geoLon.push(a[0]);
    geoLat.push(a[1]);
    for (const id of e.shape) {
      const [lon, lat] = input.nodeCoord(id)!;
      shapeLon[sp] = Math.round(lon * COORD_SCALE);
      shapeLat[sp] = Math.round(lat * COORD_SCALE);
      shapeEle[sp] = input.elevation(lon, lat);
      extend(lon, lat);
      geoLon.push(lon);
      geoLat.push(lat);
      sp++;
    }
    if (green) {
      const b = input.nodeCoord(nodeIds[e.to]!)!;
      geoLon.push(b[0]);
      geoLat.push(b[1]);
      edgeGreen[k] = Math.round(green.shareAlong(geoLon, geoLat) * 255);
    }
    degree[from]!++;
    if (to !== from) degree[to]!++;
  });
  edgeShapeStart[m] = sp;
  for (let i = 0; i < n; i++) adjOffset[i + 1] = adjOffset[i]! + degree[i]!;
  const fill = new Uint32Array(n);
  for (let k = 0; k < m; k++) {
    const a = edgeFrom[k]!;
    const b = edgeTo[k]!;
    adjEdge[adjOffset[a]! + fill[a]!++] = k;
    if (b !== a) adjEdge[adjOffset[b]! + fill[b]!++] = k;
  }

  const dv = new DataView(buf);
  dv.setUint32(0, GRAPH_MAGIC, true);
  dv.setUint32(4, GRAPH_FORMAT_VERSION, true);
  dv.setUint32(8, n, true);
  dv.setUint32(12, m, true);
  dv.setUint32(16, s, true);
  dv.setUint32(20, L.byteLength, true);
  if (n === 0) minLon = minLat = maxLon = maxLat = 0;
  dv.setFloat64(24, minLon, true);
  dv.setFloat64(32, minLat, true);
  dv.setFloat64(40, maxLon, true);
  dv.setFloat64(48, maxLat, true);
  dv.setFloat32(56, Number.isFinite(minFactor) ? minFactor : 1, true);
  dv.setUint32(60, fnv1a(bytes, HEADER_BYTES, L.byteLength), true);
  return bytes;
}
