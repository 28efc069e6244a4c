import type { ShowcaseDefinition } from './define';

// Each demo file is its own lazy chunk; its text comes from the same file (Vite `?raw`), so the code
// shown is the code that renders the preview.
const demos = import.meta.glob<{ default: ShowcaseDefinition }>('./demos/*.tsx');
const sources = import.meta.glob<string>('./demos/*.tsx', { query: '?raw', import: 'default' });

export interface LoadedDemo {
  def: ShowcaseDefinition;
  source: string;
}

const cache = new Map<string, Promise<LoadedDemo>>();

export function hasDemo(name: string): boolean {
  return `./demos/${name}.tsx` in demos;
}

/** The demo module and its source text (one promise per name, for React's `use`). */
export function loadDemo(name: string): Promise<LoadedDemo> {
  let p = cache.get(name);
  if (!p) {
    const key = `./demos/${name}.tsx`;
    const mod = demos[key];
    const raw = sources[key];
    p =
      mod && raw
        ? Promise.all([mod(), raw()]).then(([m, source]) => ({ def: m.default, source }))
        : Promise.reject(new Error(`No demo for ${name}`));
    cache.set(name, p);
  }
  return p;
}
