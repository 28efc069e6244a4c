import { useSyncExternalStore } from 'react';

/**
 * UI preferences (SPEC §3/§4), kept in the browser only and applied to the document:
 * - theme config  (`waymark:theme`, JSON { theme, radius }): body class `theme-<name>`, `--radius` on <html>;
 * - colour mode   (`waymark:color-mode`, light | dark | system): `.dark` on <html>, <meta name="theme-color">;
 * - app settings  (`waymark:app-settings`, JSON { sidebar: { collapsible, side, variant }, dir }):
 *   `dir` on <html>; RTL puts the sidebar on the right, LTR on the left.
 * index.html carries an inline copy of `applyPreferences` so the first paint is already right.
 */
export const THEMES = ['zinc', 'rose', 'blue', 'green', 'orange', 'red', 'slate', 'stone', 'gray', 'neutral', 'yellow', 'violet'] as const;
export const RADII = [0, 0.25, 0.5, 0.75, 1] as const;
export const MODES = ['light', 'dark', 'system'] as const;
export const NAVBAR_TYPES = ['sidebar', 'floating', 'inset'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export const COLLAPSIBLES = ['offcanvas', 'icon', 'none'] as const;

export type ThemeName = (typeof THEMES)[number];
export type Radius = (typeof RADII)[number];
export type ColorMode = (typeof MODES)[number];
export type NavbarType = (typeof NAVBAR_TYPES)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type Collapsible = (typeof COLLAPSIBLES)[number];

export const STORAGE_KEYS = { theme: 'waymark:theme', mode: 'waymark:color-mode', app: 'waymark:app-settings' } as const;
export const THEME_COLORS = { dark: '#09090b', light: '#ffffff' } as const;

export interface Preferences {
  theme: ThemeName;
  radius: Radius;
  mode: ColorMode;
  sidebar: { collapsible: Collapsible; side: 'left' | 'right'; variant: NavbarType };
  dir: Direction;
}

/** The global defaults: theme zinc, radius 0.5, system mode, offcanvas sidebar on the left, variant sidebar, LTR. */
export const DEFAULT_PREFERENCES: Preferences = Object.freeze({
  theme: 'zinc',
  radius: 0.5,
  mode: 'system',
  sidebar: Object.freeze({ collapsible: 'offcanvas', side: 'left', variant: 'sidebar' }),
  dir: 'ltr',
}) as Preferences;

const oneOf = <T extends readonly unknown[]>(list: T, v: unknown, fallback: T[number]): T[number] =>
  list.includes(v) ? (v as T[number]) : fallback;

function readJson(key: string): Record<string, unknown> {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Read the stored preferences; anything missing or invalid falls back to the defaults. */
export function loadPreferences(): Preferences {
  const d = DEFAULT_PREFERENCES;
  if (typeof localStorage === 'undefined') return d;
  const t = readJson(STORAGE_KEYS.theme);
  const a = readJson(STORAGE_KEYS.app);
  const s = (a.sidebar && typeof a.sidebar === 'object' ? a.sidebar : {}) as Record<string, unknown>;
  let mode: unknown = null;
  try {
    mode = localStorage.getItem(STORAGE_KEYS.mode);
  } catch {
    /* storage unavailable */
  }
  const dir = oneOf(DIRECTIONS, a.dir, d.dir);
  return {
    theme: oneOf(THEMES, t.theme, d.theme),
    radius: oneOf(RADII, t.radius, d.radius),
    mode: oneOf(MODES, mode, d.mode),
    sidebar: {
      collapsible: oneOf(COLLAPSIBLES, s.collapsible, d.sidebar.collapsible),
      side: dir === 'rtl' ? 'right' : 'left',
      variant: oneOf(NAVBAR_TYPES, s.variant, d.sidebar.variant),
    },
    dir,
  };
}

function savePreferences(p: Preferences) {
  try {
    localStorage.setItem(STORAGE_KEYS.theme, JSON.stringify({ theme: p.theme, radius: p.radius }));
    localStorage.setItem(STORAGE_KEYS.mode, p.mode);
    localStorage.setItem(STORAGE_KEYS.app, JSON.stringify({ sidebar: p.sidebar, dir: p.dir }));
  } catch {
    /* private mode or quota: the choice still applies to this page */
  }
}

export function systemPrefersDark(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
  );
}

export function resolvedMode(mode: ColorMode): 'light' | 'dark' {
  return mode === 'system' ? (systemPrefersDark() ? 'dark' : 'light') : mode;
}

/** Apply preferences to the document: body theme class, --radius, .dark, theme-color meta, dir. */
export function applyPreferences(p: Preferences, doc: Document = document) {
  const root = doc.documentElement;
  const body = doc.body;
  if (body) {
    for (const c of [...body.classList]) if (c.startsWith('theme-')) body.classList.remove(c);
    body.classList.add(`theme-${p.theme}`);
  }
  root.style.setProperty('--radius', `${p.radius}rem`);
  const dark = resolvedMode(p.mode) === 'dark';
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.appendChild(meta);
  }
  meta.content = dark ? THEME_COLORS.dark : THEME_COLORS.light;
  root.dir = p.dir;
}

let current: Preferences | null = null;
const listeners = new Set<() => void>();

export function getPreferences(): Preferences {
  current ??= loadPreferences();
  return current;
}

type Patch = Partial<Omit<Preferences, 'sidebar'>> & { sidebar?: Partial<Preferences['sidebar']> };

/** Change preferences: stored, applied to the document and announced to subscribers. */
export function setPreferences(patch: Patch) {
  const prev = getPreferences();
  const next: Preferences = { ...prev, ...patch, sidebar: { ...prev.sidebar, ...patch.sidebar } };
  // SPEC §4: RTL puts the sidebar on the right, LTR on the left.
  if (patch.dir) next.sidebar.side = patch.dir === 'rtl' ? 'right' : 'left';
  current = next;
  savePreferences(next);
  applyPreferences(next);
  for (const l of listeners) l();
}

/** Back to the defaults: the stored keys are removed. */
export function resetPreferences() {
  try {
    for (const k of Object.values(STORAGE_KEYS)) localStorage.removeItem(k);
  } catch {
    /* ignore */
  }
  current = { ...DEFAULT_PREFERENCES, sidebar: { ...DEFAULT_PREFERENCES.sidebar } };
  applyPreferences(current);
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Follow the OS colour scheme while the mode is "system"; returns an unsubscribe function. */
export function watchSystemMode(): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const mql = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (getPreferences().mode === 'system') {
      applyPreferences(getPreferences());
      for (const l of listeners) l();
    }
  };
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, () => DEFAULT_PREFERENCES);
}
