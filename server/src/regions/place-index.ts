// The place search's candidates, from an index built once per pack: the server answers
// `/api/regions/:name/places?q=` with @waymark/geo's `searchPlaces` (the browser runs the same one
// offline), but over the few places that can match instead of every place of the region.
//
// Which places can score at all (`searchPlaces`, packages/geo/src/places.ts): the normalised query
// `q` is split into words; a place matches when its normalised name equals, starts with or contains
// `q` (then it contains every query word), or when each query word starts one of its name's words or
// is within a small edit distance (1 from 4 letters, 2 from 8; none below 4) of a word or of a
// word's start. In each case every query word `w` has, in the place's name, either `w` itself or —
// for the typo-tolerant words — a string within `k` edits of it. Split `w` into `k + 1` pieces: a
// string within `k` edits of `w` contains one of them unchanged (each edit touches at most one
// piece). So "the name contains, for every query word, one of its pieces" holds for every place that
// matches, and a place that fails it scores 0. Candidates are found through the pieces' bigrams
// and kept in index order, so `searchPlaces` over them gives exactly its answer over the whole index
// (its sort is stable and its ties fall back on index order).
import { normalizeName, searchPlaces, type IndexedPlace, type PlaceHit } from '@waymark/regions/search';

/** The typo tolerance `searchPlaces` gives a query word of this length (see its `wordScore`). */
const maxEdits = (len: number) => (len >= 8 ? 2 : len >= 4 ? 1 : 0);

/** `w` cut into `k + 1` consecutive pieces of (nearly) equal length. */
export function pieces(w: string, k: number): string[] {
  const n = k + 1;
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(w.slice(Math.floor((i * w.length) / n), Math.floor(((i + 1) * w.length) / n)));
  return out;
}

export interface PlaceIndex {
  readonly places: readonly IndexedPlace[];
  /** bigram → ascending indices of the places whose normalised name contains it */
  readonly bigrams: ReadonlyMap<string, Uint32Array>;
}

export function buildPlaceIndex(places: readonly IndexedPlace[]): PlaceIndex {
  const lists = new Map<string, number[]>();
  places.forEach((e, i) => {
    const seen = new Set<string>();
    for (let j = 0; j + 2 <= e.norm.length; j++) {
      const g = e.norm.slice(j, j + 2);
      if (seen.has(g)) continue;
      seen.add(g);
      let list = lists.get(g);
      if (!list) lists.set(g, (list = []));
      list.push(i);
    }
  });
  const bigrams = new Map<string, Uint32Array>();
  for (const [g, list] of lists) bigrams.set(g, Uint32Array.from(list));
  return { places, bigrams };
}

/**
 * The places that can match `query` (a superset of `searchPlaces`' hits, in index order), or null
 * when the query has a one-letter piece and the whole index is to be searched.
 */
export function candidates(index: PlaceIndex, query: string): IndexedPlace[] | null {
  const q = normalizeName(query);
  if (!q) return [];
  const words = q.split(' ').map((w) => pieces(w, maxEdits(w.length)));
  if (words.some((ps) => ps.some((p) => p.length < 2))) return null;
  // Drive with the word whose pieces have the shortest bigram lists; check the others on each name.
  let best = -1;
  let bestLists: Uint32Array[] = [];
  let bestSize = Infinity;
  words.forEach((ps, i) => {
    const lists = ps.map((p) => {
      let shortest: Uint32Array | undefined;
      for (let j = 0; j + 2 <= p.length; j++) {
        const list = index.bigrams.get(p.slice(j, j + 2));
        if (!list) return new Uint32Array(0);
        if (!shortest || list.length < shortest.length) shortest = list;
      }
      return shortest!;
    });
    const size = lists.reduce((n, l) => n + l.length, 0);
    if (size < bestSize) [best, bestLists, bestSize] = [i, lists, size];
  });
  const ids = new Set<number>();
  for (const list of bestLists) for (const i of list) ids.add(i);
  const driver = words[best]!;
  const out: number[] = [];
  for (const i of ids) {
    const norm = index.places[i]!.norm;
    if (words.every((ps, w) => (w === best ? driver : ps).some((p) => norm.includes(p)))) out.push(i);
  }
  return out.sort((a, b) => a - b).map((i) => index.places[i]!);
}

/** `searchPlaces(index.places, query, limit)`, over the candidates only. */
export function searchIndex(index: PlaceIndex, query: string, limit: number): PlaceHit[] {
  return searchPlaces(candidates(index, query) ?? index.places, query, limit);
}
