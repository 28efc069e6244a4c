// Data for the map demo pages (module `maps`), all public and read-only:
//   GET /api/maps/population?bbox=w,s,e,n&res=|zoom=   H3 hexagons of world population (GeoJSON)
//   GET /api/maps/heatmap/routes?bbox=&step=           points along the public routes
//   GET /api/maps/heatmap/pois?region=&category=       a region's points of interest
//   GET /tiles/:region/terrain/:z/:x/:y(.png)          raster-dem tiles out of terrain.pmtiles
import { heatmapPoisQuery, heatmapRoutesQuery, populationQuery, resolutionForZoom } from '@waymark/contracts/maps';
import type { ServerModule } from '../context.ts';
import { errorBody, notFound } from '../http/errors.ts';
import { onSegment } from '../http/segment.ts';
import { parseOr400 } from '../http/validate.ts';
import { packVersion, RegionStore, regionsDir } from '../regions/index.ts';
import { publicRoutePoints, regionPoiPoints } from './heatmap.ts';
import { populationAnswer } from './population.ts';
import { seedDemoRoutes } from './seed.ts';
import { TerrainTiles } from './terrain.ts';

// For the AI chat's tools: world cities (place names outside the regions) and the POI categories.
export { cities, searchCities } from './cities.ts';
export { POI_KINDS } from './pois.ts';

/** Same policy as the packs' files: a day, then revalidate (the ETag carries the pack version). */
const TILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
/** Cities data only changes with the package: an hour in caches. */
const POPULATION_CACHE = 'public, max-age=3600';
const TILE_COORD = /^\d{1,2}$/;
const TILE_XY = /^\d{1,7}$/;

const queryOf = (q: Record<string, string>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));

export function createMapsModule(): ServerModule {
  let store: RegionStore;
  const terrain = new TerrainTiles();
  let seeding: Promise<unknown> = Promise.resolve();
  return {
    name: 'maps',
    init(ctx) {
      store = new RegionStore(regionsDir(ctx.config));
    },
    register(app, ctx) {
      app.get('/api/maps/population', (c) => {
        const q = parseOr400(populationQuery, queryOf(c.req.query()), 'population query');
        const res = q.res ?? resolutionForZoom(q.zoom!);
        const t0 = performance.now();
        const r = populationAnswer(q.bbox, res);
        const gzip = /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '');
        const body = gzip ? r.gzip : r.body;
        return c.body(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': 'application/geo+json; charset=utf-8',
          'Cache-Control': POPULATION_CACHE,
          Vary: 'Accept-Encoding',
          'Content-Length': String(body.byteLength),
          ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
          'Server-Timing': `population;dur=${(performance.now() - t0).toFixed(1)};desc="${r.hit ? 'cached' : 'computed'}"`,
        });
      });

      app.get('/api/maps/heatmap/routes', async (c) => {
        const q = parseOr400(heatmapRoutesQuery, queryOf(c.req.query()), 'heatmap query');
        const r = await publicRoutePoints(ctx.db, q.bbox, q.step);
        return c.json(r, 200, { 'Cache-Control': 'no-cache' });
      });

      app.get('/api/maps/heatmap/pois', (c) => {
        const q = parseOr400(heatmapPoisQuery, queryOf(c.req.query()), 'heatmap query');
        const region = store.get(q.region);
        if (!region) throw notFound(`Unknown region ${JSON.stringify(q.region)}`);
        return c.json(regionPoiPoints(region, q.category), 200, { 'Cache-Control': 'public, max-age=300' });
      });

      // /tiles/:region/terrain/:z/:x/:y, on the pattern of the pack files' /tiles/:region/:file (http/segment.ts)
      app.get(
        '/tiles/:region/:file/:z/:x/:y',
        onSegment<'/tiles/:region/:file/:z/:x/:y'>('file', 'terrain', async (c) => {
          const { z, x } = c.req.param();
          const yRaw = c.req.param('y').replace(/\.png$/, '');
          const region = store.get(c.req.param('region'));
          if (!region) return c.json(errorBody('not_found', `No region ${c.req.param('region').slice(0, 40)}`), 404);
          if (!TILE_COORD.test(z) || !TILE_XY.test(x) || !TILE_XY.test(yRaw)) {
            return c.json(errorBody('validation_error', 'Tile coordinates must be integers: /tiles/<region>/terrain/{z}/{x}/{y}.png'), 400);
          }
          const [zi, xi, yi] = [Number(z), Number(x), Number(yRaw)];
          if (zi > 24 || xi >= 2 ** zi || yi >= 2 ** zi)
            return c.json(errorBody('validation_error', `No tile ${zi}/${xi}/${yi}: x and y must be below 2^z`), 400);
          const version = packVersion(region.meta);
          const etag = `"${version}-${zi}-${xi}-${yi}"`;
          const headers = { 'Cache-Control': TILE_CACHE, ETag: etag };
          if (
            c.req
              .header('if-none-match')
              ?.split(',')
              .some((t) => t.trim() === etag)
          )
            return c.body(null, 304, headers);
          const bytes = await terrain.tile(region.dir, region.meta.name, version, zi, xi, yi);
          if (!bytes) return c.json(errorBody('not_found', `No terrain tile ${zi}/${xi}/${yi} in ${region.meta.name}`), 404, headers);
          return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
            ...headers,
            'Content-Type': 'image/png',
            'Content-Length': String(bytes.byteLength),
          });
        }),
      );
    },
    seed(ctx) {
      // in the background: a few public demo loops for the heatmap (first start only)
      seeding = seedDemoRoutes(ctx)
        .then((n) => n && ctx.logger.info({ routes: n }, 'maps: seeded public demo routes'))
        .catch((err: unknown) => ctx.logger.warn({ err }, 'maps: could not seed demo routes'));
      return Promise.resolve();
    },
    async close() {
      await seeding;
      await terrain.close();
    },
  };
}

export const mapsModule = createMapsModule();
