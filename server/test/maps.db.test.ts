// The map demo pages' data against the real app: population hexagons from the GeoNames cities,
// heatmap points from the public routes in the database and from the packs' POIs, and terrain
// tiles served one by one out of the real terrain.pmtiles.
import type { PopulationResponse } from '@waymark/contracts/maps';
import { encodeRouteGeometry } from '@waymark/geo';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { seedDemoRoutes } from '../src/maps/seed.ts';
import { appWithRegions } from './support/regions.ts';

const { app, get } = appWithRegions();
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('GET /api/maps/population', () => {
  it('world view (res 2): hexagons with population, density and top cities; Paris is in one', async () => {
    const res = await get('/api/maps/population?bbox=-180,-85,180,85&res=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/geo\+json/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
    const fc = (await res.json()) as PopulationResponse;
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.resolution).toBe(2);
    expect(fc.truncated).toBe(false);
    expect(fc.attribution).toMatch(/GeoNames/);
    expect(fc.count).toBe(fc.features.length);
    expect(fc.features.length).toBeGreaterThan(1000);
    // every city of ≥ 1000 people counted once: over 2.5 billion people live in them
    expect(fc.population).toBeGreaterThan(2.5e9);
    expect(fc.features.reduce((s, f) => s + f.properties.population, 0)).toBe(fc.population);
    for (const f of fc.features.slice(0, 200)) {
      const ring = f.geometry.coordinates[0]!;
      expect(ring.length).toBeGreaterThanOrEqual(6);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      expect(f.properties.density).toBeGreaterThan(0);
      expect(f.properties.cities).toBeGreaterThan(0);
    }
    const paris = fc.features.find((f) =>
      (JSON.parse(f.properties.top) as [string, string, number][]).some(([n, c]) => n === 'Paris' && c === 'FR'),
    )!;
    expect(paris).toBeDefined();
    expect(paris.properties.population).toBeGreaterThan(2_138_551);
    const [lon, lat] = paris.geometry.coordinates[0]![0]!;
    expect(Math.abs(lon - 2.35)).toBeLessThan(3);
    expect(Math.abs(lat - 48.85)).toBeLessThan(3);
  });

  it('no hexagon jumps across the antimeridian', async () => {
    const fc = (await (await get('/api/maps/population?bbox=170,-60,180,-10&res=2')).json()) as PopulationResponse;
    expect(fc.features.length).toBeGreaterThan(0);
    for (const f of fc.features) {
      const xs = f.geometry.coordinates[0]!.map((p) => p[0]);
      expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(20);
    }
  });

  it('country view (zoom 8 → res 6): Andorra la Vella in its hexagon, only cells around the view', async () => {
    const fc = (await (await get('/api/maps/population?bbox=1.3,42.3,1.9,42.8&zoom=8')).json()) as PopulationResponse;
    expect(fc.resolution).toBe(6);
    expect(fc.features.length).toBeGreaterThan(3);
    expect(fc.features.length).toBeLessThan(200);
    const tops = fc.features.flatMap((f) => (JSON.parse(f.properties.top) as [string, string, number][]).map(([n]) => n));
    expect(tops).toEqual(expect.arrayContaining(['Andorra la Vella', 'Encamp', 'Pas de la Casa']));
    for (const f of fc.features) {
      for (const [x, y] of f.geometry.coordinates[0]!) {
        expect(x).toBeGreaterThan(0.5);
        expect(x).toBeLessThan(2.7);
        expect(y).toBeGreaterThan(41.8);
        expect(y).toBeLessThan(43.3);
      }
    }
  });

  it('answers a slightly moved view from the cache (the box is snapped to a grid), gzipped when accepted', async () => {
    const a = await get('/api/maps/population?bbox=-3.1,40.2,3.9,43.9&res=5');
    const b = await get('/api/maps/population?bbox=-3.0,40.3,3.8,43.8&res=5', { 'accept-encoding': 'gzip' });
    expect(a.headers.get('server-timing')).toMatch(/desc="computed"/);
    expect(b.headers.get('server-timing')).toMatch(/desc="cached"/);
    expect(b.headers.get('content-encoding')).toBe('gzip');
    const raw = new Uint8Array(await b.arrayBuffer());
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(raw).toString()).toBe(await a.text());
  });

  it('the resolution follows the zoom', async () => {
    for (const [zoom, res] of [
      [1, 2],
      [3, 3],
      [5, 4],
      [6, 5],
      [8, 6],
      [10, 7],
    ] as const) {
      const fc = (await (await get(`/api/maps/population?bbox=1.3,42.3,1.9,42.8&zoom=${zoom}`)).json()) as PopulationResponse;
      expect(fc.resolution, `zoom ${zoom}`).toBe(res);
    }
  });

  it.each([
    ['no bbox', 'res=2'],
    ['no res nor zoom', 'bbox=0,0,10,10'],
    ['three numbers', 'bbox=0,0,10&res=2'],
    ['west ≥ east', 'bbox=10,0,0,10&res=2'],
    ['south ≥ north', 'bbox=0,10,10,0&res=2'],
    ['latitude out of range', 'bbox=0,-95,10,10&res=2'],
    ['longitude out of range', 'bbox=-200,0,10,10&res=2'],
    ['not numbers', 'bbox=a,b,c,d&res=2'],
    ['NaN', 'bbox=NaN,0,10,10&res=2'],
    ['resolution too fine', 'bbox=0,0,10,10&res=9'],
    ['resolution not an integer', 'bbox=0,0,10,10&res=2.5'],
    ['negative zoom', 'bbox=0,0,10,10&zoom=-1'],
    ['unknown parameter', 'bbox=0,0,10,10&res=2&format=csv'],
    ['huge bbox string', `bbox=${'1'.repeat(200)},0,10,10&res=2`],
  ])('%s → 400 validation_error', async (_n, qs) => {
    const res = await get(`/api/maps/population?${qs}`);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('validation_error');
  });
});

