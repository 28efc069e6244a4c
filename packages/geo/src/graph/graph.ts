import { EARTH_RADIUS_M } from '../distance.ts';
import { ElevationGrid } from '../elevation/grid.ts';
import { VarintReader } from '../io/varint.ts';
import {
  COORD_SCALE,
  FILE_COORD_SCALE,
  FLAG_CH_RANK,
  FLAG_POINT_ELEVATION,
  GRAPH_FORMAT_MIN_VERSION,
  GRAPH_FORMAT_VERSION,
  GRAPH_MAGIC,
  HEADER_BYTES,
  MAX_FACTORS,
  fnv1a,
  headerSizes,
  layout,
} from './format.ts';

export type LonLat = readonly [number, number];
export type BBox = readonly [minLon: number, minLat: number, maxLon: number, maxLat: number];

/** Thrown when graph.bin bytes are not a graph this code can read. */
export class GraphFormatError extends Error {
  override name = 'GraphFormatError';
}

const DEG = Math.PI / 180;
const R = 6_371_008.8;

/**
 * A read-only running graph decoded from the bytes of graph.bin (format v3, see format.ts) into
 * typed arrays: coordinates, CSR adjacency, edge lengths/costs/classes, shape points, elevations.
 */
export class RunningGraph {
  readonly nodeCount: number;
  readonly edgeCount: number;
  readonly shapeCount: number;
  readonly bbox: BBox;
  /** smallest cost/length ratio of any edge (scales the A* heuristic so it stays admissible) */
  readonly minCostFactor: number;
  readonly byteLength: number;

  readonly nodeLon: Int32Array;
  readonly nodeLat: Int32Array;
  readonly nodeEle: Float32Array;
  readonly adjOffset: Uint32Array;
  readonly adjEdge: Uint32Array;
  readonly edgeFrom: Uint32Array;
  readonly edgeTo: Uint32Array;
  readonly edgeLength: Float32Array;
  readonly edgeCost: Float32Array;
  readonly edgeShapeStart: Uint32Array;
  readonly edgeClass: Uint8Array;
  readonly edgeSurface: Uint8Array;
  /** share of each edge's length inside green areas, 0–255 (see green.ts) */
  readonly edgeGreen: Uint8Array;
  readonly shapeLon: Int32Array;
  readonly shapeLat: Int32Array;
  readonly shapeEle: Float32Array;

  /** local equirectangular projection in metres around the bbox centre (A* heuristic, snapping) */
  readonly lat0: number;
  readonly lon0: number;
  readonly kx: number;
  readonly ky: number;
  /** projected node coordinates in metres */
  readonly nodeX: Float64Array;
  readonly nodeY: Float64Array;
  /** connected component of every node (0 = the longest component, then by decreasing length) */
  readonly nodeComponent: Uint32Array;
  /** total edge length (m) per component id */
  readonly componentLength: Float64Array;

  /** the region's DEM (embedded in graph.bin v3), or null: elevation for points off the network */
  readonly elevation: ElevationGrid | null;
  /**
   * Each node's position in the contraction hierarchy's order, when the region builder stored it
   * (FLAG_CH_RANK): `ContractionHierarchy.build` then contracts in this order instead of computing
   * one (a permutation of 0..n−1, checked on load).
   */
  readonly chRank: Uint32Array | null;

