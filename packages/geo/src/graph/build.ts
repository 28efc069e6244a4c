import { haversineLL } from '../distance.ts';
import type { ElevationGrid } from '../elevation/grid.ts';
import { VarintWriter } from '../io/varint.ts';
import {
  FILE_COORD_SCALE,
  FLAG_CH_RANK,
  FLAG_POINT_ELEVATION,
  GRAPH_FORMAT_VERSION,
  GRAPH_MAGIC,
  HEADER_BYTES,
  MAX_FACTORS,
  fnv1a,
  headerSizes,
  hilbertIndex,
  layout,
  MAX_CH_RANK_NODES,
} from './format.ts';
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
  /** ground elevation in metres at lon/lat (bilinear from the DEM), NaN when unknown; stored per point when no `elevationGrid` is given */
  elevation(lon: number, lat: number): number;
  /**
   * The region's DEM as a grid covering every way (with a margin for freehand legs): embedded in
   * graph.bin, and the nodes' and shape points' elevations are sampled from it on load instead of
   * being stored. Without it each point's `elevation` is stored (4 bytes a point).
   */
  elevationGrid?: ElevationGrid;
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

  // 4. renumber the nodes that remain along a Hilbert curve (nearby nodes get nearby ids: small
  //    deltas in the file, better cache locality during search)
  const used = new Uint8Array(nodeIds.length);
  for (const e of kept) used[e.from] = used[e.to] = 1;
  const oldIds: number[] = [];
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
  for (let i = 0; i < nodeIds.length; i++) {
    if (!used[i]) continue;
    oldIds.push(i);
    const c = input.nodeCoord(nodeIds[i]!)!;
    extend(c[0], c[1]);
  }
  for (const e of kept)
    for (const id of e.shape) {
      const c = input.nodeCoord(id)!;
      extend(c[0], c[1]);
    }
  const hx = (lon: number) => Math.min(65535, Math.max(0, Math.floor(((lon - minLon) / Math.max(1e-9, maxLon - minLon)) * 65535)));
  const hy = (lat: number) => Math.min(65535, Math.max(0, Math.floor(((lat - minLat) / Math.max(1e-9, maxLat - minLat)) * 65535)));
  const keys = new Float64Array(nodeIds.length);
  for (const i of oldIds) {
    const c = input.nodeCoord(nodeIds[i]!)!;
    keys[i] = hilbertIndex(hx(c[0]), hy(c[1]));
  }
  oldIds.sort((a, b) => keys[a]! - keys[b]! || a - b);
  const remap = new Int32Array(nodeIds.length).fill(-1);
  oldIds.forEach((old, i) => (remap[old] = i));
  const n = oldIds.length;

  // 5. edges stored with from ≤ to (the shape reversed when an edge is turned round), ordered by from, then to
  const q = (v: number) => Math.round(v * FILE_COORD_SCALE);
  const ordered = kept.map((e, k) => {
    const a = remap[e.from]!;
    const b = remap[e.to]!;
    return a <= b ? { e, k, from: a, to: b, shape: e.shape } : { e, k, from: b, to: a, shape: [...e.shape].reverse() };
  });
  ordered.sort((x, y) => x.from - y.from || x.to - y.to || x.k - y.k);
  const m = ordered.length;
  let s = 0;
  for (const o of ordered) s += o.shape.length;

  // cost factors: one table of the distinct values (few: way classes × tag modifiers)
  const factorIndex = new Map<number, number>();
  const factors: number[] = [];
  let minFactor = Infinity;
  for (const o of ordered) {
    const f = Math.fround(o.e.factor);
    if (!factorIndex.has(f)) {
      factorIndex.set(f, factors.length);
      factors.push(f);
    }
    if (f < minFactor) minFactor = f;
  }
  if (factors.length > MAX_FACTORS) {
    // more distinct factors than a byte can index: round them (never below 1) to a table of MAX_FACTORS
    factors.sort((a, b) => a - b);
    const table: number[] = [];
    const step = Math.ceil(factors.length / MAX_FACTORS);
    for (let i = 0; i < factors.length; i += step) table.push(factors[i]!);
    factorIndex.clear();
    for (const f of factors) {
      let j = table.length - 1;
      while (table[j]! > f) j--;
      factorIndex.set(f, j);
    }
    factors.length = 0;
    factors.push(...table);
  }

  const w = new VarintWriter(16 * (n + m + s) + 64);
  const qLon: number[] = [];
  const qLat: number[] = [];
  let pLon = 0;
  let pLat = 0;
  for (let i = 0; i < n; i++) {
    const [lon, lat] = input.nodeCoord(nodeIds[oldIds[i]!]!)!;
    const x = q(lon);
    const y = q(lat);
    qLon.push(x);
    qLat.push(y);
    w.int(x - pLon);
    w.int(y - pLat);
    pLon = x;
    pLat = y;
  }
  const outCount = new Uint32Array(n);
  for (const o of ordered) outCount[o.from]!++;
  for (let i = 0; i < n; i++) w.uint(outCount[i]!);
  const edgeClass = new Uint8Array(m);
  const edgeGreen = new Uint8Array(m);
  const edgeFactor = new Uint8Array(m);
  const green = input.green?.length || input.waterside?.length ? new GreenIndex(input.green ?? [], input.waterside ?? []) : null;
  const geoLon: number[] = [];
  const geoLat: number[] = [];
  const grid = input.elevationGrid ?? null;
  const pointEle = grid ? null : new Float32Array(n + s);
  if (pointEle) for (let i = 0; i < n; i++) pointEle[i] = input.elevation(qLon[i]! / FILE_COORD_SCALE, qLat[i]! / FILE_COORD_SCALE);
  let sp = 0;
  ordered.forEach((o, k) => {
    w.uint(o.to - o.from);
    w.uint(o.shape.length);
    edgeClass[k] = o.e.cls | (o.e.surface << 5);
    edgeFactor[k] = factorIndex.get(Math.fround(o.e.factor))!;
    let x0 = qLon[o.from]!;
    let y0 = qLat[o.from]!;
    geoLon.length = geoLat.length = 0;
    geoLon.push(x0 / FILE_COORD_SCALE);
    geoLat.push(y0 / FILE_COORD_SCALE);
    for (const id of o.shape) {
      const [lon, lat] = input.nodeCoord(id)!;
      const x = q(lon);
      const y = q(lat);
      w.int(x - x0);
      w.int(y - y0);
      x0 = x;
      y0 = y;
      geoLon.push(x / FILE_COORD_SCALE);
      geoLat.push(y / FILE_COORD_SCALE);
      if (pointEle) pointEle[n + sp] = input.elevation(x / FILE_COORD_SCALE, y / FILE_COORD_SCALE);
      sp++;
    }
    if (green) {
      geoLon.push(qLon[o.to]! / FILE_COORD_SCALE);
      geoLat.push(qLat[o.to]! / FILE_COORD_SCALE);
      edgeGreen[k] = Math.round(green.shareAlong(geoLon, geoLat) * 255);
    }
  });
  const stream = w.bytes();
  const gridBytes = grid ? grid.encode() : new Uint8Array(0);

  const L = layout({
    nodeCount: n,
    edgeCount: m,
    shapeCount: s,
    factorCount: factors.length,
    streamBytes: stream.length,
    gridBytes: gridBytes.length,
    pointElevation: !!pointEle,
  });
  const buf = new ArrayBuffer(L.byteLength);
  const bytes = new Uint8Array(buf);
  new Float32Array(buf, L.factors, factors.length).set(factors);
  bytes.set(edgeClass, L.edgeClass);
  bytes.set(edgeGreen, L.edgeGreen);
  bytes.set(edgeFactor, L.edgeFactor);
  if (pointEle) new Float32Array(buf, L.pointEle, n + s).set(pointEle);
  bytes.set(stream, L.stream);
  bytes.set(gridBytes, L.grid);

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
  dv.setUint32(64, factors.length, true);
  dv.setUint32(68, stream.length, true);
  dv.setUint32(72, gridBytes.length, true);
  dv.setUint32(76, pointEle ? FLAG_POINT_ELEVATION : 0, true);
  dv.setUint32(60, fnv1a(bytes, HEADER_BYTES, L.byteLength), true);
  return bytes;
}

