/**
 * graph.bin layout (all little-endian, every section starts on an 8-byte boundary):
 *
 * header (64 bytes)
 *   0  u8[4]  magic "WMRG"
 *   4  u32    format version (GRAPH_FORMAT_VERSION)
 *   8  u32    nodeCount  (junctions and dead ends)
 *  12  u32    edgeCount  (undirected edges between nodes, degree-2 chains contracted)
 *  16  u32    shapeCount (intermediate shape points of all edges)
 *  20  u32    byteLength of the whole file
 *  24  f64×4  bbox minLon, minLat, maxLon, maxLat
 *  56  f32    minimum cost factor over all edges (A* heuristic scale)
 *  60  u32    FNV-1a checksum of bytes [64, byteLength)
 * sections, in order
 *   nodeLon i32[n] (1e-7 deg), nodeLat i32[n], nodeEle f32[n] (m, NaN unknown)
 *   adjOffset u32[n+1], adjEdge u32[2m]   CSR adjacency: incident edge ids of node i are
 *                                         adjEdge[adjOffset[i] .. adjOffset[i+1])
 *   edgeFrom u32[m], edgeTo u32[m], edgeLength f32[m] (m), edgeCost f32[m] (length × factor)
 *   edgeShapeStart u32[m+1]               shape points of edge e: [start[e], start[e+1]) in from→to order
 *   edgeClass u8[m], edgeSurface u8[m]
 *   edgeGreen u8[m]                       share of the edge's length inside green areas, 0–255 (v2)
 *   shapeLon i32[s], shapeLat i32[s], shapeEle f32[s]
 */
export const GRAPH_MAGIC = 0x4752_4d57; // "WMRG" read as little-endian u32
/** 2: adds edgeGreen. Files of any other version are rejected (rebuild the pack). */
export const GRAPH_FORMAT_VERSION = 2;
export const HEADER_BYTES = 64;
export const COORD_SCALE = 1e7;

export const align8 = (n: number) => (n + 7) & ~7;

export interface SectionSizes {
  nodeCount: number;
  edgeCount: number;
  shapeCount: number;
}

/** Byte offsets of every section for the given counts, and the total length. */
export function layout({ nodeCount: n, edgeCount: m, shapeCount: s }: SectionSizes) {
  let off = HEADER_BYTES;
  const take = (bytes: number) => {
    const at = off;
    off = align8(off + bytes);
    return at;
  };
  const o = {
    nodeLon: take(4 * n),
    nodeLat: take(4 * n),
    nodeEle: take(4 * n),
    adjOffset: take(4 * (n + 1)),
    adjEdge: take(4 * 2 * m),
    edgeFrom: take(4 * m),
    edgeTo: take(4 * m),
    edgeLength: take(4 * m),
    edgeCost: take(4 * m),
    edgeShapeStart: take(4 * (m + 1)),
    edgeClass: take(m),
    edgeSurface: take(m),
    edgeGreen: take(m),
    shapeLon: take(4 * s),
    shapeLat: take(4 * s),
    shapeEle: take(4 * s),
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
