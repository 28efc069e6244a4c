import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haversineLL } from './distance.ts';
import { indexPlaces, normalizeName, searchPlaces, type Place } from './places.ts';
import { REPO_ROOT } from './test-support/andorra.ts';

/** The place index as the region builder writes it (places.json of the built pack, else a small stand-in). */
function packPlaces(region: string): Place[] | null {
  const file = path.join(REPO_ROOT, 'data/packs', region, 'places.json');
  if (!fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { places: Place[] }).places;
}

const P = (name: string, kind: string, lon: number, lat: number, rank = 3, ele?: number): Place => ({
  name,
  kind,
  lon,
  lat,
  rank,
  ...(ele ? { ele } : {}),
});

describe('place search (pure, shared by the server and the browser offline)', () => {
  const idx = indexPlaces([
    P("Carretera d'Engolasters", 'street', 1.556533, 42.510874),
    P("Carretera d'Engolasters", 'street', 1.570619, 42.517376),
    P('Place du Casino', 'street', 7.455132, 43.725224, 2),
    P('Place du Casino', 'street', 7.428108, 43.73918, 2),
    P('Place du Casino', 'street', 7.389145, 43.758525, 2),
    P('Casino', 'bus_stop', 7.4281, 43.7391, 1),
    P('Pic de Casamanya', 'peak', 1.5636, 42.5771, 7, 2740),
    P('Pic de Casamanya', 'saddle', 1.5666, 42.58, 6, 2600),
    P('Engolasters', 'village', 1.559233, 42.510511, 16),
    P("Lac d'Engolasters", 'lake', 1.56842, 42.51964, 4),
  ]);
  it('is accent- and case-insensitive and ranks exact > prefix > words > substring', () => {
    expect(normalizeName("  L'Aldosa de Canillo ")).toBe('l aldosa de canillo');
    const r = searchPlaces(idx, 'ENGOLASTERS');
    expect(r[0]).toMatchObject({ name: 'Engolasters', kind: 'village' });
    expect(r.map((h) => h.name)).toContain("Lac d'Engolasters");
  });
  it('lists a street split into several ways once ("Carretera d\'Engolasters" ×2 → 1)', () => {
    const r = searchPlaces(idx, 'carretera engolasters');
    expect(r.filter((h) => h.name === "Carretera d'Engolasters")).toHaveLength(1);
  });
  it('lists "Place du Casino" once, the one nearest the map when a point is given', () => {
    const r = searchPlaces(idx, 'place du casino', { near: [7.42, 43.74] });
    const casino = r.filter((h) => h.name === 'Place du Casino');
    expect(casino).toHaveLength(1);
    expect(casino[0]!.lon).toBeCloseTo(7.428108, 6);
    // far apart (beyond dedupeM) they stay separate places
    expect(searchPlaces(idx, 'place du casino', { dedupeM: 1000 }).filter((h) => h.name === 'Place du Casino')).toHaveLength(3);
  });
  it('keeps peak heights, and a peak and a saddle of the same name are different places', () => {
    const r = searchPlaces(idx, 'pic de casamanya');
    expect(r.find((h) => h.kind === 'peak')).toMatchObject({ ele: 2740 });
    expect(r.map((h) => h.kind).sort()).toEqual(['peak', 'saddle']);
  });
  it('lists unnamed amenities (named after their kind) separately unless on the same spot', () => {
    const water = indexPlaces([
      P('Drinking water', 'drinking_water', 1.5, 42.5),
      P('Drinking water', 'drinking_water', 1.51, 42.5),
      P('Drinking water', 'drinking_water', 1.5, 42.5003),
    ]);
    expect(searchPlaces(water, 'drinking water')).toHaveLength(2);
  });
  it('honours the limit (also as the old numeric argument) and refuses nothing', () => {
    expect(searchPlaces(idx, 'e', 2)).toHaveLength(2);
    expect(searchPlaces(idx, '   ')).toEqual([]);
    expect(searchPlaces(idx, 'zzzz-nothing')).toEqual([]);
  });

  it('on the built Andorra and Monaco packs: no duplicate name and kind within 5 km (unnamed amenities: 100 m) in any result list', () => {
    for (const region of ['andorra', 'monaco']) {
      const places = packPlaces(region);
      if (!places) continue; // packs are built by `npm test` before the unit tests
      const index = indexPlaces(places);
      for (const q of ['carretera', 'place du casino', 'casino', 'pic', 'avinguda', 'rue', 'boulevard', 'parking', 'refugi', 'font']) {
        const r = searchPlaces(index, q, 50);
        for (let i = 0; i < r.length; i++)
          for (let j = i + 1; j < r.length; j++) {
            const a = r[i]!;
            const b = r[j]!;
            const generic = normalizeName(a.name) === normalizeName(a.kind);
            const near = haversineLL(a.lon, a.lat, b.lon, b.lat) < (generic ? 100 : 5000);
            expect(a.name === b.name && a.kind === b.kind && near, `${region} "${q}": ${a.name} (${a.kind}) twice`).toBe(false);
          }
        for (const h of r)
          if (h.kind === 'peak')
            expect(
              typeof h.ele === 'number' || places.find((p) => p.name === h.name && p.kind === 'peak' && p.ele === undefined),
            ).toBeTruthy();
      }
      if (region === 'monaco')
        expect(searchPlaces(index, 'place du casino', 10).filter((h) => h.name === 'Place du Casino')).toHaveLength(1);
      if (region === 'andorra')
        expect(searchPlaces(index, "carretera d'engolasters", 10).filter((h) => h.name === "Carretera d'Engolasters")).toHaveLength(1);
    }
  });
});
