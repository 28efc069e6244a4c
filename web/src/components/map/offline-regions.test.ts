import { describe, expect, it } from 'vitest';
import type { RegionInfo } from '@waymark/contracts/regions';
import { packBytes, regionState, summarizeStored } from './offline-regions';

const o = 'http://app.test';
const e = (path: string, bytes = 10) => ({ url: `${o}${path}`, bytes });

describe('summarizeStored', () => {
  it('groups pack files by region, counts every copy, and ignores other URLs', () => {
    const s = summarizeStored(
      [
        e('/tiles/andorra/basemap.pmtiles?v=a1', 100),
        e('/tiles/andorra/terrain.pmtiles?v=a1', 200),
        e('/tiles/andorra/graph.bin?v=a1', 30),
        e('/tiles/andorra/graph.bin?v=a1', 30), // the routing worker's copy
        e('/tiles/andorra/places.json?v=a1', 5),
        e('/tiles/monaco/graph.bin?v=m1', 7),
        e('/tiles/monaco/secret.txt?v=m1', 1000), // not a pack file
        e('/tiles/monaco/graph.bin/extra?v=m1', 1000),
        e('/assets/sprites/light.png', 1000),
        { url: 'http://elsewhere.test/tiles/andorra/graph.bin?v=a1', bytes: 1000 },
      ],
      o,
    );
    expect(s).toEqual([
      { region: 'andorra', version: 'a1', files: ['basemap.pmtiles', 'terrain.pmtiles', 'graph.bin', 'places.json'], bytes: 365 },
      { region: 'monaco', version: 'm1', files: ['graph.bin'], bytes: 7 },
    ]);
  });

  it('names the version most files carry when an interrupted update left two, and decodes names', () => {
    const s = summarizeStored(
      [
        e('/tiles/la%20vella/basemap.pmtiles?v=old'),
        e('/tiles/la%20vella/terrain.pmtiles?v=old'),
        e('/tiles/la%20vella/graph.bin?v=new'),
        e('/tiles/la%20vella/places.json'),
      ],
      o,
    );
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ region: 'la vella', version: 'old', files: ['basemap.pmtiles', 'terrain.pmtiles'], bytes: 40 });
  });
});

describe('regionState', () => {
  const info = { name: 'andorra', version: 'a2', sizes: { 'basemap.pmtiles': 3, 'graph.bin': 4 } } as unknown as RegionInfo;
  const all = ['basemap.pmtiles', 'terrain.pmtiles', 'graph.bin', 'places.json'] as const;
  it('tells stored, partial, update and absent apart', () => {
    expect(regionState(undefined, info)).toBe('absent');
    expect(regionState({ region: 'andorra', version: 'a2', files: [], bytes: 0 }, info)).toBe('absent');
    expect(regionState({ region: 'andorra', version: 'a2', files: [...all], bytes: 9 }, info)).toBe('stored');
    expect(regionState({ region: 'andorra', version: 'a2', files: ['graph.bin'], bytes: 9 }, info)).toBe('partial');
    expect(regionState({ region: 'andorra', version: 'a1', files: [...all], bytes: 9 }, info)).toBe('update');
    // the server's pack unknown (offline): judged on the files alone
    expect(regionState({ region: 'andorra', version: 'a1', files: [...all], bytes: 9 }, undefined)).toBe('stored');
  });
  it('sums the pack size', () => expect(packBytes(info)).toBe(7));
});
