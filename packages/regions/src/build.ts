// Builds one region pack: basemap.pmtiles, terrain.pmtiles, graph.bin, places.json, meta.json.
// Everything is written into a temporary sibling directory and renamed into place at the end,
// so a failed build never leaves a partial pack and never touches the served one.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Dem, DemError, readHgt } from './dem.ts';
import { FeatureBuilder, type Place } from './features.ts';
import { buildGraph } from './graph.ts';
import { OsmFormatError, readOsmPbf, type OsmData } from './osm.ts';
import { PmtilesWriter, TileType } from './pmtiles.ts';
import { buildTerrain } from './terrain.ts';
import { BUFFER, EXTENT, clipParts, latToY, lonToX, simplify, TileEncoder, type Feature } from './tiles.ts';
import { worldFeatures } from './world.ts';

/** Bump when the pack format or the tiling rules change (part of the staleness hash). */
export const BUILDER_VERSION = 3;
export const BASEMAP_MAX_ZOOM = 15;
export const TERRAIN_MAX_ZOOM = 12;
export const WORLD_MAX_ZOOM = 6;
/** tiles around the region's bbox that are still generated at z7+ (land, region features) */
export const MARGIN_TILES = 2;
export const ATTRIBUTION = '© OpenStreetMap contributors';
export const LAYERS = ['earth', 'landcover', 'landuse', 'water', 'boundaries', 'roads', 'buildings', 'pois', 'places'] as const;

/** A build failure with a one-line message for the user. */
export class BuildError extends Error {
  override name = 'BuildError';
}

export interface BuildOptions {
  name: string;
  osm: string;
  dem: string[];
  outDir: string;
  log?: (msg: string) => void;
  /** stored in meta.json so `ensure` can tell whether the pack is stale */
  inputHash?: string;
}

export interface RegionMeta {
  name: string;
  title: string;
  bbox: [number, number, number, number];
  center: [number, number];
  defaultZoom: number;
  minZoom: number;
  maxZoom: number;
  terrainMaxZoom: number;
  terrainEncoding: 'terrarium';
  attribution: string;
  builderVersion: number;
  inputHash: string;
  inputs: { file: string; bytes: number; modified: string; osmTimestamp?: string }[];
  files: Record<string, number>;
  counts: {
    features: number;
    basemapTiles: number;
    terrainTiles: number;
    places: number;
    graphNodes: number;
    graphEdges: number;
    /** the DEM grid inside graph.bin: posts and bytes */
    elevationGridPosts?: number;
    elevationGridBytes?: number;
  };
  buildMs: Record<string, number>;
  builtAt: string;
}

export const NAME_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;

