import { COORD_SCALE, GRAPH_FORMAT_VERSION, GRAPH_MAGIC, HEADER_BYTES, fnv1a, layout } from './format.ts';

export type LonLat = readonly [number, number];
export type BBox = readonly [minLon: number, minLat: number, maxLon: number, maxLat: number];

/** Thrown when graph.bin bytes are not a graph this code can read. */
export class GraphFormatError extends Error {
  override name = 'GraphFormatError';
}

const DEG = Math.PI / 180;
const R = 6_371_008.8;

/**
 * A read-only running graph over the bytes of graph.bin. Typed-array views point into the
 * given buffer (no copy) when it is 8-byte aligned; otherwise the bytes are copied once.
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

  private constructor(bytes: Uint8Array) {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const buf = bytes.buffer;
    const base = bytes.byteOffset;
    this.nodeCount = dv.getUint32(8, true);
    this.edgeCount = dv.getUint32(12, true);
    this.shapeCount = dv.getUint32(16, true);
    this.byteLength = dv.getUint32(20, true);
    this.bbox = [dv.getFloat64(24, true), dv.getFloat64(32, true), dv.getFloat64(40, true), dv.getFloat64(48, true)];
    this.minCostFactor = dv.getFloat32(56, true);
    const n = this.nodeCount;
    const m = this.edgeCount;
    const s = this.shapeCount;
    const L = layout({ nodeCount: n, edgeCount: m, shapeCount: s });
    this.nodeLon = new Int32Array(buf, base + L.nodeLon, n);
    this.nodeLat = new Int32Array(buf, base + L.nodeLat, n);
    this.nodeEle = new Float32Array(buf, base + L.nodeEle, n);
    this.adjOffset = new Uint32Array(buf, base + L.adjOffset, n + 1);
    this.adjEdge = new Uint32Array(buf, base + L.adjEdge, 2 * m);
    this.edgeFrom = new Uint32Array(buf, base + L.edgeFrom, m);
    this.edgeTo = new Uint32Array(buf, base + L.edgeTo, m);
    this.edgeLength = new Float32Array(buf, base + L.edgeLength, m);
    this.edgeCost = new Float32Array(buf, base + L.edgeCost, m);
    this.edgeShapeStart = new Uint32Array(buf, base + L.edgeShapeStart, m + 1);
    this.edgeClass = new Uint8Array(buf, base + L.edgeClass, m);
    this.edgeSurface = new Uint8Array(buf, base + L.edgeSurface, m);
    this.edgeGreen = new Uint8Array(buf, base + L.edgeGreen, m);
    this.shapeLon = new Int32Array(buf, base + L.shapeLon, s);
    this.shapeLat = new Int32Array(buf, base + L.shapeLat, s);
    this.shapeEle = new Float32Array(buf, base + L.shapeEle, s);

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
    if (version !== GRAPH_FORMAT_VERSION) {
      throw new GraphFormatError(
        `graph.bin: unsupported format version ${version} (this build reads version ${GRAPH_FORMAT_VERSION}; rebuild the region pack)`,
      );
    }
    const n = dv.getUint32(8, true);
    const m = dv.getUint32(12, true);
    const s = dv.getUint32(16, true);
    const declared = dv.getUint32(20, true);
    const expected = layout({ nodeCount: n, edgeCount: m, shapeCount: s }).byteLength;
    if (declared !== expected || bytes.byteLength !== expected) {
      throw new GraphFormatError(
        `graph.bin: truncated or inconsistent (${bytes.byteLength} bytes, header says ${declared}, counts imply ${expected})`,
      );
    }
    if (fnv1a(bytes, HEADER_BYTES, expected) !== dv.getUint32(60, true))
      throw new GraphFormatError('graph.bin: checksum mismatch (corrupted file)');
    if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1)
      throw new GraphFormatError('graph.bin: big-endian platforms are not supported');
    const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
    return new RunningGraph(aligned);
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
