/**
 * Place search over a region pack's place index (places.json: towns, peaks with their heights,
 * streets, paths, POIs), pure so the server's `/api/regions/:name/places` and the browser (offline,
 * from the cached places.json) give the same answers. Accent- and case-insensitive, ranked exact >
 * prefix > all words (prefix) > substring > typo-tolerant, ties broken by importance, then by
 * nearness to `near` when given. Results are de-duplicated: one entry per name and kind within
 * `dedupeM` of each other, chained (a street split into many ways, a square listed three times),
 * keeping the best-ranked
 * (or nearest) one and its fields — a peak keeps its height. Unnamed amenities, listed under
 * their kind ("Drinking water"), are only merged when within 100 m.
 */
import { haversineLL } from './distance.ts';

export interface Place {
  name: string;
  kind: string;
  lon: number;
  lat: number;
  /** bigger = more important (used to rank equal text matches) */
  rank: number;
  /** metres (peaks, saddles, springs … when tagged) */
  ele?: number;
}

export interface PlaceHit extends Place {
  score: number;
}

export interface IndexedPlace {
  place: Place;
  norm: string;
  words: string[];
}

export interface PlaceSearchOptions {
  /** at most this many results (default 10) */
  limit?: number;
  /** [lon, lat] the user is looking at: among equally good matches the nearer comes first */
  near?: readonly [number, number];
  /** results with the same name and kind closer than this (m) to a better one are dropped (default 5,000) */
  dedupeM?: number;
}

/** places named after their kind (unnamed amenities) are the same place only this close (m) */
const GENERIC_DEDUPE_M = 100;

/** "Sant Julià de Lòria" → "sant julia de loria" */
export function normalizeName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Levenshtein distance, giving up (returning max + 1) once it exceeds max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

export function indexPlaces(places: readonly Place[]): IndexedPlace[] {
  return places.map((place) => {
    const norm = normalizeName(place.name);
    return { place, norm, words: norm.split(' ').filter(Boolean) };
  });
}

function wordScore(q: string, words: string[]): number {
  // 3: a name word starts with q, 1: typo-tolerant match, 0: none
  let best = 0;
  for (const w of words) {
    if (w.startsWith(q)) return 3;
    const max = q.length >= 8 ? 2 : q.length >= 4 ? 1 : 0;
    if (max && editDistance(q, w.slice(0, Math.max(q.length, w.length)), max) <= max) best = 1;
    else if (max && w.length > q.length && editDistance(q, w.slice(0, q.length), max) <= max) best = Math.max(best, 1);
  }
  return best;
}

/** Search the index; `options` may be the limit alone (the server's original signature). */
export function searchPlaces(index: readonly IndexedPlace[], query: string, options: number | PlaceSearchOptions = {}): PlaceHit[] {
  const opts = typeof options === 'number' ? { limit: options } : options;
  const limit = opts.limit ?? 10;
  const dedupeM = opts.dedupeM ?? 5000;
  const q = normalizeName(query);
  if (!q || limit <= 0) return [];
  const qWords = q.split(' ');
  const hits: { hit: PlaceHit; norm: string; dist: number }[] = [];
  for (const e of index) {
    let score = 0;
    if (e.norm === q) score = 100;
    else if (e.norm.startsWith(q)) score = 85;
    else {
      let all = 0;
      let ok = true;
      for (const w of qWords) {
        const s = wordScore(w, e.words);
        if (!s) {
          ok = false;
          break;
        }
        all += s;
      }
      if (ok) score = all === qWords.length * 3 ? 70 : 40 + (all / (qWords.length * 3)) * 20;
      else if (q.length >= 3 && e.norm.includes(q)) score = 50;
    }
    if (!score) continue;
    // prefer important places and names close in length to the query
    score += e.place.rank - Math.min(10, Math.abs(e.norm.length - q.length) / 4);
    const dist = opts.near ? haversineLL(opts.near[0], opts.near[1], e.place.lon, e.place.lat) : 0;
    hits.push({ hit: { ...e.place, score: Math.round(score * 10) / 10 }, norm: e.norm, dist });
  }
  hits.sort((a, b) => b.hit.score - a.hit.score || a.dist - b.dist || a.hit.name.localeCompare(b.hit.name));
  const out: PlaceHit[] = [];
  const seen: { norm: string; kind: string; lon: number; lat: number }[] = [];
  for (const h of hits) {
    if (out.length >= limit) break;
    // an unnamed amenity is listed under its kind ("Parking", "Drinking water"): those are many
    // different places, only the same spot twice is a duplicate
    const generic = h.norm === normalizeName(h.hit.kind);
    const radius = generic ? Math.min(dedupeM, GENERIC_DEDUPE_M) : dedupeM;
    // single linkage: near any earlier hit of the same name and kind — listed or already merged —
    // so the pieces of a long street chain into one entry
    const dup = seen.some((k) => k.norm === h.norm && k.kind === h.hit.kind && haversineLL(k.lon, k.lat, h.hit.lon, h.hit.lat) < radius);
    seen.push({ norm: h.norm, kind: h.hit.kind, lon: h.hit.lon, lat: h.hit.lat });
    if (!dup) out.push(h.hit);
  }
  return out;
}
