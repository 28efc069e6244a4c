// Finds region packs in REGIONS_DIR and keeps their metadata, place index and terrain sampler,
// reloading a region when its meta.json changes (packs are swapped in atomically by the builder).
// The disk is looked at again at most every `recheckMs` (1 s) — not on every request.
import fs from 'node:fs';
import path from 'node:path';
import type { RegionMeta } from '@waymark/regions/build';
import { TerrainSampler } from '@waymark/regions/elevation';
import type { Place } from '@waymark/regions/features';
import { indexPlaces, type IndexedPlace } from '@waymark/regions/search';

export const REGION_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const PACK_FILES = ['basemap.pmtiles', 'terrain.pmtiles', 'graph.bin', 'places.json'] as const;

export interface LoadedRegion {
  meta: RegionMeta;
  dir: string;
  version: number;
  places(): IndexedPlace[];
  terrain: TerrainSampler;
}

export class RegionStore {
  private cache = new Map<string, LoadedRegion>();
  /** when each cached region's meta.json was last checked */
  private checkedAt = new Map<string, number>();
  private listed: { at: number; names: string[] } | null = null;
  /** Bumped whenever `cache` changes (a region loaded, reloaded or gone). */
  private generation = 0;
  /**
   * The last answer of `list()`, returned as it is until `until` while `cache` is unchanged: until
   * then the listing and every listed region's check are recent, so `list()` would build an array
   * of the same regions in the same order (not kept when a listed name had no complete pack: that
   * one is looked for on every call).
   */
  private kept: { regions: readonly LoadedRegion[]; until: number; generation: number } | null = null;
  constructor(
    readonly dir: string,
    private readonly recheckMs = 1000,
  ) {}

  /** The region, or undefined when there is no complete pack of that name. */
  get(name: string): LoadedRegion | undefined {
    if (!REGION_NAME.test(name)) return undefined;
    const now = performance.now();
    const known = this.cache.get(name);
    if (known && now - (this.checkedAt.get(name) ?? -Infinity) < this.recheckMs) return known;
    const region = this.load(name);
    if (region) this.checkedAt.set(name, now);
    else this.checkedAt.delete(name);
    return region;
  }

  private load(name: string): LoadedRegion | undefined {
    const dir = path.join(this.dir, name);
    let st: fs.Stats;
    try {
      st = fs.statSync(path.join(dir, 'meta.json'));
    } catch {
      if (this.cache.delete(name)) this.generation++;
      return undefined;
    }
    const hit = this.cache.get(name);
    if (hit && hit.version === st.mtimeMs) return hit;
    let meta: RegionMeta;
    try {
      meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8')) as RegionMeta;
    } catch {
      return undefined;
    }
    let index: IndexedPlace[] | undefined;
    const region: LoadedRegion = {
      meta,
      dir,
      version: st.mtimeMs,
      places() {
        if (!index) {
          try {
            const parsed = JSON.parse(fs.readFileSync(path.join(dir, 'places.json'), 'utf8')) as { places?: Place[] };
            index = indexPlaces(parsed.places ?? []);
          } catch {
            index = [];
          }
        }
        return index;
      },
      terrain: new TerrainSampler(path.join(dir, 'terrain.pmtiles')),
    };
    this.cache.set(name, region);
    this.generation++;
    return region;
  }

  /** The complete packs, by name (the same array while nothing changed: not to be modified). */
  list(): readonly LoadedRegion[] {
    const now = performance.now();
    const kept = this.kept;
    if (kept && now < kept.until && kept.generation === this.generation) return kept.regions;
    if (!this.listed || now - this.listed.at >= this.recheckMs) {
      try {
        this.listed = {
          at: now,
          names: fs
            .readdirSync(this.dir)
            .filter((n) => REGION_NAME.test(n))
            .sort(),
        };
      } catch {
        this.listed = { at: now, names: [] };
      }
    }
    const regions: LoadedRegion[] = [];
    let until = this.listed.at + this.recheckMs;
    let complete = true;
    for (const n of this.listed.names) {
      const r = this.get(n);
      if (r) {
        regions.push(r);
        until = Math.min(until, (this.checkedAt.get(n) ?? -Infinity) + this.recheckMs);
      } else complete = false;
    }
    this.kept = complete ? { regions, until, generation: this.generation } : null;
    return regions;
  }

  /** First region whose bbox contains the point. */
  at(lon: number, lat: number, regions: readonly LoadedRegion[] = this.list()): LoadedRegion | undefined {
    return regions.find(({ meta: { bbox } }) => lon >= bbox[0] && lon <= bbox[2] && lat >= bbox[1] && lat <= bbox[3]);
  }
}
