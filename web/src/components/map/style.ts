// The map style: @protomaps/basemaps layers in the light or dark flavour over our own region
// pack (PMTiles via the pmtiles:// protocol), with glyphs and sprites from our server.
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const BASEMAP_SOURCE = 'protomaps';
export const TERRAIN_SOURCE = 'terrain';

export interface StyleOptions {
  region: string;
  dark: boolean;
  origin: string;
  hillshade: boolean;
}

export function regionStyle({ region, dark, origin, hillshade }: StyleOptions): StyleSpecification {
  const flavor = namedFlavor(dark ? 'dark' : 'light');
  const base = layers(BASEMAP_SOURCE, flavor, { lang: 'en' }) as LayerSpecification[];
  // The pack has land (earth) polygons but no ocean polygons: paint the background as water.
  const out: LayerSpecification[] = base.map((l) => (l.type === 'background' ? { ...l, paint: { 'background-color': flavor.water } } : l));
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
  const enc = encodeURIComponent(region);
  return {
    version: 8,
    glyphs: `${origin}/assets/fonts/{fontstack}/{range}.pbf`,
    sprite: `${origin}/assets/sprites/${dark ? 'dark' : 'light'}`,
    sources: {
      [BASEMAP_SOURCE]: { type: 'vector', url: `pmtiles://${origin}/tiles/${enc}/basemap.pmtiles`, attribution: OSM_ATTRIBUTION },
      [TERRAIN_SOURCE]: {
        type: 'raster-dem',
        url: `pmtiles://${origin}/tiles/${enc}/terrain.pmtiles`,
        encoding: 'terrarium',
        tileSize: 256,
        attribution: 'SRTM',
      },
    },
    layers: out,
  };
}
