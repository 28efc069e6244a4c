// /grid's state in the URL: the layout, the region, and each map's theme, relief and 3D terrain. Each field is
// checked on its own; a bad value falls back to its default (a link may be hand-edited).
import { z } from 'zod';

export const GRID_LAYOUTS = {
  '1x2': { rows: 1, cols: 2 },
  '2x1': { rows: 2, cols: 1 },
  '1x3': { rows: 1, cols: 3 },
  '3x1': { rows: 3, cols: 1 },
  '2x2': { rows: 2, cols: 2 },
} as const;
export type GridLayout = keyof typeof GRID_LAYOUTS;
export const GRID_LAYOUT_NAMES = Object.keys(GRID_LAYOUTS) as GridLayout[];
export const GRID_REGIONS = ['andorra', 'monaco'] as const;
export type GridRegion = (typeof GRID_REGIONS)[number];
/** The most maps a layout shows. */
export const MAX_MAPS = 4;

export interface MapSettings {
  theme: 'light' | 'dark';
  relief: boolean;
  terrain: boolean;
}

export interface GridSearch {
  layout: GridLayout;
  region: GridRegion;
  /** one letter per map: l (light) or d (dark) */
  themes: string;
  /** one digit per map: 1 (relief on) or 0 */
  relief: string;
  /** one digit per map: 1 (3D terrain on) or 0 */
  terrain: string;
}

export const DEFAULT_GRID: GridSearch = { layout: '1x2', region: 'andorra', themes: 'ldld', relief: '1000', terrain: '0000' };

/** Four binary digits; a number (the router parses `0100` as 100) gets its leading zeros back. */
const digits = z.preprocess((v) => (typeof v === 'number' ? String(v).padStart(4, '0') : v), z.string().regex(/^[01]{4}$/));

const FIELDS = {
  layout: z.enum(GRID_LAYOUT_NAMES as [GridLayout, ...GridLayout[]]),
  region: z.enum(GRID_REGIONS),
  themes: z.string().regex(/^[ld]{4}$/),
  relief: digits,
  terrain: digits,
};

/** TanStack Router's validateSearch for /grid: every field valid or its default. */
export function parseGridSearch(raw: Record<string, unknown>): GridSearch {
  const out = { ...DEFAULT_GRID };
  for (const key of Object.keys(FIELDS) as (keyof GridSearch)[]) {
    const r = FIELDS[key].safeParse(raw[key]);
    if (r.success) (out as Record<string, unknown>)[key] = r.data;
  }
  return out;
}

/** How many maps a layout shows. */
export const mapCount = (layout: GridLayout) => GRID_LAYOUTS[layout].rows * GRID_LAYOUTS[layout].cols;

/** Map `i`'s settings. */
export function mapSettings(s: GridSearch, i: number): MapSettings {
  return { theme: s.themes[i] === 'd' ? 'dark' : 'light', relief: s.relief[i] === '1', terrain: s.terrain[i] === '1' };
}

/** `s` with map `i`'s settings changed. */
export function withMapSettings(s: GridSearch, i: number, patch: Partial<MapSettings>): GridSearch {
  const cur = { ...mapSettings(s, i), ...patch };
  const put = (str: string, ch: string) => str.slice(0, i) + ch + str.slice(i + 1);
  return {
    ...s,
    themes: put(s.themes, cur.theme === 'dark' ? 'd' : 'l'),
    relief: put(s.relief, cur.relief ? '1' : '0'),
    terrain: put(s.terrain, cur.terrain ? '1' : '0'),
  };
}
