// Icons for the POI kinds the sprite sheet lacks (restaurant, café, bar, hut, viewpoint, …): drawn
// on a canvas when MapLibre asks for a missing image (its missing-image resolver), so every icon
// the style names exists and the console stays clean. A disc in the kind's category colour with a
// white symbol; kinds without a symbol get the disc alone.
import type { Map as MlMap } from 'maplibre-gl';

export type PoiCategory =
  'food' | 'water' | 'toilets' | 'shelter' | 'nature' | 'view' | 'health' | 'transport' | 'shop' | 'culture' | 'info' | 'other';

const COLOURS: Record<PoiCategory, string> = {
  food: '#d9480f',
  water: '#1971c2',
  toilets: '#495057',
  shelter: '#8a4b14',
  nature: '#2b8a3e',
  view: '#6741d9',
  health: '#c92a2a',
  transport: '#1864ab',
  shop: '#0b7285',
  culture: '#a61e4d',
  info: '#0b7285',
  other: '#5c677d',
};

/** Symbols on a 24-unit grid: SVG path data stroked in white, or a short text. */
type Glyph = { path: string; fill?: boolean } | { text: string };

const GLYPHS: Record<string, Glyph> = {
  fork: { path: 'M8 4v16M6 4v4a2 2 0 0 0 4 0V4M16 20V4c-2 2-2.5 6 0 8' },
  cup: { path: 'M5 9h11v4a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5zM16 10h1.5a2.5 2.5 0 0 1 0 5H16M9 4v2M12 4v2' },
  glass: { path: 'M6 4h12l-6 8zM12 12v7M8 20h8' },
  drop: { path: 'M12 3s-6 7-6 11a6 6 0 0 0 12 0c0-4-6-11-6-11z', fill: true },
  wc: { text: 'WC' },
  house: { path: 'M4 12l8-7 8 7M6 11v9h12v-9M10 20v-5h4v5' },
  tent: { path: 'M3 20h18M5 20l7-14 7 14M12 20v-5' },
  table: { path: 'M4 10h16M7 10l-3 9M17 10l3 9M6 15h12' },
  mountain: { path: 'M3 19l7-12 3 5 2-3 6 10z', fill: true },
  saddle: { path: 'M3 17c3 0 4-6 9-6s6 6 9 6' },
  eye: { path: 'M2 12s4-6 10-6 10 6 10 6-4 6-10 6S2 12 2 12zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z' },
  falls: { path: 'M4 5h16M7 5v14M12 5v14M17 5v14' },
  cave: { path: 'M4 20v-6a8 8 0 0 1 16 0v6M9 20v-4a3 3 0 0 1 6 0v4' },
  info: { path: 'M12 11v8M12 6.5v.5' },
  parking: { text: 'P' },
  cross: { path: 'M12 5v14M5 12h14' },
  bus: { path: 'M6 5h12v11H6zM6 11h12M8 19v-3M16 19v-3' },
  fuel: { path: 'M5 20V5h8v15M5 10h8M13 8l4 3v7a1 1 0 0 0 2 0v-6' },
  bag: { path: 'M6 8h12l-1 12H7zM9 8a3 3 0 0 1 6 0' },
  star: { path: 'M12 4l2.4 5 5.6.8-4 3.9.9 5.5-4.9-2.6-4.9 2.6.9-5.5-4-3.9 5.6-.8z', fill: true },
  bed: { path: 'M3 18V8M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5M7 11.5a1.5 1.5 0 1 0 0 .01' },
};

const KINDS: Record<string, [PoiCategory, keyof typeof GLYPHS | null]> = {
  restaurant: ['food', 'fork'],
  fast_food: ['food', 'fork'],
  cafe: ['food', 'cup'],
  bar: ['food', 'glass'],
  pub: ['food', 'glass'],
  drinking_water: ['water', 'drop'],
  fountain: ['water', 'drop'],
  spring: ['water', 'drop'],
  toilets: ['toilets', 'wc'],
  shelter: ['shelter', 'house'],
  alpine_hut: ['shelter', 'house'],
  wilderness_hut: ['shelter', 'house'],
  camp_site: ['shelter', 'tent'],
  picnic_site: ['shelter', 'table'],
  hotel: ['shelter', 'bed'],
  peak: ['nature', 'mountain'],
  volcano: ['nature', 'mountain'],
  saddle: ['nature', 'saddle'],
  waterfall: ['water', 'falls'],
  cave_entrance: ['nature', 'cave'],
  viewpoint: ['view', 'eye'],
  information: ['info', 'info'],
  parking: ['transport', 'parking'],
  bus_station: ['transport', 'bus'],
  bus_stop: ['transport', 'bus'],
  station: ['transport', 'bus'],
  halt: ['transport', 'bus'],
  fuel: ['transport', 'fuel'],
  pharmacy: ['health', 'cross'],
  hospital: ['health', 'cross'],
  shop: ['shop', 'bag'],
  supermarket: ['shop', 'bag'],
  convenience: ['shop', 'bag'],
  books: ['shop', 'bag'],
  clothes: ['shop', 'bag'],
  electronics: ['shop', 'bag'],
  beauty: ['shop', 'bag'],
  museum: ['culture', 'star'],
  attraction: ['culture', 'star'],
  artwork: ['culture', 'star'],
  theatre: ['culture', 'star'],
  cinema: ['culture', 'star'],
};

/** What a kind's icon looks like: its category colour and symbol (null: the disc alone). */
export function poiIconSpec(kind: string): { category: PoiCategory; colour: string; glyph: Glyph | null } {
  const [category, glyph] = KINDS[kind] ?? ['other', null];
  return { category, colour: COLOURS[category], glyph: glyph ? GLYPHS[glyph]! : null };
}

/** Icon images are drawn at twice their size on the map. */
export const POI_ICON_PIXEL_RATIO = 2;
const SIZE = 18 * POI_ICON_PIXEL_RATIO;

/** The icon as RGBA pixels, or null where there is no 2D canvas (the image is then skipped). */
export function drawPoiIcon(kind: string): { width: number; height: number; data: Uint8ClampedArray } | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!ctx) return null;
  const { colour, glyph } = poiIconSpec(kind);
  const r = SIZE / 2;
  ctx.beginPath();
  ctx.arc(r, r, r - 1.5, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  if (glyph) {
    ctx.save();
    ctx.fillStyle = ctx.strokeStyle = '#ffffff';
    if ('text' in glyph) {
      ctx.font = `bold ${glyph.text.length > 1 ? 12 : 18}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(glyph.text, r, r + 1);
    } else {
      // the 24-unit symbol in the middle 62 % of the disc
      const scale = (SIZE * 0.62) / 24;
      ctx.translate(r - 12 * scale, r - 12 * scale);
      ctx.scale(scale, scale);
      ctx.lineWidth = 2.4;
      ctx.lineCap = ctx.lineJoin = 'round';
      const p = new Path2D(glyph.path);
      if (glyph.fill) ctx.fill(p);
      else ctx.stroke(p);
    }
    ctx.restore();
  }
  const { data } = ctx.getImageData(0, 0, SIZE, SIZE);
  return { width: SIZE, height: SIZE, data };
}

/** Answer the map's requests for images the sprite sheet lacks (MapLibre's missing-image resolver). */
export function provideMissingPoiIcons(map: MlMap): void {
  map.setMissingStyleImageResolver((id) => {
    if (map.hasImage(id)) return;
    const img = drawPoiIcon(id);
    if (img) map.addImage(id, img, { pixelRatio: POI_ICON_PIXEL_RATIO });
  });
}
