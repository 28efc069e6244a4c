// Region packs over HTTP: tiles (PMTiles with Range), the routing graph, glyphs and sprites,
// region metadata, place search and elevation lookups.
import path from 'node:path';
import { z } from 'zod';
import type { RegionMeta } from '@waymark/regions/build';
import { searchPlaces } from '@waymark/regions/search';
import type { ServerModule } from '../context.ts';
import { errorBody, notFound, parseOr400, readJson } from '../http/errors.ts';
import { sendFile } from './files.ts';
import { PACK_FILES, RegionStore } from './store.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Packs change when rebuilt: clients keep them a day and revalidate with the ETag afterwards. */
const TILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const ASSET_CACHE = 'public, max-age=604800';
const FONTSTACK_PART = /^[\w .-]{1,64}$/;
const GLYPH_RANGE = /^(\d{1,5})-(\d{1,5})\.pbf$/;
const SPRITE_FILE = /^[\w-]{1,32}(@2x)?\.(json|png)$/;
export const MAX_GET_POINTS = 200;
export const MAX_POST_POINTS = 5000;

const PlacesQuery = z.object({
  q: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

const lon = z.number().finite().min(-180).max(180);
const lat = z.number().finite().min(-90).max(90);
const PointList = (max: number) =>
  z
    .array(z.tuple([lon, lat]))
    .min(1, 'at least one point')
    .max(max, `at most ${max} points`);
const ElevationBody = z.object({ points: PointList(MAX_POST_POINTS) });

function parsePointsParam(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  if (raw.length > MAX_GET_POINTS * 40) return [[NaN, NaN]];
  return raw
    .split(';')
    .filter((s) => s.trim() !== '')
    .map((pair) => {
      const parts = pair.split(',');
      return parts.length === 2 && parts.every((p) => /^\s*-?\d+(\.\d+)?\s*$/.test(p)) ? parts.map(Number) : pair;
    });
}

/**
 * The pack's build key, short: it changes whenever the pack is rebuilt (new data, builder or graph
 * format), and clients put it in the file URLs (`?v=`), so a service worker or HTTP cache never
 * serves a rebuilt region's files from an older copy.
 */
export const packVersion = (m: RegionMeta) => m.inputHash.slice(0, 16);

function publicMeta(r: { meta: RegionMeta }) {
  const m = r.meta;
  const v = `?v=${packVersion(m)}`;
  return {
    name: m.name,
    title: m.title,
    bbox: m.bbox,
    center: m.center,
    defaultZoom: m.defaultZoom,
    minZoom: m.minZoom,
    maxZoom: m.maxZoom,
    terrainMaxZoom: m.terrainMaxZoom,
    terrainEncoding: m.terrainEncoding,
    attribution: m.attribution,
    builtAt: m.builtAt,
    sizes: m.files,
    version: packVersion(m),
    tiles: {
      basemap: `/tiles/${m.name}/basemap.pmtiles${v}`,
      terrain: `/tiles/${m.name}/terrain.pmtiles${v}`,
      graph: `/tiles/${m.name}/graph.bin${v}`,
      /** the place index (searched in the browser offline with @waymark/geo's searchPlaces) */
      places: `/tiles/${m.name}/places.json${v}`,
    },
  };
}

export function regionsDir(env: { REGIONS_DIR?: string }): string {
  return path.resolve(ROOT, env.REGIONS_DIR ?? 'data/packs');
}

export function createRegionsModule(opts: { dir?: string; assetsDir?: string } = {}): ServerModule {
  let store: RegionStore;
  const assets = opts.assetsDir ?? path.join(ROOT, 'data/assets');
  return {
    name: 'regions',
    init(ctx) {
      store = new RegionStore(opts.dir ?? regionsDir(ctx.config));
    },
    register(app) {
      app.get('/tiles/:region/:file', (c) => {
        const file = c.req.param('file') as (typeof PACK_FILES)[number];
        const region = store.get(c.req.param('region'));
        if (!region || !PACK_FILES.includes(file)) {
          return c.json(errorBody('not_found', `No tiles ${c.req.param('region')}/${c.req.param('file')}`), 404);
        }
        const res = sendFile(c, path.join(region.dir, file), {
          contentType: file.endsWith('.pmtiles')
            ? 'application/vnd.pmtiles'
            : file.endsWith('.json')
              ? 'application/json'
              : 'application/octet-stream',
          cacheControl: TILE_CACHE,
        });
        return res ?? c.json(errorBody('not_found', `No tiles ${region.meta.name}/${file}`), 404);
      });

      app.get('/assets/fonts/:fontstack/:range', (c) => {
        const range = GLYPH_RANGE.exec(c.req.param('range'));
        let stack: string;
        try {
          stack = decodeURIComponent(c.req.param('fontstack'));
        } catch {
          stack = '';
        }
        if (range && Number(range[1]) <= Number(range[2]) && Number(range[2]) <= 65535) {
          for (const font of stack.split(',').map((s) => s.trim())) {
            if (!FONTSTACK_PART.test(font) || font.startsWith('.')) continue;
            const res = sendFile(c, path.join(assets, 'fonts', font, c.req.param('range')), {
              contentType: 'application/x-protobuf',
              cacheControl: ASSET_CACHE,
            });
            if (res) return res;
          }
        }
        return c.text('Glyphs not found', 404);
      });

      app.get('/assets/sprites/:file', (c) => {
        const file = c.req.param('file');
        if (SPRITE_FILE.test(file)) {
          const res = sendFile(c, path.join(assets, 'sprites', file), {
            contentType: file.endsWith('.json') ? 'application/json' : 'image/png',
            cacheControl: ASSET_CACHE,
          });
          if (res) return res;
        }
        return c.text('Sprite not found', 404);
      });

      app.get('/api/regions', (c) => c.json({ regions: store.list().map(publicMeta) }, 200, { 'Cache-Control': 'no-cache' }));

      app.get('/api/regions/:name', (c) => {
        const region = store.get(c.req.param('name'));
        if (!region) throw notFound(`Unknown region ${JSON.stringify(c.req.param('name').slice(0, 60))}`);
        return c.json(publicMeta(region), 200, { 'Cache-Control': 'no-cache' });
      });

      app.get('/api/regions/:name/places', (c) => {
        const region = store.get(c.req.param('name'));
        if (!region) throw notFound(`Unknown region ${JSON.stringify(c.req.param('name').slice(0, 60))}`);
        const q = parseOr400(PlacesQuery, { q: c.req.query('q'), limit: c.req.query('limit') }, 'place search');
        const hits = searchPlaces(region.places(), q.q, q.limit).map((h) => ({
          name: h.name,
          kind: h.kind,
          lon: h.lon,
          lat: h.lat,
          ...(h.ele !== undefined ? { ele: h.ele } : {}),
          score: h.score,
        }));
        return c.json({ region: region.meta.name, query: q.q, places: hits });
      });

      const elevations = async (points: [number, number][]) => {
        const regions = store.list();
        const out: (number | null)[] = [];
        for (const [x, y] of points) {
          const r = store.at(x, y, regions);
          out.push(r ? await r.terrain.elevation(x, y) : null);
        }
        return out;
      };

      app.get('/api/elevation', async (c) => {
        const points = parseOr400(
          PointList(MAX_GET_POINTS),
          parsePointsParam(c.req.query('points')),
          'points (use points=lon,lat;lon,lat…)',
        );
        return c.json({ elevations: await elevations(points) });
      });

      app.post('/api/elevation', async (c) => {
        const body = parseOr400(ElevationBody, await readJson(c), 'elevation request');
        return c.json({ elevations: await elevations(body.points) });
      });
    },
  };
}

export const regionsModule = createRegionsModule();
