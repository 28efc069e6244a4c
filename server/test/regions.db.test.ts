// Region packs over HTTP against the real app: tiles with Range/ETag, glyphs, sprites,
// region metadata, place search and elevation — with the built Andorra and Monaco packs.
import fs from 'node:fs';
import path from 'node:path';
import { Dem, readHgt } from '@waymark/regions/dem';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../src/regions/index.ts';
import { appWithRegions } from './support/regions.ts';

const { app, get } = appWithRegions();

describe('tiles', () => {
  it('serves basemap.pmtiles with Range (206), ETag and long caching', async () => {
    const size = fs.statSync(path.join(ROOT, 'data/packs/andorra/basemap.pmtiles')).size;
    const res = await get('/tiles/andorra/basemap.pmtiles', { range: 'bytes=0-126' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-126/${size}`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toMatch(/max-age=86400/);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBe(127);
    expect(new TextDecoder().decode(body.subarray(0, 7))).toBe('PMTiles');
    expect(body[7]).toBe(3);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await get('/tiles/andorra/basemap.pmtiles', { range: 'bytes=0-126', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    const suffix = await get('/tiles/andorra/basemap.pmtiles', { range: 'bytes=-10' });
    expect(suffix.status).toBe(206);
    expect((await suffix.arrayBuffer()).byteLength).toBe(10);
  });

  it('serves whole files and answers unsatisfiable ranges with 416', async () => {
    const full = await get('/tiles/monaco/terrain.pmtiles');
    expect(full.status).toBe(200);
    expect(Number(full.headers.get('content-length'))).toBe((await full.arrayBuffer()).byteLength);
    const bad = await get('/tiles/monaco/terrain.pmtiles', { range: 'bytes=999999999-' });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toMatch(/^bytes \*\/\d+$/);
    const graph = await get('/tiles/monaco/graph.bin', { range: 'bytes=0-15' });
    expect(graph.status).toBe(206);
  });

  it('404s unknown regions and files as JSON, never touching other paths', async () => {
    for (const p of [
      '/tiles/atlantis/basemap.pmtiles',
      '/tiles/andorra/meta.json',
      '/tiles/andorra/..%2Fmonaco',
      '/tiles/..%2F..%2Fetc/passwd',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
    }
  });
});

describe('glyphs and sprites', () => {
  it('serves a glyph range, picking the first existing font of a stack', async () => {
    const res = await get('/assets/fonts/Noto%20Sans%20Regular/0-255.pbf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const stack = await get('/assets/fonts/No%20Such%20Font,Noto%20Sans%20Medium/0-255.pbf');
    expect(stack.status).toBe(200);
  });

  it('404s missing ranges, unknown fonts and bad names (never 500)', async () => {
    for (const p of [
      '/assets/fonts/Noto%20Sans%20Regular/19968-20223.pbf',
      '/assets/fonts/Nope/0-255.pbf',
      '/assets/fonts/..%2F..%2Fetc/0-255.pbf',
      '/assets/fonts/Noto%20Sans%20Regular/abc.pbf',
      '/assets/fonts/%E0%A4%A/0-255.pbf',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
    }
  });

  it('serves sprite sheets', async () => {
    const json = await get('/assets/sprites/light.json');
    expect(json.status).toBe(200);
    expect(Object.keys((await json.json()) as object).length).toBeGreaterThan(10);
    const png = await get('/assets/sprites/dark@2x.png');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await get('/assets/sprites/nope.png')).status).toBe(404);
  });
});

describe('GET /api/regions', () => {
  it('lists both bundled regions with their metadata', async () => {
    const res = await get('/api/regions');
    expect(res.status).toBe(200);
    const { regions } = (await res.json()) as {
      regions: {
        name: string;
        version: string;
        bbox: number[];
        center: number[];
        attribution: string;
        tiles: { basemap: string; graph: string; places: string };
      }[];
    };
    const names = regions.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['andorra', 'monaco']));
    const andorra = regions.find((r) => r.name === 'andorra')!;
    expect(andorra.attribution).toBe('© OpenStreetMap contributors');
    // file URLs carry the pack version, so caches never mix a rebuilt pack with an old copy
    expect(andorra.version).toMatch(/^[0-9a-f]{16}$/);
    expect(andorra.tiles.basemap).toBe(`/tiles/andorra/basemap.pmtiles?v=${andorra.version}`);
    expect(andorra.tiles.graph).toBe(`/tiles/andorra/graph.bin?v=${andorra.version}`);
    expect((await get(andorra.tiles.graph)).status).toBe(200);
    // the place index ships with the pack, for search in the browser when offline
    expect(andorra.tiles.places).toBe(`/tiles/andorra/places.json?v=${andorra.version}`);
    const places = await get(andorra.tiles.places);
    expect(places.status).toBe(200);
    expect(places.headers.get('content-type')).toContain('application/json');
    const index = (await places.json()) as { version: number; places: { name: string; kind: string; ele?: number }[] };
    expect(index.places.find((p) => p.name === 'Pic Est de Casamanya' && p.kind === 'peak')?.ele).toBe(2757);
    expect(andorra.center[0]).toBeGreaterThan(andorra.bbox[0]!);
    expect(andorra.center[0]).toBeLessThan(andorra.bbox[2]!);
  });
});

describe('GET /api/regions/:name/places', () => {
  const search = async (region: string, q: string, limit?: number) => {
    const res = await get(`/api/regions/${region}/places?q=${encodeURIComponent(q)}${limit !== undefined ? `&limit=${limit}` : ''}`);
    return {
      status: res.status,
      body: (await res.json()) as { places: { name: string; kind: string; lon: number; lat: number }[]; error?: { code: string } },
    };
  };

  it('finds accented names without accents, ranked', async () => {
    const r = await search('andorra', 'andorra la vella');
    expect(r.status).toBe(200);
    expect(r.body.places[0]).toMatchObject({ name: 'Andorra la Vella', kind: 'town' });
    expect(r.body.places[0]!.lat).toBeCloseTo(42.506, 1);
    const pic = await search('andorra', 'Pic de Casamanya', 3);
    expect(pic.body.places).toHaveLength(3);
    for (const p of pic.body.places) expect(p.name).toMatch(/Casamanya/);
    const julia = await search('andorra', 'sant julia de loria', 1);
    expect(julia.body.places[0]!.name).toBe('Sant Julià de Lòria');
    const typo = await search('monaco', 'monte carlo', 5);
    expect(typo.body.places.map((p) => p.name)).toContain('Monte-Carlo');
  });

  it('validates the query and 404s unknown regions as JSON', async () => {
    expect((await search('andorra', '')).status).toBe(400);
    expect((await search('andorra', 'x'.repeat(101))).status).toBe(400);
    expect((await search('andorra', 'pic', 0)).status).toBe(400);
    const bad = await get('/api/regions/andorra/places?q=pic&limit=abc');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('validation_error');
    const unknown = await search('atlantis', 'pic');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('not_found');
    expect((await get('/api/regions/atlantis')).status).toBe(404);
  });
});

describe('elevation', () => {
  it('matches the DEM at a summit (GET and POST), null outside every region', async () => {
    const dem = new Dem([readHgt('N42E001.hgt.zip', fs.readFileSync(path.join(ROOT, 'data/regions/andorra/N42E001.hgt.zip')))]);
    const pts: [number, number][] = [
      [1.4442, 42.5917],
      [1.5218, 42.5063],
    ];
    const res = await get(`/api/elevation?points=${pts.map((p) => p.join(',')).join(';')};0,0`);
    expect(res.status).toBe(200);
    const { elevations } = (await res.json()) as { elevations: (number | null)[] };
    expect(elevations).toHaveLength(3);
    expect(Math.abs(elevations[0]! - dem.elevation(...pts[0]!))).toBeLessThan(5);
    expect(Math.abs(elevations[1]! - dem.elevation(...pts[1]!))).toBeLessThan(5);
    expect(elevations[2]).toBeNull();
    const post = await app().json('POST', '/api/elevation', { points: [[7.4246, 43.7384]] });
    expect(post.status).toBe(200);
    const body = (await post.json()) as { elevations: number[] };
    expect(body.elevations[0]).toBeGreaterThan(-5);
    expect(body.elevations[0]).toBeLessThan(200);
  });

  it('rejects bad point lists with 400', async () => {
    for (const q of [
      '',
      '?points=',
      '?points=abc',
      '?points=1,2,3',
      '?points=200,10',
      '?points=1,95',
      `?points=${Array.from({ length: 201 }, () => '1,42').join(';')}`,
    ]) {
      const res = await get(`/api/elevation${q}`);
      expect(res.status, q).toBe(400);
    }
    for (const body of [
      {},
      { points: [] },
      { points: [[1]] },
      { points: [['a', 'b']] },
      { points: Array.from({ length: 5001 }, () => [1, 42]) },
      '[1,2',
    ]) {
      const res = await app().json('POST', '/api/elevation', body);
      expect(res.status).toBe(400);
    }
  });
});
