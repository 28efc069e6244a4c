// The foot network and the POIs a trail runner looks for, drawn over the @protomaps/basemaps layers:
// paths dashed, tracks solid, steps as short ticks, all on a casing so they read on woodland and on
// the dark flavour from z12 to z17, coloured by hiking difficulty (OSM sac_scale) where tagged; water, toilets, huts, shelters, viewpoints and peaks (with their
// heights) as icons with labels. Icons the sprite sheet lacks are drawn by ./poi-icons.
import type { ExpressionSpecification, FilterSpecification, LayerSpecification } from 'maplibre-gl';

/** POI kinds the trail layer shows (from the pack's `pois` layer); the basemap's own POI layer leaves them out. */
export const TRAIL_POI_KINDS = [
  'peak',
  'volcano',
  'saddle',
  'spring',
  'drinking_water',
  'fountain',
  'toilets',
  'shelter',
  'alpine_hut',
  'wilderness_hut',
  'camp_site',
  'picnic_site',
  'viewpoint',
  'waterfall',
  'cave_entrance',
  'information',
] as const;

/** Where the pack's OSM `highway` value (kind_detail of kind "path") is drawn. */
export const TRAIL_KINDS = {
  path: ['path', 'footway', 'bridleway', 'pedestrian', 'corridor'],
  track: ['track'],
  steps: ['steps'],
} as const;

/** OSM sac_scale values (kept on paths and tracks in the pack) by the difficulty band the style draws. */
export const SAC_BANDS = {
  mountain: ['mountain_hiking', 'demanding_mountain_hiking'],
  alpine: ['alpine_hiking', 'demanding_alpine_hiking', 'difficult_alpine_hiking'],
} as const;

export interface TrailColours {
  path: string;
  track: string;
  /** paths and tracks tagged sac_scale T2–T3 (mountain hiking) */
  mountain: string;
  /** T4–T6 (alpine hiking: hands needed, exposure) */
  alpine: string;
  casing: string;
  label: string;
  halo: string;
}

export const trailColours = (dark: boolean): TrailColours =>
  dark
    ? {
        path: '#ffab91',
        track: '#d9b98c',
        mountain: '#f48fb1',
        alpine: '#90caf9',
        casing: 'rgba(20,20,20,0.85)',
        label: '#f5f5f4',
        halo: '#1c1917',
      }
    : {
        path: '#b23a1a',
        track: '#7a4f2a',
        mountain: '#a3195b',
        alpine: '#1d4ed8',
        casing: 'rgba(255,255,255,0.9)',
        label: '#44403c',
        halo: '#ffffff',
      };

/** A trail's colour: its difficulty band where the pack has sac_scale, else the way type's colour. */
const byDifficulty = (c: TrailColours, fallback: string): ExpressionSpecification => [
  'match',
  ['coalesce', ['get', 'sac_scale'], ''],
  [...SAC_BANDS.mountain],
  c.mountain,
  [...SAC_BANDS.alpine],
  c.alpine,
  fallback,
];

const isTrail = (details: readonly string[]): FilterSpecification => [
  'all',
  ['==', ['get', 'kind'], 'path'],
  ['in', ['get', 'kind_detail'], ['literal', details]],
  ['!', ['has', 'is_tunnel']],
];

const width = (z12: number, z14: number, z17: number): ExpressionSpecification => [
  'interpolate',
  ['exponential', 1.4],
  ['zoom'],
  12,
  z12,
  14,
  z14,
  17,
  z17,
];

const name: ExpressionSpecification = ['coalesce', ['get', 'name:en'], ['get', 'name']];

/** The trail layers: lines to put above the basemap's roads, and the POI symbols to put above its labels. */
export function trailLayers(source: string, dark: boolean): { lines: LayerSpecification[]; pois: LayerSpecification } {
  const c = trailColours(dark);
  const all = [...TRAIL_KINDS.path, ...TRAIL_KINDS.track, ...TRAIL_KINDS.steps];
  const line = (id: string, details: readonly string[], paint: Record<string, unknown>): LayerSpecification => ({
    id,
    type: 'line',
    source,
    'source-layer': 'roads',
    minzoom: 12,
    filter: isTrail(details),
    layout: { 'line-cap': 'butt', 'line-join': 'round' },
    paint: paint as never,
  });
  const lines = [
    line('trail-casing', all, { 'line-color': c.casing, 'line-width': width(2, 3.5, 7) }),
    line('trail-track', TRAIL_KINDS.track, { 'line-color': byDifficulty(c, c.track), 'line-width': width(0.9, 1.6, 3.2) }),
    line('trail-path', TRAIL_KINDS.path, {
      'line-color': byDifficulty(c, c.path),
      'line-width': width(0.9, 1.5, 3),
      'line-dasharray': [2.5, 1.5],
    }),
    line('trail-steps', TRAIL_KINDS.steps, {
      'line-color': c.path,
      'line-width': width(2, 3.2, 6),
      'line-dasharray': [0.35, 0.35],
    }),
  ];
  const heightLabel: ExpressionSpecification = [
    'case',
    ['all', ['in', ['get', 'kind'], ['literal', ['peak', 'volcano', 'saddle']]], ['has', 'elevation']],
    ['format', name, {}, '\n', {}, ['concat', ['to-string', ['get', 'elevation']], ' m'], { 'font-scale': 0.9 }],
    name,
  ];
  const pois: LayerSpecification = {
    id: 'trail-pois',
    type: 'symbol',
    source,
    'source-layer': 'pois',
    minzoom: 11,
    filter: ['all', ['in', ['get', 'kind'], ['literal', TRAIL_POI_KINDS]], ['>=', ['zoom'], ['coalesce', ['get', 'min_zoom'], 0]]],
    layout: {
      'icon-image': ['get', 'kind'],
      'icon-size': 1,
      'icon-allow-overlap': false,
      'text-field': heightLabel,
      'text-font': ['Noto Sans Regular'],
      'text-size': ['interpolate', ['linear'], ['zoom'], 12, 10, 17, 12],
      'text-anchor': 'top',
      'text-offset': [0, 0.9],
      'text-max-width': 8,
      'text-optional': true,
    },
    paint: { 'text-color': c.label, 'text-halo-color': c.halo, 'text-halo-width': 1.5 },
  };
  return { lines, pois };
}

/**
 * The basemap's layers with the trail layers in: lines right after the last road line (under
 * bridges' labels and every symbol), POIs on top; the basemap's own POI layer no longer shows the
 * trail kinds (no double icons for peaks).
 */
export function withTrailLayers(layers: LayerSpecification[], source: string, dark: boolean): LayerSpecification[] {
  const { lines, pois } = trailLayers(source, dark);
  const out = layers.map((l) =>
    l.id === 'pois' && l.type === 'symbol'
      ? { ...l, filter: ['all', l.filter ?? true, ['!', ['in', ['get', 'kind'], ['literal', TRAIL_POI_KINDS]]]] as FilterSpecification }
      : l,
  );
  const firstSymbol = out.findIndex((l) => l.type === 'symbol');
  const at = firstSymbol < 0 ? out.length : firstSymbol;
  out.splice(at, 0, ...lines);
  out.push(pois);
  return out;
}