/**
 * graph.bin bytes with the contraction order stored (FLAG_CH_RANK): `rank[v]` is node v's position
 * in the hierarchy's order, a permutation of 0..n−1. Graphs of `MAX_CH_RANK_NODES` nodes or more
 * are returned unchanged (the section holds 3 bytes per node).
 */
export function withContractionRank(bytes: Uint8Array, rank: ArrayLike<number>): Uint8Array {
  const dv0 = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sizes = headerSizes(dv0);
  const n = sizes.nodeCount;
  if (rank.length !== n) throw new RangeError(`contraction order: ${rank.length} ranks for ${n} nodes`);
  if (n >= MAX_CH_RANK_NODES) return bytes;
  const flags = dv0.getUint32(76, true);
  const before = layout(sizes);
  const L = layout({ ...sizes, chRank: true });
  const out = new Uint8Array(L.byteLength);
  out.set(bytes.subarray(0, before.chRank));
  for (let v = 0, k = L.chRank; v < n; v++, k += 3) {
    const r = rank[v]!;
    out[k] = r & 0xff;
    out[k + 1] = (r >>> 8) & 0xff;
    out[k + 2] = (r >>> 16) & 0xff;
  }
  const dv = new DataView(out.buffer);
  dv.setUint32(4, GRAPH_FORMAT_VERSION, true);
  dv.setUint32(20, L.byteLength, true);
  dv.setUint32(76, flags | FLAG_CH_RANK, true);
  dv.setUint32(60, fnv1a(out, HEADER_BYTES, L.byteLength), true);
  return out;
}
