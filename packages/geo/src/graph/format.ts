/**
 * graph.bin layout, version 4 (all little-endian, every section starts on an 8-byte boundary).
 * Compact: coordinates and topology are varint deltas, edge lengths and costs are recomputed on
 * load, and elevations come from the embedded elevation grid, so a graph ships in ~20–30 bytes per
 * node (v2 took ~80) and decodes into the same typed arrays as before (`RunningGraph`).
 *
 * header (96 bytes)
 *   0  u8[4]  magic "WMRG"
 *   4  u32    format version (GRAPH_FORMAT_VERSION)
 *   8  u32    nodeCount  (junctions and dead ends)
 *  12  u32    edgeCount  (undirected edges between nodes, degree-2 chains contracted)
 *  16  u32    shapeCount (intermediate shape points of all edges)
 *  20  u32    byteLength of the whole file
 *  24  f64×4  bbox minLon, minLat, maxLon, maxLat
 *  56  f32    minimum cost factor over all edges (A* heuristic scale)
 *  60  u32    FNV-1a checksum of bytes [HEADER_BYTES, byteLength)
 *  64  u32    factorCount: distinct cost factors (≤ 256)
 *  68  u32    streamBytes: length of the varint stream
 *  72  u32    gridBytes: length of the embedded elevation grid (0 = none)
 *  76  u32    flags (FLAG_POINT_ELEVATION: per-point elevations stored as f32; FLAG_CH_RANK: the
 *              contraction order section is present)
 *  80  u8[16] reserved (0)
 * sections, in order
 *   factors f32[factorCount]       cost = length × factors[edgeFactor[e]]
 *   edgeClass u8[m]                way class (low 5 bits) | surface class << 5
 *   edgeGreen u8[m]                share of the edge's length inside green areas, 0–255
 *   edgeFactor u8[m]               index into factors
 *   pointEle f32[n + s]            only with FLAG_POINT_ELEVATION: nodes, then shape points
 *   stream u8[streamBytes]         varints (see below)
 *   grid u8[gridBytes]             ElevationGrid.encode() (elevation/grid.ts)
 *   chRank u24[n]                  only with FLAG_CH_RANK: each node's position in the contraction
 *                                  hierarchy's order (a permutation of 0..n−1), computed by the
 *                                  region builder, so a runtime build skips the node ordering
 *
 * The stream, coordinates in 1e-6° (~0.1 m) units, zigzag deltas from the previous point:
 *   per node (in Hilbert-curve order):   Δlon, Δlat
 *   per node:                            number of edges whose `from` is this node
 *   per edge (by from, then to):         to − from (edges are stored with from ≤ to),
 *                                        shape point count, then each shape point's
 *                                        Δlon, Δlat from the point before it (from-node first)
 * Edge lengths are the haversine length of the stored geometry, computed on load.
 */
export const GRAPH_MAGIC = 0x4752_4d57; // "WMRG" read as little-endian u32
/**
 * 3: compact varint encoding with an embedded elevation grid. 4: the same plus the optional
 * contraction order (FLAG_CH_RANK). Version 3 files are still read (they never set that flag: no
 * order, the hierarchy is ordered at run time); files of any other version are rejected with a
 * clear error (the region pack's staleness key includes this number, so packs rebuild).
 */
export const GRAPH_FORMAT_VERSION = 4;
/** the oldest version `RunningGraph.fromBytes` still reads */
export const GRAPH_FORMAT_MIN_VERSION = 3;
export const HEADER_BYTES = 96;
/** in-memory node/shape coordinates are Int32 in 1e-7° */
export const COORD_SCALE = 1e7;
/** stored coordinates: 1e-6° */
export const FILE_COORD_SCALE = 1e6;
export const FLAG_POINT_ELEVATION = 1;
export const FLAG_CH_RANK = 2;
/** the contraction order is stored in 3 bytes per node: graphs of more nodes ship without it */
export const MAX_CH_RANK_NODES = 1 << 24;
export const MAX_FACTORS = 256;

export const align8 = (n: number) => (n + 7) & ~7;

export interface SectionSizes {
  nodeCount: number;
  edgeCount: number;
  shapeCount: number;
  factorCount: number;
  streamBytes: number;
  gridBytes: number;
  pointElevation: boolean;
  chRank?: boolean;
}

/** The section sizes a file's header declares (`dv` over the whole file). */
export function headerSizes(dv: DataView): Required<SectionSizes> {
  const flags = dv.getUint32(76, true);
  return {
    nodeCount: dv.getUint32(8, true),
    edgeCount: dv.getUint32(12, true),
    shapeCount: dv.getUint32(16, true),
    factorCount: dv.getUint32(64, true),
    streamBytes: dv.getUint32(68, true),
    gridBytes: dv.getUint32(72, true),
    pointElevation: (flags & FLAG_POINT_ELEVATION) !== 0,
    chRank: (flags & FLAG_CH_RANK) !== 0,
  };
}

/** Byte offsets of every section for the given sizes, and the total length. */
export function layout(z: SectionSizes) {
  let off = HEADER_BYTES;
  const take = (bytes: number) => {
    const at = off;
    off = align8(off + bytes);
    return at;
  };
  const o = {
    factors: take(4 * z.factorCount),
    edgeClass: take(z.edgeCount),
    edgeGreen: take(z.edgeCount),
    edgeFactor: take(z.edgeCount),
    pointEle: take(z.pointElevation ? 4 * (z.nodeCount + z.shapeCount) : 0),
    stream: take(z.streamBytes),
    grid: take(z.gridBytes),
    chRank: take(z.chRank ? 3 * z.nodeCount : 0),
  };
  return { ...o, byteLength: off };
}

/** FNV-1a over a byte range (corruption check; not cryptographic). */
export function fnv1a(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Position of (x, y) on a Hilbert curve over a 2^order × 2^order grid (x, y integers in range):
 * nodes sorted by it are near each other in space, so coordinate deltas and neighbour ids stay small.
 */
export function hilbertIndex(x: number, y: number, order = 16): number {
  let d = 0;
  for (let s = 1 << (order - 1); s > 0; s >>>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    // rotate the quadrant
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      const t = x;
      x = y;
      y = t;
    }
  }
  return d;
}