describe('GET /api/maps/heatmap/routes', () => {
  it('samples the public routes only, every `step` metres, within the bbox', async () => {
    const owner = await app().signIn();
    // three lines ~1.1 km long in Monaco, one public, one private, one unlisted
    const line = (lat: number) =>
      encodeRouteGeometry(Array.from({ length: 12 }, (_, i) => [7.41 + i * 0.00124, lat, 50] as [number, number, number]));
    const mk = async (name: string, visibility: string, lat: number) => {
      const res = await app().json(
        'POST',
        '/api/routes',
        {
          name,
          visibility,
          region: 'monaco',
          waypoints: [
            { lon: 7.41, lat },
            { lon: 7.4236, lat },
          ],
          geometry: line(lat),
          stats: { distanceM: 1100, ascentM: 0, descentM: 0, timeS: 600 },
        },
        owner.headers,
      );
      expect(res.status).toBe(201);
    };
    await mk('Public line', 'public', 43.731);
    await mk('Private line', 'private', 43.735);
    await mk('Unlisted line', 'unlisted', 43.739);

    const MONACO = 'bbox=7.40,43.72,7.45,43.76';
    const res = await get(`/api/maps/heatmap/routes?${MONACO}&step=100`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { points: [number, number][]; routes: number; truncated: boolean; source: string };
    expect(body.source).toBe('routes');
    expect(body.routes).toBe(1);
    // 1.1 km every 100 m: 12 points (the start and 11 more)
    expect(body.points.length).toBeGreaterThanOrEqual(11);
    expect(body.points.length).toBeLessThanOrEqual(13);
    expect(body.points.every(([, lat]) => lat === 43.731)).toBe(true);

    const fine = (await (await get(`/api/maps/heatmap/routes?${MONACO}&step=10`)).json()) as { points: unknown[] };
    expect(fine.points.length).toBeGreaterThan(100);
    const outside = (await (await get('/api/maps/heatmap/routes?bbox=-10,40,-9,41')).json()) as { points: unknown[]; routes: number };
    expect(outside).toMatchObject({ points: [], routes: 0 });
  });

  it('the demo seed adds public loops of the demo user around Andorra once, and they feed the heatmap', async () => {
    await app().signIn({ email: 'demo@waymark.local' });
    const n = await seedDemoRoutes(app().ctx);
    expect(n).toBe(0); // a public route exists already (the test above): nothing is added
    await app().db().deleteFrom('routes').where('visibility', '=', 'public').execute();
    const added = await seedDemoRoutes(app().ctx);
    expect(added).toBeGreaterThanOrEqual(4);
    const body = (await (await get('/api/maps/heatmap/routes?bbox=1.4,42.4,1.8,42.7')).json()) as {
      points: [number, number][];
      routes: number;
    };
    expect(body.routes).toBe(added);
    expect(body.points.length).toBeGreaterThan(added * 100);
    expect(await seedDemoRoutes(app().ctx)).toBe(0);
  });

  it.each([
    ['step too small', 'step=1'],
    ['step not a number', 'step=abc'],
    ['bad bbox', 'bbox=1,2,3'],
    ['unknown parameter', 'user=me'],
  ])('%s → 400', async (_n, qs) => {
    const res = await get(`/api/maps/heatmap/routes?${qs}`);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('validation_error');
  });
});

describe('GET /api/maps/heatmap/pois', () => {
  it("a region's POIs by category, with the count per category", async () => {
    const all = (await (await get('/api/maps/heatmap/pois?region=andorra')).json()) as {
      points: [number, number][];
      counts: Record<string, number>;
    };
    expect(all.points.length).toBe(all.counts.all);
    expect(all.points.length).toBeGreaterThan(150);
    const peaks = (await (await get('/api/maps/heatmap/pois?region=andorra&category=peaks')).json()) as { points: [number, number][] };
    expect(peaks.points.length).toBe(all.counts.peaks);
    expect(peaks.points.length).toBeGreaterThan(50);
    // the extract reaches a little beyond Andorra's borders (Pyrenean peaks of France and Spain)
    for (const [lon, lat] of peaks.points) {
      expect(lon).toBeGreaterThan(1.0);
      expect(lon).toBeLessThan(2.0);
      expect(lat).toBeGreaterThan(42.2);
      expect(lat).toBeLessThan(42.9);
    }
    const food = (await (await get('/api/maps/heatmap/pois?region=monaco&category=food')).json()) as {
      points: unknown[];
      counts: Record<string, number>;
    };
    expect(food.points.length).toBe(food.counts.food);
    expect(food.points.length).toBeGreaterThan(20);
  });

  it('unknown region → 404, bad category or region name → 400', async () => {
    expect((await get('/api/maps/heatmap/pois?region=atlantis')).status).toBe(404);
    expect((await get('/api/maps/heatmap/pois?region=andorra&category=unicorns')).status).toBe(400);
    expect((await get('/api/maps/heatmap/pois?region=../etc')).status).toBe(400);
    expect((await get('/api/maps/heatmap/pois')).status).toBe(400);
  });
});

describe('GET /tiles/:region/terrain/:z/:x/:y.png', () => {
  // the z12 tile over Andorra la Vella (1.5218°E 42.5063°N)
  const TILE = '/tiles/andorra/terrain/12/2065/1512.png';

  it('serves the PNG out of terrain.pmtiles with caching headers, Terrarium-encoded mountain heights', async () => {
    const res = await get(TILE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=86400/);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}-12-2065-1512"$/);
    const png = decode(new Uint8Array(await res.arrayBuffer()));
    expect(png.width).toBe(256);
    const c = png.channels;
    const heights: number[] = [];
    for (let i = 0; i < png.width * png.height; i += 97)
      heights.push(png.data[i * c]! * 256 + png.data[i * c + 1]! + png.data[i * c + 2]! / 256 - 32768);
    // the valley of Andorra la Vella (~1000 m) and the slopes around it
    expect(Math.min(...heights)).toBeGreaterThan(800);
    expect(Math.max(...heights)).toBeLessThan(3000);
    expect(Math.max(...heights) - Math.min(...heights)).toBeGreaterThan(300);

    const again = await get(TILE, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    // without the extension too (maplibre-contour's URL template is up to the page)
    expect((await get('/tiles/andorra/terrain/12/2065/1512')).status).toBe(200);
    // lower zooms are there too
    expect((await get('/tiles/andorra/terrain/8/129/94.png')).status).toBe(200);
  });

  it('404 outside the archive, 400 for coordinates that are not a tile', async () => {
    expect((await get('/tiles/andorra/terrain/12/0/0.png')).status).toBe(404);
    expect((await get('/tiles/andorra/terrain/13/4130/3024.png')).status).toBe(404);
    expect((await get('/tiles/atlantis/terrain/12/2065/1512.png')).status).toBe(404);
    for (const p of [
      '/tiles/andorra/terrain/12/5000/1512.png',
      '/tiles/andorra/terrain/a/b/c.png',
      '/tiles/andorra/terrain/12/-1/3.png',
      '/tiles/andorra/terrain/99/1/1.png',
      '/tiles/andorra/terrain/12/2065/1512.jpg',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(400);
      expect(await errorCode(res)).toBe('validation_error');
    }
  });
});
