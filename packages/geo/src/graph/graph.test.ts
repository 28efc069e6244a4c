import { beforeAll, describe, expect, it } from 'vitest';
import { andorraGraph } from '../test-support/andorra.ts';
import { buildRunningGraph, GRAPH_FORMAT_VERSION, withContractionRank } from './build.ts';
import { FLAG_CH_RANK, fnv1a } from './format.ts';
import { GraphFormatError, RunningGraph } from './graph.ts';
import { WAY_CLASS_NAMES, wayProfile } from './profile.ts';

let bytes: Uint8Array;
let graph: RunningGraph;
beforeAll(async () => {
  ({ bytes, graph } = await andorraGraph());
});

describe('running profile', () => {
  it('excludes motorways, construction, proposed, foot=no and access=private', () => {
    expect(wayProfile({ highway: 'motorway' })).toBeNull();
    expect(wayProfile({ highway: 'motorway_link' })).toBeNull();
    expect(wayProfile({ highway: 'construction' })).toBeNull();
    expect(wayProfile({ highway: 'proposed' })).toBeNull();
    expect(wayProfile({ highway: 'footway', foot: 'no' })).toBeNull();
    expect(wayProfile({ highway: 'service', access: 'private' })).toBeNull();
    expect(wayProfile({ highway: 'track', access: 'no' })).toBeNull();
  });
  it('keeps access=no when foot is explicitly allowed', () => {
    expect(wayProfile({ highway: 'track', access: 'no', foot: 'yes' })).not.toBeNull();
  });
  it('prefers paths over quiet streets over busy roads, and penalises steps', () => {
    const f = (tags: Record<string, string>) => wayProfile(tags)!.factor;
    expect(f({ highway: 'path' })).toBe(1);
    expect(f({ highway: 'footway' })).toBe(1);
    expect(f({ highway: 'residential' })).toBeGreaterThan(1);
    expect(f({ highway: 'primary' })).toBeGreaterThan(f({ highway: 'residential' }));
    expect(f({ highway: 'trunk' })).toBeGreaterThan(f({ highway: 'primary' }));
    expect(f({ highway: 'primary', sidewalk: 'both' })).toBeLessThan(f({ highway: 'primary' }));
    expect(f({ highway: 'steps' })).toBeGreaterThan(1);
  });
  it('ignores car oneways', () => {
    expect(wayProfile({ highway: 'residential', oneway: 'yes' })).toEqual(wayProfile({ highway: 'residential' }));
  });
  it('classifies way types and surfaces', () => {
    expect(WAY_CLASS_NAMES[wayProfile({ highway: 'primary_link' })!.cls]).toBe('primary');
    expect(wayProfile({ highway: 'path', surface: 'gravel' })!.surface).toBe(2);
    expect(wayProfile({ highway: 'residential' })!.surface).toBe(1);
  });
});

describe('buildRunningGraph on a tiny synthetic network', () => {
  // A T junction: way 1 = a-b-c (b is shared), way 2 = b-d-e. c and e are dead ends.
  const coords: Record<number, [number, number]> = {
    1: [1.5, 42.5],
    2: [1.501, 42.5],
    3: [1.502, 42.5],
    4: [1.501, 42.501],
    5: [1.501, 42.502],
    6: [1.6, 42.6],
  };
  const build = (extra: { id: number; refs: number[]; tags: Record<string, string> }[] = []) =>
    RunningGraph.fromBytes(
      buildRunningGraph(
        {
          nodeCoord: (id) => coords[id],
          ways: [
            { id: 1, refs: [1, 2, 3], tags: { highway: 'footway' } },
            { id: 2, refs: [2, 4, 5], tags: { highway: 'residential' } },
            ...extra,
          ],
          elevation: (_lon, lat) => (lat - 42.5) * 10_000,
        },
        { minComponentLength: 0 },
      ),
    );
  it('makes junctions and dead ends nodes and contracts degree-2 chains with their shape', () => {
    const g = build();
    expect(g.nodeCount).toBe(4); // a, b, c, e — d is a shape point
    expect(g.edgeCount).toBe(3);
    expect(g.shapeCount).toBe(1);
    let total = 0;
    for (let e = 0; e < g.edgeCount; e++) total += g.edgeLength[e]!;
    expect(total).toBeGreaterThan(2 * 82 + 2 * 111 - 2);
    const withShape = [...Array(g.edgeCount).keys()].find((e) => g.edgeShapeStart[e + 1]! > g.edgeShapeStart[e]!)!;
    const geom = g.edgeGeometry(withShape);
    expect(geom.lon).toHaveLength(3);
    expect(geom.ele[1]).toBeCloseTo(10, 3);
    expect(WAY_CLASS_NAMES[g.edgeClass[withShape]!]).toBe('residential');
  });
  it('skips excluded ways and missing nodes, and drops tiny components when asked', () => {
    const g = build([
      { id: 3, refs: [3, 6], tags: { highway: 'construction' } },
      { id: 4, refs: [5, 99, 1], tags: { highway: 'path' } },
    ]);
    expect(g.edgeCount).toBe(3);
    const small = RunningGraph.fromBytes(
      buildRunningGraph({
        nodeCoord: (id) => coords[id],
        ways: [{ id: 1, refs: [1, 2], tags: { highway: 'path' } }],
        elevation: () => NaN,
      }),
    );
    expect(small.edgeCount).toBe(0);
  });
});

