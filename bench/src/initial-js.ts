// The JS and CSS a first visit to the built web app needs before any route chunk, and which map
// libraries are in it: the shell's budget (ENGINEERING.md: initial JS ≤ 200 KB gzip, map libraries
// lazy). Read by bench:web and checked by the browser suite's foundation test.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The shell's initial JS budget, gzip -9. */
export const INITIAL_JS_BUDGET_KB = 200;
const DIST = path.resolve(import.meta.dirname, '../..', process.env.WEB_DIST ?? 'web/dist');

/** Distinctive strings of the map libraries: their presence in an initial chunk fails the check. */
const MAP_SIGNATURES: [string, RegExp][] = [
  ['maplibre-gl', /maplibregl-canvas|maplibre-gl-worker/],
  ['pmtiles', /pmtiles/i],
  // its layer ids: the word "protomaps" alone is also our basemap source's id
  ['@protomaps/basemaps', /roads_highway_casing/],
  ['terra-draw', /terra-draw|TerraDraw/],
];

export interface InitialJs {
  files: { file: string; bytes: number; gzip: number }[];
  jsGzip: number;
  cssGzip: number;
  mapLibraries: string[];
}

/** The JS and CSS a first visit needs before any route chunk: index.html's module script, modulepreloads and stylesheets. */
export function initialJs(dist = DIST): InitialJs {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.(?:m?js|css))"[^>]*>/g)].map((m) => m[1]!);
  const files = [...new Set(refs)].map((file) => {
    const buf = fs.readFileSync(path.join(dist, file));
    return { file, bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length, text: buf.toString('utf8') };
  });
  const mapLibraries = MAP_SIGNATURES.filter(([, re]) => files.some((f) => /\.m?js$/.test(f.file) && re.test(f.text))).map(
    ([name]) => name,
  );
  const js = files.filter((f) => /\.m?js$/.test(f.file));
  const css = files.filter((f) => f.file.endsWith('.css'));
  return {
    files: files.map(({ file, bytes, gzip }) => ({ file, bytes, gzip })),
    jsGzip: js.reduce((s, f) => s + f.gzip, 0),
    cssGzip: css.reduce((s, f) => s + f.gzip, 0),
    mapLibraries,
  };
}
