// World population on H3 hexagons: the GeoNames cities with a known population binned per resolution once
// (on first use), then answered per view by the cities inside the view's box. Each cell's GeoJSON
// feature is built once and kept as a string, so a warm request is a filter and a join.
import { cellArea, cellToBoundary, getHexagonEdgeLengthAvg, latLngToCell, UNITS } from 'h3-js';
import { gzipSync } from 'node:zlib';
import { snapBBox, type BBox } from '@waymark/contracts/maps';
import { cities, CITIES_ATTRIBUTION } from './cities.ts';

/** Most hexagons in one response (the most populated are kept). */
export const MAX_CELLS = 25_000;

interface Cell {
  population: number;
  count: number;
  /** indexes of the (up to 3) biggest cities */
  top: number[];
  json?: string;
}

interface Binned {
  res: number;
  /** each city's cell */
  cellOf: string[];
  cells: Map<string, Cell>;
  /** how far (degrees of latitude) a cell reaches beyond its cities: ~2 edge lengths */
  marginDeg: number;
  builtMs: number;
}

const binned = new Map<number, Binned>();

/** Bin every city at `res` (cached per resolution). */
export function binCities(res: number): Binned {
  const hit = binned.get(res);
  if (hit) return hit;
  const t0 = performance.now();
  const c = cities();
  const cellOf: string[] = new Array(c.count);
  const cells = new Map<string, Cell>();
  for (let i = 0; i < c.count; i++) {
    // GeoNames lists ~13,000 places without a known population (0): they add nothing
    if (c.population[i] === 0) {
      cellOf[i] = '';
      continue;
    }
    const h = latLngToCell(c.lat[i]!, c.lon[i]!, res);
    cellOf[i] = h;
    let cell = cells.get(h);
    if (!cell) cells.set(h, (cell = { population: 0, count: 0, top: [] }));
    cell.population += c.population[i]!;
    cell.count += 1;
    const top = cell.top;
    if (top.length < 3 || c.population[i]! > c.population[top[top.length - 1]!]!) {
      top.push(i);
      top.sort((a, b) => c.population[b]! - c.population[a]!);
      if (top.length > 3) top.pop();
    }
  }
  const b: Binned = { res, cellOf, cells, marginDeg: (getHexagonEdgeLengthAvg(res, UNITS.km) * 2) / 111, builtMs: performance.now() - t0 };
  binned.set(res, b);
  return b;
}

const round = (res: number) => {
  const f = res <= 3 ? 1e3 : 1e4; // ≥ 69 km edges: 100 m steps are invisible
  return (n: number) => Math.round(n * f) / f;
};

function featureJson(h: string, cell: Cell, res: number): string {
  const r = round(res);
  const c = cities();
  let ring = cellToBoundary(h, true) as [number, number][];
  // a hexagon across the antimeridian: keep its longitudes continuous
  if (Math.max(...ring.map((p) => p[0])) - Math.min(...ring.map((p) => p[0])) > 180) ring = ring.map(([x, y]) => [x < 0 ? x + 360 : x, y]);
  const area = cellArea(h, UNITS.km2);
  const props = {
    h3: h,
    population: cell.population,
    density: Number((cell.population / area).toPrecision(3)),
    cities: cell.count,
    top: JSON.stringify(cell.top.map((i) => [c.name[i], c.country[i], c.population[i]])),
  };
  return `{"type":"Feature","properties":${JSON.stringify(props)},"geometry":{"type":"Polygon","coordinates":[${JSON.stringify(ring.map(([x, y]) => [r(x), r(y)]))}]}}`;
}

export interface PopulationResult {
  body: string;
  count: number;
  truncated: boolean;
}

interface CachedBody {
  key: string;
  body: Buffer;
  gzip: Buffer;
  count: number;
}

/** Answers by (resolution, snapped box), raw and gzipped; at most CACHE_BYTES together. */
const answers = new Map<string, CachedBody>();
const CACHE_BYTES = 96 * 1024 * 1024;
let cachedBytes = 0;

/** The answer for a view: the snapped box's hexagons, from the cache when asked before. */
export function populationAnswer(bbox: BBox, res: number): CachedBody & { hit: boolean } {
  const snapped = snapBBox(bbox);
  const key = `${res}:${snapped.join(',')}`;
  const hit = answers.get(key);
  if (hit) {
    answers.delete(key);
    answers.set(key, hit);
    return { ...hit, hit: true };
  }
  const r = populationIn(snapped, res);
  const body = Buffer.from(r.body);
  const entry = { key, body, gzip: gzipSync(body, { level: 6 }), count: r.count };
  answers.set(key, entry);
  cachedBytes += entry.body.byteLength + entry.gzip.byteLength;
  for (const [k, v] of answers) {
    if (cachedBytes <= CACHE_BYTES || k === key) break;
    answers.delete(k);
    cachedBytes -= v.body.byteLength + v.gzip.byteLength;
  }
  return { ...entry, hit: false };
}

/** The hexagons with cities in (or just around) the box, as a GeoJSON FeatureCollection string. */
export function populationIn(bbox: BBox, res: number): PopulationResult {
  const b = binCities(res);
  const c = cities();
  const m = b.marginDeg;
  const [w, s, e, n] = [bbox[0] - m * 1.5, bbox[1] - m, bbox[2] + m * 1.5, bbox[3] + m];
  const seen = new Set<string>();
  for (let i = 0; i < c.count; i++) {
    const x = c.lon[i]!;
    const y = c.lat[i]!;
    if (x >= w && x <= e && y >= s && y <= n && b.cellOf[i]) seen.add(b.cellOf[i]!);
  }
  let list = [...seen].map((h) => [h, b.cells.get(h)!] as const);
  const truncated = list.length > MAX_CELLS;
  if (truncated) list = list.sort((a, z) => z[1].population - a[1].population).slice(0, MAX_CELLS);
  let population = 0;
  const parts: string[] = [];
  for (const [h, cell] of list) {
    population += cell.population;
    parts.push((cell.json ??= featureJson(h, cell, res)));
  }
  const head = `{"type":"FeatureCollection","resolution":${res},"count":${parts.length},"truncated":${truncated},"population":${population},"attribution":${JSON.stringify(CITIES_ATTRIBUTION)},"features":[`;
  return { body: `${head}${parts.join(',')}]}`, count: parts.length, truncated };
}