  private constructor(bytes: Uint8Array) {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = (this.nodeCount = dv.getUint32(8, true));
    const m = (this.edgeCount = dv.getUint32(12, true));
    const s = (this.shapeCount = dv.getUint32(16, true));
    this.byteLength = dv.getUint32(20, true);
    this.bbox = [dv.getFloat64(24, true), dv.getFloat64(32, true), dv.getFloat64(40, true), dv.getFloat64(48, true)];
    this.minCostFactor = dv.getFloat32(56, true);
    const factorCount = dv.getUint32(64, true);
    const flags = dv.getUint32(76, true);
    const L = layout(headerSizes(dv));
    const factors = new Float32Array(factorCount);
    for (let i = 0; i < factorCount; i++) {
      const f = dv.getFloat32(L.factors + 4 * i, true);
      if (!(f >= this.minCostFactor * 0.999) || !Number.isFinite(f)) throw new GraphFormatError('graph.bin: bad cost factor table');
      factors[i] = f;
    }
    this.edgeClass = new Uint8Array(m);
    this.edgeSurface = new Uint8Array(m);
    const packed = bytes.subarray(L.edgeClass, L.edgeClass + m);
    for (let e = 0; e < m; e++) {
      this.edgeClass[e] = packed[e]! & 31;
      this.edgeSurface[e] = packed[e]! >> 5;
    }
    this.edgeGreen = bytes.slice(L.edgeGreen, L.edgeGreen + m);
    const edgeFactor = bytes.subarray(L.edgeFactor, L.edgeFactor + m);

    // the varint stream: nodes, out-degrees, edges with their shape points
    const rd = new VarintReader(bytes, L.stream, L.stream + dv.getUint32(68, true));
    const K = COORD_SCALE / FILE_COORD_SCALE;
    this.nodeLon = new Int32Array(n);
    this.nodeLat = new Int32Array(n);
    let x = 0;
    let y = 0;
    for (let i = 0; i < n; i++) {
      x += rd.int();
      y += rd.int();
      if (Math.abs(x) > 180 * FILE_COORD_SCALE || Math.abs(y) > 90 * FILE_COORD_SCALE)
        throw new GraphFormatError('graph.bin: bad coordinates');
      this.nodeLon[i] = x * K;
      this.nodeLat[i] = y * K;
    }
    const outCount = new Uint32Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) total += outCount[i] = rd.uint();
    if (total !== m) throw new GraphFormatError('graph.bin: edge count does not match the adjacency');
    this.edgeFrom = new Uint32Array(m);
    this.edgeTo = new Uint32Array(m);
    this.edgeLength = new Float32Array(m);
    this.edgeCost = new Float32Array(m);
    this.edgeShapeStart = new Uint32Array(m + 1);
    this.shapeLon = new Int32Array(s);
    this.shapeLat = new Int32Array(s);
    const RAD = Math.PI / 180;
    let e = 0;
    let sp = 0;
    for (let from = 0; from < n; from++) {
      for (let k = outCount[from]!; k > 0; k--, e++) {
        const to = from + rd.uint();
        if (to >= n) throw new GraphFormatError('graph.bin: bad edge endpoint');
        const count = rd.uint();
        if (sp + count > s) throw new GraphFormatError('graph.bin: bad shape count');
        this.edgeFrom[e] = from;
        this.edgeTo[e] = to;
        this.edgeShapeStart[e] = sp;
        // length: haversine along the stored geometry (exactly what the builder measured)
        let px = this.nodeLon[from]! / K;
        let py = this.nodeLat[from]! / K;
        let len = 0;
        const step = (qx: number, qy: number) => {
          const lat1 = py / FILE_COORD_SCALE;
          const lat2 = qy / FILE_COORD_SCALE;
          const dLat = (lat2 - lat1) * RAD;
          const dLon = ((qx - px) / FILE_COORD_SCALE) * RAD;
          const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
          len += 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
          px = qx;
          py = qy;
        };
        for (let j = 0; j < count; j++, sp++) {
          const qx = px + rd.int();
          const qy = py + rd.int();
          if (Math.abs(qx) > 180 * FILE_COORD_SCALE || Math.abs(qy) > 90 * FILE_COORD_SCALE)
            throw new GraphFormatError('graph.bin: bad coordinates');
          this.shapeLon[sp] = qx * K;
          this.shapeLat[sp] = qy * K;
          step(qx, qy);
        }
        step(this.nodeLon[to]! / K, this.nodeLat[to]! / K);
        const fi = edgeFactor[e]!;
        if (fi >= factorCount) throw new GraphFormatError('graph.bin: bad cost factor index');
        this.edgeLength[e] = len;
        this.edgeCost[e] = len * factors[fi]!;
      }
    }
    this.edgeShapeStart[m] = sp;
    if (sp !== s || rd.pos !== rd.end) throw new GraphFormatError('graph.bin: the number stream does not match the header');

    // CSR adjacency: each undirected edge listed at both ends (a loop back to its node once)
    this.adjOffset = new Uint32Array(n + 1);
    for (let k = 0; k < m; k++) {
      this.adjOffset[this.edgeFrom[k]! + 1]!++;
      if (this.edgeTo[k] !== this.edgeFrom[k]) this.adjOffset[this.edgeTo[k]! + 1]!++;
    }
    for (let i = 0; i < n; i++) this.adjOffset[i + 1]! += this.adjOffset[i]!;
    this.adjEdge = new Uint32Array(this.adjOffset[n]!);
    const fill = this.adjOffset.slice(0, n);
    for (let k = 0; k < m; k++) {
      const a = this.edgeFrom[k]!;
      const b = this.edgeTo[k]!;
      this.adjEdge[fill[a]!++] = k;
      if (b !== a) this.adjEdge[fill[b]!++] = k;
    }