function readInput(file: string, what: string): Uint8Array {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) throw new BuildError(`${what} ${file} is not a file`);
    return fs.readFileSync(file);
  } catch (e) {
    if (e instanceof BuildError) throw e;
    throw new BuildError(`cannot read ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** The region's working bbox: the bulk of the routable network (robust to far-away relation members). */
export function regionBbox(osm: OsmData): [number, number, number, number] {
  const lons: number[] = [],
    lats: number[] = [];
  for (const w of osm.ways) {
    if (!w.tags.highway && !w.tags.building) continue;
    for (const r of w.refs) {
      const c = osm.coord(r);
      if (c) {
        lons.push(c[0]);
        lats.push(c[1]);
      }
    }
  }
  if (lons.length < 10) return osm.bbox;
  const q = (a: number[], f: number) => a[Math.min(a.length - 1, Math.max(0, Math.round(f * (a.length - 1))))]!;
  lons.sort((a, b) => a - b);
  lats.sort((a, b) => a - b);
  const pad = 0.01;
  const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
  return [r6(q(lons, 0.001) - pad), r6(q(lats, 0.001) - pad), r6(q(lons, 0.999) + pad), r6(q(lats, 0.999) + pad)];
}

/** Cut features into tiles z0..maxZoom; z > WORLD_MAX_ZOOM only inside `limit` (world bbox). */
export function tileFeatures(features: Feature[], maxZoom: number, limit: [number, number, number, number]) {
  const out = new Map<string, TileEncoder>();
  const order = new Map<string, number>(LAYERS.map((l, i) => [l, i]));
  const sorted = [...features].sort((a, b) => (order.get(a.layer) ?? 99) - (order.get(b.layer) ?? 99));
  for (let z = 0; z <= maxZoom; z++) {
    const n = 2 ** z;
    const buf = BUFFER / EXTENT / n;
    const tol = 6 / EXTENT / n; // ~0.4 px at 256 px tiles
    let lx0 = 0,
      ly0 = 0,
      lx1 = n - 1,
      ly1 = n - 1;
    if (z > WORLD_MAX_ZOOM) {
      // the region plus a margin of MARGIN_TILES tiles, so panning a little past it is not blank
      lx0 = Math.max(0, Math.floor(limit[0] * n) - MARGIN_TILES);
      ly0 = Math.max(0, Math.floor(limit[1] * n) - MARGIN_TILES);
      lx1 = Math.min(n - 1, Math.floor(limit[2] * n) + MARGIN_TILES);
      ly1 = Math.min(n - 1, Math.floor(limit[3] * n) + MARGIN_TILES);
    }
    for (const f of sorted) {
      if (z < f.minzoom || z > f.maxzoom) continue;
      const pb = f.type === 1 ? 0 : buf;
      const tx0 = Math.max(lx0, Math.floor((f.bbox[0] - pb) * n)),
        tx1 = Math.min(lx1, Math.floor((f.bbox[2] + pb) * n));
      const ty0 = Math.max(ly0, Math.floor((f.bbox[1] - pb) * n)),
        ty1 = Math.min(ly1, Math.floor((f.bbox[3] + pb) * n));
      if (tx0 > tx1 || ty0 > ty1) continue;
      let parts = f.parts;
      if (f.type !== 1 && z < maxZoom) {
        parts = parts
          .map((p) => (f.type === 3 ? simplifyRing(p, tol) : simplify(p, tol)))
          .filter((p) => p.length >= (f.type === 3 ? 6 : 4));
        if (!parts.length) continue;
      }
      for (let tx = tx0; tx <= tx1; tx++) {
        const single = tx0 === tx1 && ty0 === ty1;
        const col = single ? parts : clipParts(f.type, parts, 0, tx / n - pb, (tx + 1) / n + (f.type === 1 ? 0 : pb));
        if (!col) continue;
        for (let ty = ty0; ty <= ty1; ty++) {
          const cell = single && f.type !== 1 ? col : clipParts(f.type, col, 1, ty / n - pb, (ty + 1) / n + (f.type === 1 ? 0 : pb));
          if (!cell) continue;
          if (f.type === 1 && single && !clipParts(1, cell, 0, tx / n, (tx + 1) / n)) continue;
          const key = `${z}/${tx}/${ty}`;
          let enc = out.get(key);
          if (!enc) out.set(key, (enc = new TileEncoder(z, tx, ty)));
          enc.add(f.layer, f.type, cell, f.props);
        }
      }
    }
  }
  return out;
}

function simplifyRing(r: number[], tol: number): number[] {
  // simplify as a closed line (repeat the first point) and drop the repeat again
  const s = simplify([...r, r[0]!, r[1]!], tol);
  s.length -= 2;
  return s.length >= 6 ? s : [];
}

function writeFileAtomic(dir: string, name: string, data: Uint8Array | string) {
  fs.writeFileSync(path.join(dir, name), data);
}

/** Build a pack into `<outDir>/<name>/`; returns its meta. Throws BuildError (one line) on bad input. */
export function buildRegion(opts: BuildOptions): RegionMeta {
  const log = opts.log ?? (() => {});
  if (!NAME_RE.test(opts.name))
    throw new BuildError(`invalid region name ${JSON.stringify(opts.name)}: use lower-case letters, digits and dashes`);
  if (!opts.dem.length) throw new BuildError('at least one --dem file is required');
  const t0 = performance.now();
  const ms: Record<string, number> = {};
  let t = t0;
  const lap = (k: string) => {
    const now = performance.now();
    ms[k] = Math.round(now - t);
    t = now;
  };

  const osmBytes = readInput(opts.osm, 'OSM extract');
  const demBytes = opts.dem.map((f) => readInput(f, 'DEM'));
  let osm: OsmData;
  try {
    osm = readOsmPbf(osmBytes);
  } catch (e) {
    if (e instanceof OsmFormatError) throw new BuildError(`${path.basename(opts.osm)}: ${e.message}`);
    throw e;
  }
  lap('readOsm');
  let dem: Dem;
  try {
    dem = new Dem(opts.dem.map((f, i) => readHgt(f, demBytes[i]!)));
  } catch (e) {
    if (e instanceof DemError) throw new BuildError(e.message);
    throw e;
  }
  lap('readDem');
  const bbox = regionBbox(osm);
  if (!dem.coversBbox(bbox)) {
    const have = dem.list.map((d) => `${d.lat}..${d.lat + 1}N ${d.lon}..${d.lon + 1}E`).join(', ');
    throw new BuildError(
      `the DEM (${have}) does not cover the extract (bbox ${bbox.map((v) => v.toFixed(3)).join(',')}); add the .hgt tiles that cover it`,
    );
  }
  const center: [number, number] = [Math.round(((bbox[0] + bbox[2]) / 2) * 1e6) / 1e6, Math.round(((bbox[1] + bbox[3]) / 2) * 1e6) / 1e6];
  const span = Math.max(lonToX(bbox[2]) - lonToX(bbox[0]), latToY(bbox[1]) - latToY(bbox[3]));
  const defaultZoom = Math.max(8, Math.min(15, Math.floor(Math.log2(1 / span)) + 1));

  const fb = new FeatureBuilder(osm).build();
  const worldLimit: [number, number, number, number] = [lonToX(bbox[0]), latToY(bbox[3]), lonToX(bbox[2]), latToY(bbox[1])];
  fb.addSea(worldLimit);
  // 1:10m land is only needed where z7+ tiles exist: the bbox plus MARGIN_TILES at z7 (the widest margin)
  const m7 = (MARGIN_TILES + 1) / 2 ** (WORLD_MAX_ZOOM + 1);
  const near: [number, number, number, number] = [worldLimit[0] - m7, worldLimit[1] - m7, worldLimit[2] + m7, worldLimit[3] + m7];
  const features = [...worldFeatures(near), ...fb.features];
  lap('features');

  const tiles = tileFeatures(features, BASEMAP_MAX_ZOOM, worldLimit);
  lap('tiling');
  const metaCommon = { name: opts.name, attribution: ATTRIBUTION, description: `Waymark region pack ${opts.name}` };
  const basemap = new PmtilesWriter({
    tileType: TileType.Mvt,
    tileCompression: 'gzip',
    minZoom: 0,
    maxZoom: BASEMAP_MAX_ZOOM,
    bounds: bbox,
    center: [center[0], center[1], defaultZoom],
    metadata: {
      ...metaCommon,
      type: 'baselayer',
      format: 'pbf',
      schema: 'protomaps-basemap',
      vector_layers: LAYERS.map((id) => ({ id, fields: {}, minzoom: 0, maxzoom: BASEMAP_MAX_ZOOM })),
    },
  });
  for (const [key, enc] of tiles) {
    if (enc.empty) continue;
    const [z, x, y] = key.split('/').map(Number) as [number, number, number];
    basemap.add(z, x, y, gzipSync(enc.finish(), { level: 6 }));
  }
  const basemapBytes = basemap.finish();
  lap('encodeBasemap');

  const terrain = buildTerrain(dem, bbox, TERRAIN_MAX_ZOOM, { ...metaCommon, type: 'overlay', attribution: 'SRTM (NASA/USGS)' });
  lap('terrain');
  const graph = buildGraph(osm, dem, fb.green, fb.waterside);
  lap('graph');
  const places = dedupePlaces(fb.places);
  lap('places');

  // write everything into a temp dir, then swap it in
  fs.mkdirSync(opts.outDir, { recursive: true });
  const final = path.join(opts.outDir, opts.name);
  const tmp = fs.mkdtempSync(path.join(opts.outDir, `.${opts.name}.tmp-`));
  try {
    writeFileAtomic(tmp, 'basemap.pmtiles', basemapBytes);
    writeFileAtomic(tmp, 'terrain.pmtiles', terrain.bytes);
    writeFileAtomic(tmp, 'graph.bin', graph.bytes);
    const placesJson = JSON.stringify({ version: 1, places });
    writeFileAtomic(tmp, 'places.json', placesJson);
    const inputs = [opts.osm, ...opts.dem].map((f, i) => {
      const st = fs.statSync(f);
      return {
        file: path.basename(f),
        bytes: st.size,
        modified: st.mtime.toISOString(),
        ...(i === 0 && osm.timestamp ? { osmTimestamp: new Date(osm.timestamp * 1000).toISOString() } : {}),
      };
    });
    const meta: RegionMeta = {
      name: opts.name,
      title: opts.name.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => (d ? ' ' : '') + c.toUpperCase()),
      bbox,
      center,
      defaultZoom,
      minZoom: 0,
      maxZoom: BASEMAP_MAX_ZOOM,
      terrainMaxZoom: TERRAIN_MAX_ZOOM,
      terrainEncoding: 'terrarium',
      attribution: ATTRIBUTION,
      builderVersion: BUILDER_VERSION,
      inputHash: opts.inputHash ?? hashInputs([osmBytes, ...demBytes]),
      inputs,
      files: {
        'basemap.pmtiles': basemapBytes.length,
        'terrain.pmtiles': terrain.bytes.length,
        'graph.bin': graph.bytes.length,
        'places.json': Buffer.byteLength(placesJson),
      },
      counts: {
        features: features.length,
        basemapTiles: basemap.size,
        terrainTiles: terrain.tiles,
        places: places.length,
        graphNodes: graph.nodes,
        graphEdges: graph.edges,
        elevationGridPosts: graph.gridPosts,
        elevationGridBytes: graph.gridBytes,
      },
      buildMs: { ...ms, total: Math.round(performance.now() - t0) },
      builtAt: new Date().toISOString(),
    };
    writeFileAtomic(tmp, 'meta.json', JSON.stringify(meta, null, 2) + '\n');
    fs.chmodSync(tmp, 0o755);
    swapIn(tmp, final);
    log(
      `${opts.name}: ${basemap.size} basemap tiles, ${terrain.tiles} terrain tiles, ${places.length} places, graph ${graph.nodes} nodes (${graph.greenKm} km green) in ${meta.buildMs.total} ms`,
    );
    return meta;
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** Move the finished temp dir to `final`, replacing an existing pack (also when another build races us). */
function swapIn(tmp: string, final: string) {
  for (let attempt = 0; ; attempt++) {
    const old = `${tmp}-old${attempt}`;
    let moved = false;
    try {
      fs.renameSync(final, old);
      moved = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    try {
      fs.renameSync(tmp, final);
      if (moved) fs.rmSync(old, { recursive: true, force: true });
      return;
    } catch (e) {
      if (moved) fs.rmSync(old, { recursive: true, force: true });
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= 5) throw e;
    }
  }
}

export function hashInputs(files: Uint8Array[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(createHash('sha256').update(f).digest());
  return h.digest('hex');
}

/** One entry per (name, kind) within ~300 m (streets are split into many ways). */
function dedupePlaces(places: Place[]): Place[] {
  const out: Place[] = [];
  const seen = new Map<string, Place[]>();
  for (const p0 of places) {
    // unnamed amenities (water, toilets, shelters…) are searchable by what they are
    const p = p0.name.trim() ? p0 : { ...p0, name: p0.kind[0]!.toUpperCase() + p0.kind.slice(1).replace(/_/g, ' ') };
    const key = `${p.kind}\u0000${p.name}`;
    const list = seen.get(key) ?? [];
    if (list.some((q) => Math.abs(q.lon - p.lon) < 0.004 && Math.abs(q.lat - p.lat) < 0.003)) continue;
    list.push(p);
    seen.set(key, list);
    out.push({ ...p, lon: Math.round(p.lon * 1e6) / 1e6, lat: Math.round(p.lat * 1e6) / 1e6 });
  }
  return out.sort((a, b) => b.rank - a.rank || a.name.localeCompare(b.name));
}