describe('graph.bin format', () => {
  it('builds the Andorra graph with sane sizes', () => {
    expect(graph.nodeCount).toBeGreaterThan(1000);
    expect(graph.edgeCount).toBeGreaterThan(graph.nodeCount * 0.9);
    const [minLon, minLat, maxLon, maxLat] = graph.bbox;
    expect(minLon).toBeGreaterThan(1.3);
    expect(maxLon).toBeLessThan(1.9);
    expect(minLat).toBeGreaterThan(42.3);
    expect(maxLat).toBeLessThan(42.8);
    // SRTM elevations of Andorra: valleys ~800 m, peaks < 3000 m
    let lo = Infinity;
    let hi = -Infinity;
    for (const e of graph.nodeEle) {
      if (!Number.isFinite(e)) continue;
      lo = Math.min(lo, e);
      hi = Math.max(hi, e);
    }
    expect(lo).toBeGreaterThan(700);
    expect(hi).toBeLessThan(3000);
  });
  it('decodes the same graph from a misaligned copy of the bytes', () => {
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const g2 = RunningGraph.fromBytes(shifted.subarray(1));
    expect(g2.edgeCount).toBe(graph.edgeCount);
    expect(Array.from(g2.edgeCost)).toEqual(Array.from(graph.edgeCost));
    expect(Array.from(g2.shapeLat)).toEqual(Array.from(graph.shapeLat));
  });
  it('is compact: coordinates and topology as varints, elevations from the embedded DEM grid', () => {
    expect(graph.elevation).not.toBeNull();
    const gridBytes = new DataView(bytes.buffer, bytes.byteOffset).getUint32(72, true);
    // v2 took 532,400 bytes for this graph without any DEM
    expect(bytes.length - gridBytes).toBeLessThan(200_000);
    // every node and shape point takes its elevation from the grid
    for (let i = 0; i < graph.nodeCount; i += 7)
      expect(graph.nodeEle[i]).toBe(Math.fround(graph.elevation!.sample(graph.nodeLon[i]! / 1e7, graph.nodeLat[i]! / 1e7)));
    // lengths are recomputed from the stored geometry: the sum matches the network's ~815 km
    let total = 0;
    for (let e = 0; e < graph.edgeCount; e++) total += graph.edgeLength[e]!;
    expect(total / 1000).toBeGreaterThan(780);
    expect(total / 1000).toBeLessThan(850);
  });
  it('rejects bad files with a clear error', () => {
    expect(() => RunningGraph.fromBytes(new Uint8Array(10))).toThrow(/too short/);
    expect(() => RunningGraph.fromBytes(new Uint8Array(128))).toThrow(/bad magic/);
    const v = bytes.slice();
    new DataView(v.buffer).setUint32(4, GRAPH_FORMAT_VERSION + 1, true);
    expect(() => RunningGraph.fromBytes(v)).toThrow(GraphFormatError);
    expect(() => RunningGraph.fromBytes(v)).toThrow(/unsupported format version/);
    expect(() => RunningGraph.fromBytes(bytes.slice(0, bytes.length - 8))).toThrow(/truncated/);
    const c = bytes.slice();
    c[c.length - 100]! ^= 0xff;
    expect(() => RunningGraph.fromBytes(c)).toThrow(/checksum/);
  });
  it('stores a contraction order (3 bytes per node) that reads back as it was, and rejects one that is not a permutation', () => {
    expect(graph.chRank).toBeNull();
    const n = graph.nodeCount;
    // a permutation with ranks spread over all three bytes
    const rank = Uint32Array.from({ length: n }, (_, v) => (v * 7919 + 13) % n);
    expect(new Set(rank).size).toBe(n);
    const withRank = withContractionRank(bytes, rank);
    expect(withRank.length - bytes.length).toBeGreaterThanOrEqual(3 * n);
    expect(withRank.length - bytes.length).toBeLessThan(3 * n + 8);
    const g = RunningGraph.fromBytes(withRank);
    expect(g.chRank).toEqual(rank);
    expect(g.nodeCount).toBe(n);
    expect(g.edgeCost).toEqual(graph.edgeCost);
    // writing another order replaces the first (the file does not grow)
    const again = withContractionRank(
      withRank,
      Uint32Array.from({ length: n }, (_, v) => n - 1 - v),
    );
    expect(again.length).toBe(withRank.length);
    expect(RunningGraph.fromBytes(again).chRank![0]).toBe(n - 1);
    // a duplicate rank (checksum fixed up, as a crafted file would) is a clear format error
    const dup = rank.slice();
    dup[1] = dup[0]!;
    const bad = withContractionRank(bytes, dup);
    expect(() => RunningGraph.fromBytes(bad)).toThrow(GraphFormatError);
    expect(() => RunningGraph.fromBytes(bad)).toThrow(/contraction order/);
    const big = rank.slice();
    big[5] = n + 3;
    expect(() => RunningGraph.fromBytes(withContractionRank(bytes, big))).toThrow(/contraction order/);
    expect(() => withContractionRank(bytes, rank.subarray(1))).toThrow(RangeError);
    // the flag without the section's bytes is a truncated file
    const flagOnly = bytes.slice();
    const dv = new DataView(flagOnly.buffer);
    dv.setUint32(76, dv.getUint32(76, true) | FLAG_CH_RANK, true);
    dv.setUint32(60, fnv1a(flagOnly, 96, flagOnly.length), true);
    expect(() => RunningGraph.fromBytes(flagOnly)).toThrow(/truncated/);
  });
  it('still reads version 3 files (no contraction order) and rejects older ones', () => {
    const v3 = bytes.slice();
    const dv = new DataView(v3.buffer);
    dv.setUint32(4, 3, true);
    const g = RunningGraph.fromBytes(v3);
    expect(g.chRank).toBeNull();
    expect(g.edgeCount).toBe(graph.edgeCount);
    dv.setUint32(4, 2, true);
    expect(() => RunningGraph.fromBytes(v3)).toThrow(/unsupported format version 2/);
  });
  it('a crafted file (body changed, checksum fixed up) decodes or fails with GraphFormatError, never anything else', () => {
    let rejected = 0;
    for (let trial = 0; trial < 60; trial++) {
      const c = bytes.slice();
      const flips = 1 + (trial % 4);
      for (let k = 0; k < flips; k++) {
        // mostly the varint stream and the section sizes in the header, sometimes anywhere
        const at = k === 0 && trial % 3 === 0 ? 64 + ((trial * 4) % 16) : 96 + ((trial * 7919 + k * 104729) % (c.length - 96));
        c[at] = (c[at]! + 1 + ((trial * 31) % 255)) & 0xff;
      }
      new DataView(c.buffer).setUint32(60, fnv1a(c, 96, c.length), true);
      try {
        const g = RunningGraph.fromBytes(c);
        for (let e = 0; e < g.edgeCount; e++) {
          expect(g.edgeFrom[e]).toBeLessThan(g.nodeCount);
          expect(g.edgeTo[e]).toBeLessThan(g.nodeCount);
        }
      } catch (err) {
        expect(err).toBeInstanceOf(GraphFormatError);
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(0);
  });
});
