// Place search over a pack's places.json: accent- and case-insensitive, ranked (exact > prefix >
// all words > substring > typo-tolerant), ties broken by the place's importance.
import type { Place } from './features.ts';

export interface PlaceHit extends Place {
  score: number;
}

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

export interface IndexedPlace {
  place: Place;
  norm: string;
  words: string[];
}

export function indexPlaces(places: Place[]): IndexedPlace[] {
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

export function searchPlaces(index: IndexedPlace[], query: string, limit = 10): PlaceHit[] {
  const q = normalizeName(query);
  if (!q) return [];
  const qWords = q.split(' ');
  const hits: PlaceHit[] = [];
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
    hits.push({ ...e.place, score: Math.round(score * 10) / 10 });
  }
  hits.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  return hits.slice(0, limit);
}
