// Trail difficulty in the basemap: paths and tracks keep OSM's sac_scale in the `roads` layer (the
// style colours them by it); other roads and unknown values do not.
import { describe, expect, it } from 'vitest';
import { FeatureBuilder } from './features.ts';
import type { OsmData, OsmWay } from './osm.ts';

describe('sac_scale in the roads layer', () => {
  it('is kept on paths and tracks with a known value, and only there', () => {
    const nodes = new Map<number, [number, number]>();
    for (let i = 1; i <= 12; i++) nodes.set(i, [1.5 + i * 0.001, 42.5 + (i % 2) * 0.001]);
    const ways: OsmWay[] = [
      { id: 1, refs: [1, 2], tags: { highway: 'path', sac_scale: 'alpine_hiking' } },
      { id: 2, refs: [3, 4], tags: { highway: 'track', sac_scale: 'mountain_hiking' } },
      { id: 3, refs: [5, 6], tags: { highway: 'footway', sac_scale: 'T9 (made up)' } },
      { id: 4, refs: [7, 8], tags: { highway: 'residential', sac_scale: 'hiking' } },
      { id: 5, refs: [9, 10], tags: { highway: 'path' } },
    ];
    const osm: OsmData = {
      coord: (id) => nodes.get(id),
      nodeCount: nodes.size,
      taggedNodes: [],
      ways,
      relations: [],
      bbox: [1.5, 42.5, 1.52, 42.51],
    };
    const roads = new FeatureBuilder(osm).build().features.filter((f) => f.layer === 'roads');
    const sac = Object.fromEntries(roads.map((f) => [f.props.kind_detail as string, f.props.sac_scale]));
    expect(roads).toHaveLength(5);
    expect(sac).toEqual({ path: undefined, track: 'mountain_hiking', footway: undefined, residential: undefined });
    expect(roads.filter((f) => f.props.sac_scale === 'alpine_hiking')).toHaveLength(1);
  });
});
