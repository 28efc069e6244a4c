import type { Place } from '@waymark/regions/features';
import { indexPlaces, searchPlaces } from '@waymark/regions/search';
import { describe, expect, it } from 'vitest';
import { buildPlaceIndex, candidates, pieces, searchIndex } from './place-index.ts';

/** A small deterministic PRNG (mulberry32), so a failure reproduces. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'Encamp',
  'Escaldes',
  'Engordany',
  'Sant',
  'Julià',
  'de',
  'Lòria',
  'Andorra',
  'la',
  'Vella',
  'Ordino',
  'Canillo',
  'Pas',
  'Casa',
  'Carrer',
  'Avinguda',
  'Meritxell',
  'Pic',
  'Coma',
  'Pedrosa',
  'Estany',
  'Font',
  'Refugi',
  'Coll',
  'Encampadana',
  'Encarnació',
  'Prat',
  'Gran',
  'Riu',
  'Valira',
  "l'Orient",
  'Soldeu',
  'Arinsal',
  'Pal',
  'Tristaina',
];
const KINDS = ['town', 'peak', 'street', 'path', 'Parking', 'Drinking water'];

function places(n: number, rand: () => number): Place[] {
  const out: Place[] = [];
  for (let i = 0; i < n; i++) {
    const kind = KINDS[Math.floor(rand() * KINDS.length)]!;
    const words = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
    out.push({
      // unnamed amenities are listed under their kind; some names repeat at nearby spots (dedupe)
      name: rand() < 0.1 ? kind : words.join(' '),
      kind,
      lon: 1.4 + rand() * 0.3,
      lat: 42.4 + rand() * 0.2,
      rank: Math.floor(rand() * 10),
      ...(kind === 'peak' ? { ele: 2000 + Math.floor(rand() * 900) } : {}),
    });
  }
  return out;
}

/** A query derived from a name: a prefix, a word, a substring, or a word with 1–2 typos. */
function query(name: string, rand: () => number): string {
  const words = name.split(' ');
  const w = words[Math.floor(rand() * words.length)]!;
  const letters = 'abcdefghijklmnopqrstuvwxyzàè';
  const r = rand();
  if (r < 0.2) return name.slice(0, 1 + Math.floor(rand() * name.length));
  if (r < 0.35) return w;
  if (r < 0.5) {
    const i = Math.floor(rand() * name.length);
    return name.slice(i, i + 2 + Math.floor(rand() * 5));
  }
  if (r < 0.6)
    return words
      .slice(0, 2)
      .map((x) => x.slice(0, 2 + Math.floor(rand() * 4)))
      .join(' ');
  let t = w;
  for (let e = 0; e < 1 + Math.floor(rand() * 2); e++) {
    const i = Math.floor(rand() * (t.length + 1));
    const c = letters[Math.floor(rand() * letters.length)]!;
    const op = rand();
    t = op < 0.33 ? t.slice(0, i) + c + t.slice(i) : op < 0.66 ? t.slice(0, i) + t.slice(i + 1) : t.slice(0, i) + c + t.slice(i + 1);
  }
  return t;
}

describe('the place index', () => {
  it('cuts a word into k + 1 pieces that cover it', () => {
    expect(pieces('enc', 0)).toEqual(['enc']);
    expect(pieces('encamp', 1)).toEqual(['enc', 'amp']);
    expect(pieces('escaldes', 2)).toEqual(['es', 'cal', 'des']);
    for (const w of ['abcd', 'abcde', 'abcdefghijk']) expect(pieces(w, 2).join('')).toBe(w);
  });

  it('gives exactly searchPlaces’ answer over the whole index, for prefixes, words, substrings and typos', () => {
    const rand = rng(19);
    const index = indexPlaces(places(1000, rand));
    const idx = buildPlaceIndex(index);
    let narrowed = 0;
    let hits = 0;
    for (let n = 0; n < 600; n++) {
      const q = query(index[Math.floor(rand() * index.length)]!.place.name, rand);
      for (const limit of [1, 20]) {
        const expected = searchPlaces(index, q, limit);
        expect(searchIndex(idx, q, limit), `${JSON.stringify(q)}, limit ${limit}`).toEqual(expected);
        hits += expected.length;
      }
      const c = candidates(idx, q);
      if (c && c.length < index.length / 2) narrowed++;
    }
    expect(hits).toBeGreaterThan(2000); // the queries do find places
    expect(narrowed).toBeGreaterThan(400); // and the index narrows most of them down
  });

  it('narrows "enc" to the names containing it, in index order, and searches everything for a one-letter word', () => {
    const index = indexPlaces([
      { name: 'Encamp', kind: 'town', lon: 1.58, lat: 42.53, rank: 8 },
      { name: 'Ordino', kind: 'town', lon: 1.53, lat: 42.55, rank: 8 },
      { name: 'Pont de la Tosca', kind: 'path', lon: 1.6, lat: 42.5, rank: 1 },
      { name: 'Plaça del Encanteri', kind: 'street', lon: 1.5, lat: 42.5, rank: 2 },
    ]);
    const idx = buildPlaceIndex(index);
    expect(candidates(idx, 'ENC')!.map((e) => e.place.name)).toEqual(['Encamp', 'Plaça del Encanteri']);
    expect(candidates(idx, 'x')).toBeNull();
    expect(candidates(idx, ' ,. ')).toEqual([]);
    // a typo of 'ordino' (one edit, two pieces 'or' 'dni'... only one needs to be in the name)
    expect(candidates(idx, 'ordnio')!.map((e) => e.place.name)).toEqual(['Ordino']);
    expect(searchIndex(idx, 'ordnio', 10).map((h) => h.name)).toEqual(searchPlaces(index, 'ordnio', 10).map((h) => h.name));
  });
});
