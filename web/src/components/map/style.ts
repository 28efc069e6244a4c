// The map style: @protomaps/basemaps layers in the light or dark flavour over our own region
// pack (PMTiles via the pmtiles:// protocol), with glyphs and sprites from our server.
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { BASEMAP_SOURCE, TERRAIN_SOURCE, WORLD_SOURCE } from './source-ids';
import { withTrailLayers } from './trail-style';

export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export { BASEMAP_SOURCE, TERRAIN_SOURCE, WORLD_SOURCE } from './source-ids';
/** Zooms the pack covers everywhere (world-atlas land and borders); above it only the region has tiles. */
const WORLD_MAXZOOM = 6;

/** The font stacks the basemap's labels use (@protomaps/basemaps), all served from /assets/fonts. */
export const FONT_STACKS = ['Noto Sans Regular', 'Noto Sans Medium', 'Noto Sans Italic'];
const glyphsTemplate = (origin: string) => `${origin}/assets/fonts/{fontstack}/{range}.pbf`;
/** The first glyph range (Basic Latin + Latin-1) of every font stack: what nearly every label needs. */
export const glyphUrls = (origin: string) =>
  FONT_STACKS.map((f) => glyphsTemplate(origin).replace('{fontstack}', encodeURIComponent(f)).replace('{range}', '0-255'));

export interface StyleOptions {
  region: string;
  dark: boolean;
  origin: string;
  hillshade: boolean;
  /** the pack version from GET /api/regions: part of the file URLs, so caches never mix builds */
  version?: string;
}

/** URLs of a region pack's files: basemap, terrain, routing graph, place index. */
export function packUrls(origin: string, region: string, version: string | undefined): [string, string, string, string] {
  const base = `${origin}/tiles/${encodeURIComponent(region)}`;
  const v = version ? `?v=${encodeURIComponent(version)}` : '';
  return [`${base}/basemap.pmtiles${v}`, `${base}/terrain.pmtiles${v}`, `${base}/graph.bin${v}`, `${base}/places.json${v}`];
}

export function regionStyle({ region, dark, origin, hillshade, version }: StyleOptions): StyleSpecification {
  const flavor = namedFlavor(dark ? 'dark' : 'light');
  const base = layers(BASEMAP_SOURCE, flavor, { lang: 'en' }) as LayerSpecification[];
  // The pack has land (earth) polygons but no ocean polygons: paint the background as water, and
  // the world's land from the pack's low zooms, overzoomed, under everything — outside the region
  // (where there are no detailed tiles) land stays land instead of turning into sea.
  const out: LayerSpecification[] = withTrailLayers(
    base.map((l) => (l.type === 'background' ? { ...l, paint: { 'background-color': flavor.water } } : l)),
    BASEMAP_SOURCE,
    dark,
  );
  const bg = out.findIndex((l) => l.type === 'background');
  out.splice(bg + 1, 0, {
    id: 'world-earth',
    type: 'fill',
    source: WORLD_SOURCE,
    'source-layer': 'earth',
    minzoom: WORLD_MAXZOOM + 1,
    paint: { 'fill-color': flavor.earth },
  });
  if (hillshade) {
    const at = out.findIndex((l) => l.id === 'water');
    out.splice(at < 0 ? 1 : at, 0, {
      id: 'hillshade',
      type: 'hillshade',
      source: TERRAIN_SOURCE,
      paint: {
        'hillshade-exaggeration': dark ? 0.25 : 0.35,
        'hillshade-shadow-color': dark ? 'rgba(0,0,0,0.6)' : 'rgba(60,50,40,0.5)',
        'hillshade-highlight-color': dark ? 'rgba(255,255,255,0.05)' : 'rgba(255,255,255,0.4)',
      },
    });
  }
  const [basemap, terrain] = packUrls(origin, region, version);
  return {
    version: 8,
    glyphs: glyphsTemplate(origin),
    sprite: `${origin}/assets/sprites/${dark ? 'dark' : 'light'}`,
    sources: {
      [BASEMAP_SOURCE]: { type: 'vector', url: `pmtiles://${basemap}`, attribution: OSM_ATTRIBUTION },
      // tiles straight from the archive (no TileJSON), so this maxzoom holds and MapLibre overzooms
      [WORLD_SOURCE]: { type: 'vector', tiles: [`pmtiles://${basemap}/{z}/{x}/{y}`], maxzoom: WORLD_MAXZOOM },
      [TERRAIN_SOURCE]: {
        type: 'raster-dem',
        url: `pmtiles://${terrain}`,
        encoding: 'terrarium',
        tileSize: 256,
        attribution: 'SRTM',
      },
    },
    layers: out,
  };
}
