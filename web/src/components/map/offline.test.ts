import { afterEach, describe, expect, it, vi } from 'vitest';
import { TILE_CACHE, dropOtherVersions } from './offline';

// jsdom has no Cache API: a Map-backed stand-in with the three methods dropOtherVersions uses.
function fakeCaches(urls: string[]) {
  const store = new Map(urls.map((u) => [u, new Request(u)]));
  const opened: string[] = [];
  vi.stubGlobal('caches', {
    open: async (name: string) => {
      opened.push(name);
      return { keys: async () => [...store.values()], delete: async (r: Request) => store.delete(r.url) };
    },
  });
  return { store, opened };
}

describe('dropOtherVersions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('deletes cached files of the region from other pack versions, and nothing else', async () => {
    const o = 'http://app.test';
    const { store, opened } = fakeCaches([
      `${o}/tiles/andorra/basemap.pmtiles?v=new`,
      `${o}/tiles/andorra/graph.bin?v=new`,
      `${o}/tiles/andorra/basemap.pmtiles?v=old`,
      `${o}/tiles/andorra/graph.bin`,
      `${o}/tiles/monaco/graph.bin?v=old`,
      `${o}/tiles/andorra-north/graph.bin?v=old`,
    ]);
    expect(await dropOtherVersions(o, 'andorra', 'new')).toBe(2);
    expect(opened).toEqual([TILE_CACHE]);
    expect([...store.keys()].sort()).toEqual(
      [
        `${o}/tiles/andorra-north/graph.bin?v=old`,
        `${o}/tiles/andorra/basemap.pmtiles?v=new`,
        `${o}/tiles/andorra/graph.bin?v=new`,
        `${o}/tiles/monaco/graph.bin?v=old`,
      ].sort(),
    );
  });
});
