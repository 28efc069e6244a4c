// Region packs over HTTP: tiles (PMTiles with Range), the routing graph, glyphs and sprites,
// region metadata, place search and elevation lookups.
import path from 'node:path';
import {
  elevationBody,
  elevationQuery,
  placesQuery,
  type ElevationResponse,
  type PlacesResponse,
  type RegionInfo,
  type RegionList,
} from '@waymark/contracts';
import type { RegionMeta } from '@waymark/regions/build';
import type { ServerModule } from '../context.ts';
import { errorBody, notFound } from '../http/errors.ts';
import { jsonBytes, sendJsonText, strongEtag } from '../http/json.ts';
import { validate } from '../http/validate.ts';
import { Lru } from '../lib/lru.ts';
import { sendFile } from './files.ts';
import { buildPlaceIndex, searchIndex, type PlaceIndex } from './place-index.ts';
import { PACK_FILES, RegionStore, type LoadedRegion } from './store.ts';

// For other modules (the AI chat's places, the map pages' data): the packs on disk.
export { RegionStore, type LoadedRegion } from './store.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Packs change when rebuilt: clients keep them a day and revalidate with the ETag afterwards. */
const TILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const ASSET_CACHE = 'public, max-age=604800';
const FONTSTACK_PART = /^[\w .-]{1,64}$/;
const GLYPH_RANGE = /^(\d{1,5})-(\d{1,5})\.pbf$/;
const SPRITE_FILE = /^[\w-]{1,32}(@2x)?\.(json|png)$/;
/**
 * The pack's build key, short: it changes whenever the pack is rebuilt (new data, builder or graph
 * format), and clients put it in the file URLs (`?v=`), so a service worker or HTTP cache never
 * serves a rebuilt region's files from an older copy.
 */
export const packVersion = (m: RegionMeta) => m.inputHash.slice(0, 16);

function publicMeta(r: { meta: RegionMeta }): RegionInfo {
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

/** A JSON body kept between requests (its UTF-8 bytes), with its strong ETag. */
interface JsonText {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}
const jsonText = (value: unknown): JsonText => {
  const bytes = jsonBytes(JSON.stringify(value));
  return { bytes, etag: strongEtag(bytes) };
};

// A region's answers are built once per loaded pack: the store loads a new `LoadedRegion` whenever
// the pack's meta.json changes (a rebuilt region), so keying on it never serves a stale body.
const infoOf = new WeakMap<LoadedRegion, JsonText>();
const regionInfo = (r: LoadedRegion): JsonText => {
  let info = infoOf.get(r);
  if (!info) infoOf.set(r, (info = jsonText(publicMeta(r))));
  return info;
};
const indexOf = new WeakMap<LoadedRegion, PlaceIndex>();
const placeIndex = (r: LoadedRegion): PlaceIndex => {
  let index = indexOf.get(r);
  if (!index) indexOf.set(r, (index = buildPlaceIndex(r.places())));
  return index;
};

/** Place search answers kept per loaded pack (a rebuilt pack starts empty), by raw query string. */
const PLACE_ANSWERS = 256;
/** Longer query strings (percent-encoded non-Latin names) are answered but not kept. */
const MAX_CACHED_QUERY = 256;
const answersOf = new WeakMap<LoadedRegion, Lru<string, Uint8Array<ArrayBuffer>>>();
const placeAnswers = (r: LoadedRegion): Lru<string, Uint8Array<ArrayBuffer>> => {
  let answers = answersOf.get(r);
  if (!answers) answersOf.set(r, (answers = new Lru(PLACE_ANSWERS)));
  return answers;
};

/**
 * The region list's body, encoded again only when the list of loaded packs changes (a region added,
 * removed or rebuilt: each is a new `LoadedRegion`, see store.ts): the same objects in the same
 * order are the same body.
 */
function regionListCache(): (regions: readonly LoadedRegion[]) => JsonText {
  let listed: { regions: readonly LoadedRegion[]; body: JsonText } | null = null;
  return (regions) => {
    if (
      !listed ||
      (listed.regions !== regions && (listed.regions.length !== regions.length || listed.regions.some((r, i) => r !== regions[i])))
    ) {
      listed = { regions, body: jsonText({ regions: regions.map(publicMeta) } satisfies RegionList) };
    }
    return listed.body;
  };
}

export function regionsDir(env: { REGIONS_DIR?: string }): string {
  return path.resolve(ROOT, env.REGIONS_DIR ?? 'data/packs');
}

export function createRegionsModule(opts: { dir?: string; assetsDir?: string } = {}): ServerModule {
  let store: RegionStore;
  const regionList = regionListCache();
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

      app.get('/api/regions', (c) => {
        const list = regionList(store.list());
        return sendJsonText(c, list.bytes, { cacheControl: 'no-cache', etag: list.etag });
      });

      app.get('/api/regions/:name', (c) => {
        const region = store.get(c.req.param('name'));
        if (!region) throw notFound(`Unknown region ${JSON.stringify(c.req.param('name').slice(0, 60))}`);
        const info = regionInfo(region);
        return sendJsonText(c, info.bytes, { cacheControl: 'no-cache', etag: info.etag });
      });

      app.get('/api/regions/:name/places', (c) => {
        const region = store.get(c.req.param('name'));
        if (!region) throw notFound(`Unknown region ${JSON.stringify(c.req.param('name').slice(0, 60))}`);
        // The answer is a function of the pack and the raw query string alone: a repeated query (a
        // type-ahead's prefixes, a popular name) is sent from memory, not validated and searched again.
        const url = c.req.url;
        const at = url.indexOf('?');
        const rawQuery = at === -1 ? '' : url.slice(at + 1);
        const cache = rawQuery.length <= MAX_CACHED_QUERY ? placeAnswers(region) : null;
        const cached = cache?.get(rawQuery);
        if (cached !== undefined) return sendJsonText(c, cached);
        const q = validate(c, 'query', placesQuery, 'place search');
        const hits = searchIndex(placeIndex(region), q.q, q.limit).map((h) =>
          h.ele !== undefined
            ? { name: h.name, kind: h.kind, lon: h.lon, lat: h.lat, ele: h.ele, score: h.score }
            : { name: h.name, kind: h.kind, lon: h.lon, lat: h.lat, score: h.score },
        );
        const bytes = jsonBytes(JSON.stringify({ region: region.meta.name, query: q.q, places: hits } satisfies PlacesResponse));
        cache?.set(rawQuery, bytes);
        return sendJsonText(c, bytes);
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
        const { points } = validate(c, 'query', elevationQuery, 'points (use points=lon,lat;lon,lat…)');
        return c.json({ elevations: await elevations(points) } satisfies ElevationResponse);
      });

      app.post('/api/elevation', async (c) => {
        const body = await validate(c, 'json', elevationBody, 'elevation request');
        return c.json({ elevations: await elevations(body.points) } satisfies ElevationResponse);
      });
    },
  };
}

export const regionsModule = createRegionsModule();