    // elevations: stored per point, or sampled from the embedded grid
    const gridBytes = dv.getUint32(72, true);
    try {
      this.elevation = gridBytes ? ElevationGrid.decode(bytes.subarray(L.grid, L.grid + gridBytes)) : null;
    } catch (err) {
      throw new GraphFormatError(`graph.bin: ${(err as Error).message}`);
    }
    this.chRank = flags & FLAG_CH_RANK ? readRank(bytes, L.chRank, n) : null;
    this.nodeEle = new Float32Array(n);
    this.shapeEle = new Float32Array(s);
    if (flags & FLAG_POINT_ELEVATION) {
      for (let i = 0; i < n; i++) this.nodeEle[i] = dv.getFloat32(L.pointEle + 4 * i, true);
      for (let i = 0; i < s; i++) this.shapeEle[i] = dv.getFloat32(L.pointEle + 4 * (n + i), true);
    } else if (this.elevation) {
      const grid = this.elevation;
      for (let i = 0; i < n; i++) this.nodeEle[i] = grid.sample(this.nodeLon[i]! / COORD_SCALE, this.nodeLat[i]! / COORD_SCALE);
      for (let i = 0; i < s; i++) this.shapeEle[i] = grid.sample(this.shapeLon[i]! / COORD_SCALE, this.shapeLat[i]! / COORD_SCALE);
    } else {
      this.nodeEle.fill(NaN);
      this.shapeEle.fill(NaN);
    }

