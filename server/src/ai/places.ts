// Turning the assistant's place references ("Encamp", "here", "42.5,1.52") into coordinates:
// the region packs' place index first (streets, peaks, POIs…), the world cities list (GeoNames)
// for towns the packs lack and for anywhere else in the world.
import type { ChatContext, ResolvedPlace } from '@waymark/contracts/ai';
import { searchPlaces } from '@waymark/regions/search';
import { cities, searchCities } from '../maps/index.ts';
import type { RegionStore } from '../regions/index.ts';

/** A tool that cannot do what was asked, with the sentence to show (not an HTTP error). */
export class ToolProblem extends Error {}

const COORDS = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

export interface PlaceResolver {
  resolve(ref: string, ctx: ChatContext): ResolvedPlace;
  search(query: string, ctx: ChatContext, limit?: number): ResolvedPlace[];
}

interface Candidate {
  place: ResolvedPlace;
  score: number;
}

export function createPlaceResolver(store: RegionStore): PlaceResolver {
  const regionOf = (lon: number, lat: number) => store.at(lon, lat)?.meta.name ?? null;

  function candidates(query: string, ctx: ChatContext, limit: number): Candidate[] {
    const out: Candidate[] = [];
    for (const r of store.list()) {
      for (const h of searchPlaces(r.places(), query, limit)) {
        // the page's region wins ties with another region
        const bonus = ctx.region === r.meta.name ? 0.5 : 0;
        out.push({
          place: {
            name: h.name,
            kind: h.kind,
            lon: h.lon,
            lat: h.lat,
            ...(h.ele !== undefined ? { ele: h.ele } : {}),
            region: r.meta.name,
            source: 'region',
          },
          score: h.score + bonus,
        });
      }
    }
    const c = cities();
    for (const h of searchCities(query, limit)) {
      const i = h.index;
      const lon = c.lon[i]!;
      const lat = c.lat[i]!;
      // an exact city name beats fuzzy region matches, but not an exact region match
      const score = (h.match === 2 ? 96 : 62) + Math.min(4, Math.log10(Math.max(1, c.population[i]!)) - 3);
      out.push({
        place: {
          name: c.name[i]!,
          kind: c.feature[i] === 'PPLC' ? 'capital' : 'city',
          lon,
          lat,
          region: regionOf(lon, lat),
          source: 'world',
        },
        score,
      });
    }
    out.sort((a, b) => b.score - a.score);
    // one entry per place: a city and the region's place of the same name within 2 km are one
    const kept: Candidate[] = [];
    for (const cand of out) {
      const dup = kept.some(
        (k) =>
          k.place.name.toLowerCase() === cand.place.name.toLowerCase() &&
          Math.abs(k.place.lon - cand.place.lon) < 0.03 &&
          Math.abs(k.place.lat - cand.place.lat) < 0.02,
      );
      if (!dup) kept.push(cand);
    }
    return kept;
  }

  return {
    resolve(ref, ctx) {
      const text = ref.trim();
      if (/^here$/i.test(text)) {
        const at = ctx.position ?? ctx.center;
        if (!at) throw new ToolProblem('I don\'t know where "here" is: move the map or use "locate me" first.');
        return {
          name: ctx.position ? 'Your position' : 'Map centre',
          kind: 'position',
          lon: at[0],
          lat: at[1],
          region: regionOf(at[0], at[1]),
          source: 'here',
        };
      }
      const m = COORDS.exec(text);
      if (m) {
        const lat = Number(m[1]);
        const lon = Number(m[2]);
        if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new ToolProblem(`"${text}" is not a valid latitude,longitude pair.`);
        return { name: `${lat.toFixed(5)}, ${lon.toFixed(5)}`, kind: 'point', lon, lat, region: regionOf(lon, lat), source: 'point' };
      }
      const best = candidates(text, ctx, 5)[0];
      if (!best || best.score < 40)
        throw new ToolProblem(`I couldn't find a place called "${text}" in the map's regions or the world cities list.`);
      return best.place;
    },
    search(query, ctx, limit = 6) {
      return candidates(query, ctx, limit)
        .filter((c) => c.score >= 40)
        .slice(0, limit)
        .map((c) => c.place);
    },
  };
}
