// The pack's routing graph gets its green areas from the same closed ways and assembled
// multipolygons as the basemap's landuse layer (FeatureBuilder), holes included.
import { RunningGraph } from '@waymark/geo';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { Dem, readHgt } from './dem.ts';
import { FeatureBuilder } from './features.ts';
import { buildGraph } from './graph.ts';
import type { OsmData, OsmRelation, OsmWay } from './osm.ts';

function flatDem(): Dem {
  const b = new Uint8Array(1201 * 1201 * 2);
  const v = new DataView(b.buffer);
  for (let i = 0; i < 1201 * 1201; i++) v.setInt16(i * 2, 1000, false);
  return new Dem([readHgt('N42E001.hgt.zip', zipSync({ 'N42E001.hgt': b }))]);
}

describe('green areas in the region graph', () => {
  const nodes = new Map<number, [number, number]>();
  let next = 1;
  const node = (lon: number, lat: number) => {
    nodes.set(next, [lon, lat]);
    return next++;
  };
  // footway A along 42.500 (1.500 → 1.510) crosses a wood multipolygon (1.502–1.508) with a pond hole (1.504–1.506)
  const a0 = node(1.5, 42.5);
  const a1 = node(1.51, 42.5);
  // footway B along 42.510 (1.500 → 1.510), the west half inside a closed-way park
  const b0 = node(1.5, 42.51);
  const b1 = node(1.51, 42.51);
  const sw = node(1.502, 42.495);
  const se = node(1.508, 42.495);
  const ne = node(1.508, 42.505);
  const nw = node(1.502, 42.505);
  const h = [node(1.504, 42.497), node(1.506, 42.497), node(1.506, 42.503), node(1.504, 42.503)];
  const p = [node(1.499, 42.508), node(1.505, 42.508), node(1.505, 42.512), node(1.499, 42.512)];
  // a stream ~22 m north of footway B, from 1.507 to 1.509
  const s0 = node(1.507, 42.5102);
  const s1 = node(1.509, 42.5102);
  const ways: OsmWay[] = [
    { id: 1, refs: [a0, a1], tags: { highway: 'footway' } },
    { id: 2, refs: [b0, b1], tags: { highway: 'footway' } },
    // the outer ring comes in two open pieces that must be stitched
    { id: 10, refs: [sw, se, ne], tags: {} },
    { id: 11, refs: [ne, nw, sw], tags: {} },
    { id: 12, refs: [...h, h[0]!], tags: {} }, // untagged inner way (the usual OSM way to cut a hole)
    { id: 20, refs: [...p, p[0]!], tags: { leisure: 'park', name: 'Parc' } },
    { id: 30, refs: [s0, s1], tags: { waterway: 'stream' } },
  ];
  const relations: OsmRelation[] = [
    {
      id: 100,
      tags: { type: 'multipolygon', natural: 'wood' },
      members: [
        { type: 'way', ref: 10, role: 'outer' },
        { type: 'way', ref: 11, role: 'outer' },
        { type: 'way', ref: 12, role: 'inner' },
      ],
    },
  ];
  const osm: OsmData = {
    coord: (id) => nodes.get(id),
    nodeCount: nodes.size,
    taggedNodes: [],
    ways,
    relations,
    bbox: [1.499, 42.495, 1.51, 42.512],
  };

  it('collects green polygons and water lines, and stores each edge’s green share', () => {
    const fb = new FeatureBuilder(osm).build();
    expect(fb.green).toHaveLength(2); // the wood (outer + hole) and the park
    expect(fb.green.map((rings) => rings.length).sort()).toEqual([1, 2]);
    expect(fb.waterside).toHaveLength(1);
    const built = buildGraph(osm, flatDem(), fb.green, fb.waterside);
    const g = RunningGraph.fromBytes(built.bytes);
    expect(g.edgeCount).toBe(2);
    const shareAt = (lat: number) => {
      for (let e = 0; e < g.edgeCount; e++) if (Math.abs(g.edgeGeometry(e).lat[0]! - lat) < 1e-6) return g.edgeGreen[e]! / 255;
      throw new Error('no edge');
    };
    // A: 0.006° inside the wood minus 0.002° of pond = 40 % of 0.010°
    expect(shareAt(42.5)).toBeGreaterThan(0.37);
    expect(shareAt(42.5)).toBeLessThan(0.43);
    // B: 1.500–1.505 in the park, plus 1.507–1.509 and ~20 m either side within 30 m of the stream
    expect(shareAt(42.51)).toBeGreaterThan(0.72);
    expect(shareAt(42.51)).toBeLessThan(0.78);
    expect(built.greenKm).toBeGreaterThan(0.85);
    expect(built.greenKm).toBeLessThan(1.05);
  });

  it('leaves every edge at 0 % without green areas', () => {
    const g = RunningGraph.fromBytes(buildGraph(osm, flatDem()).bytes);
    expect(Array.from(g.edgeGreen)).toEqual([0, 0]);
  });
});