    this.lon0 = (this.bbox[0] + this.bbox[2]) / 2;
    this.lat0 = (this.bbox[1] + this.bbox[3]) / 2;
    this.ky = R * DEG;
    this.kx = R * DEG * Math.cos(this.lat0 * DEG);
    this.nodeX = new Float64Array(n);
    this.nodeY = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.nodeX[i] = (this.nodeLon[i]! / COORD_SCALE - this.lon0) * this.kx;
      this.nodeY[i] = (this.nodeLat[i]! / COORD_SCALE - this.lat0) * this.ky;
    }
    this.validate();
    // components (union-find), numbered by decreasing total length
    const parent = new Int32Array(n);
    for (let i = 0; i < n; i++) parent[i] = i;
    const find = (x: number) => {
      while (parent[x] !== x) {
        parent[x] = parent[parent[x]!]!;
        x = parent[x]!;
      }
      return x;
    };
    for (let e = 0; e < m; e++) {
      const a = find(this.edgeFrom[e]!);
      const b = find(this.edgeTo[e]!);
      if (a !== b) parent[a] = b;
    }
    const rootLen = new Map<number, number>();
    for (let e = 0; e < m; e++) {
      const r = find(this.edgeFrom[e]!);
      rootLen.set(r, (rootLen.get(r) ?? 0) + this.edgeLength[e]!);
    }
    const order = [...rootLen].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const id = new Map(order.map(([r], i) => [r, i]));
    this.componentLength = Float64Array.from(order.map(([, l]) => l));
    this.nodeComponent = new Uint32Array(n);
    for (let i = 0; i < n; i++) this.nodeComponent[i] = id.get(find(i)) ?? 0;
  }

  /** component id of edge e */
  edgeComponent(e: number): number {
    return this.nodeComponent[this.edgeFrom[e]!]!;
  }

  /** Read graph.bin bytes (no copy where possible); throws GraphFormatError on a bad/unsupported file. */
  static fromBytes(bytes: Uint8Array): RunningGraph {
    if (!(bytes instanceof Uint8Array)) throw new GraphFormatError('graph.bin: expected a Uint8Array');
    if (bytes.byteLength < HEADER_BYTES)
      throw new GraphFormatError(`graph.bin: file too short (${bytes.byteLength} bytes, header is ${HEADER_BYTES})`);
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (dv.getUint32(0, true) !== GRAPH_MAGIC) throw new GraphFormatError('graph.bin: not a Waymark routing graph (bad magic)');
    const version = dv.getUint32(4, true);
    if (version < GRAPH_FORMAT_MIN_VERSION || version > GRAPH_FORMAT_VERSION) {
      throw new GraphFormatError(
        `graph.bin: unsupported format version ${version} (this build reads versions ${GRAPH_FORMAT_MIN_VERSION}–${GRAPH_FORMAT_VERSION}; rebuild the region pack)`,
      );
    }
    const declared = dv.getUint32(20, true);
    const expected = layout(headerSizes(dv)).byteLength;
    if (declared !== expected || bytes.byteLength !== expected) {
      throw new GraphFormatError(
        `graph.bin: truncated or inconsistent (${bytes.byteLength} bytes, header says ${declared}, sections imply ${expected})`,
      );
    }
    if (dv.getUint32(64, true) > MAX_FACTORS) throw new GraphFormatError('graph.bin: bad cost factor table');
    if (fnv1a(bytes, HEADER_BYTES, expected) !== dv.getUint32(60, true))
      throw new GraphFormatError('graph.bin: checksum mismatch (corrupted file)');
    try {
      return new RunningGraph(bytes);
    } catch (err) {
      if (err instanceof GraphFormatError) throw err;
      // a stream that ends early or holds garbage (the checksum matched: a crafted file)
      throw new GraphFormatError(`graph.bin: ${(err as Error).message}`);
    }
  }

  /** Cheap structural checks so a crafted file cannot make searches read out of bounds. */
  private validate() {
    const { nodeCount: n, edgeCount: m, shapeCount: s } = this;
    if (this.adjOffset[0] !== 0 || this.adjOffset[n]! > 2 * m) throw new GraphFormatError('graph.bin: bad adjacency');
    for (let i = 0; i < n; i++)
      if (this.adjOffset[i + 1]! < this.adjOffset[i]! || this.adjOffset[i + 1]! > 2 * m)
        throw new GraphFormatError('graph.bin: bad adjacency offsets');
    for (let i = 0; i < this.adjEdge.length; i++) if (this.adjEdge[i]! >= m) throw new GraphFormatError('graph.bin: bad adjacency edge id');
    for (let k = 0; k < m; k++) {
      if (this.edgeFrom[k]! >= n || this.edgeTo[k]! >= n) throw new GraphFormatError('graph.bin: bad edge endpoint');
      if (this.edgeShapeStart[k + 1]! < this.edgeShapeStart[k]!) throw new GraphFormatError('graph.bin: bad shape offsets');
      if (!(this.edgeCost[k]! >= this.edgeLength[k]! * this.minCostFactor * 0.999))
        throw new GraphFormatError('graph.bin: edge cost below the declared minimum factor');
    }
    if (m > 0 && this.edgeShapeStart[m] !== s) throw new GraphFormatError('graph.bin: bad shape count');
  }

  nodeCoord(i: number): [number, number] {
    return [this.nodeLon[i]! / COORD_SCALE, this.nodeLat[i]! / COORD_SCALE];
  }

  /** The other end of edge e seen from node `from`. */
  otherEnd(e: number, from: number): number {
    const a = this.edgeFrom[e]!;
    return a === from ? this.edgeTo[e]! : a;
  }

  /**
   * Full geometry of edge e from its `from` node to its `to` node: lon/lat/elevation per point
   * (endpoints included).
   */
  edgeGeometry(e: number): { lon: number[]; lat: number[]; ele: number[] } {
    const a = this.edgeFrom[e]!;
    const b = this.edgeTo[e]!;
    const lon = [this.nodeLon[a]! / COORD_SCALE];
    const lat = [this.nodeLat[a]! / COORD_SCALE];
    const ele = [this.nodeEle[a]!];
    for (let p = this.edgeShapeStart[e]!; p < this.edgeShapeStart[e + 1]!; p++) {
      lon.push(this.shapeLon[p]! / COORD_SCALE);
      lat.push(this.shapeLat[p]! / COORD_SCALE);
      ele.push(this.shapeEle[p]!);
    }
    lon.push(this.nodeLon[b]! / COORD_SCALE);
    lat.push(this.nodeLat[b]! / COORD_SCALE);
    ele.push(this.nodeEle[b]!);
    return { lon, lat, ele };
  }

  /** Is [lon, lat] inside the graph's bbox grown by `marginM` metres? */
  contains(p: LonLat, marginM = 0): boolean {
    const dx = marginM / this.kx;
    const dy = marginM / this.ky;
    return p[0] >= this.bbox[0] - dx && p[0] <= this.bbox[2] + dx && p[1] >= this.bbox[1] - dy && p[1] <= this.bbox[3] + dy;
  }
}

/** The contraction order section: u24 per node, which must be a permutation of 0..n−1. */
function readRank(bytes: Uint8Array, at: number, n: number): Uint32Array {
  const rank = new Uint32Array(n);
  const seen = new Uint8Array(n);
  for (let v = 0, k = at; v < n; v++, k += 3) {
    const r = bytes[k]! | (bytes[k + 1]! << 8) | (bytes[k + 2]! << 16);
    if (r >= n || seen[r]) throw new GraphFormatError('graph.bin: bad contraction order (not a permutation of the nodes)');
    seen[r] = 1;
    rank[v] = r;
  }
  return rank;
}
