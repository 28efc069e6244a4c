/**
 * The running cost profile: which OSM highways a runner may use and how much we prefer them.
 * The cost of an edge is `length × factor`; factor 1 is the most preferred (paths, tracks,
 * footways), larger factors are avoided. Car `oneway` tags are ignored (runners go both ways).
 */

/** Way-type classes stored per edge (Uint8). Index into WAY_CLASS_NAMES. */
export const WAY_CLASS_NAMES = [
  'path',
  'footway',
  'track',
  'steps',
  'pedestrian',
  'cycleway',
  'living_street',
  'residential',
  'service',
  'unclassified',
  'tertiary',
  'secondary',
  'primary',
  'trunk',
  'motorway',
  'bridleway',
  'road',
] as const;
export type WayClassName = (typeof WAY_CLASS_NAMES)[number];

/** Surface classes stored per edge (Uint8). Index into SURFACE_NAMES. */
export const SURFACE_NAMES = ['unknown', 'paved', 'gravel', 'ground', 'rock'] as const;
export type SurfaceName = (typeof SURFACE_NAMES)[number];

const CLASS_INDEX = new Map<string, number>(WAY_CLASS_NAMES.map((n, i) => [n, i]));

/** Base cost factor per highway value (links share their road's factor). */
const BASE_FACTOR: Record<string, number> = {
  path: 1,
  footway: 1,
  track: 1,
  bridleway: 1.05,
  pedestrian: 1,
  living_street: 1.05,
  cycleway: 1.1,
  residential: 1.2,
  service: 1.25,
  unclassified: 1.3,
  road: 1.3,
  tertiary: 1.5,
  secondary: 1.9,
  primary: 2.4,
  trunk: 4,
  motorway: 6,
  steps: 1.6,
};

/** Roads where a sidewalk makes a real difference to a runner. */
const BUSY = new Set(['tertiary', 'secondary', 'primary', 'trunk']);

const PAVED = new Set([
  'paved',
  'asphalt',
  'concrete',
  'concrete:plates',
  'concrete:lanes',
  'paving_stones',
  'sett',
  'cobblestone',
  'unhewn_cobblestone',
  'bricks',
  'metal',
  'wood',
  'chipseal',
  'tartan',
  'rubber',
]);
const GRAVEL = new Set(['gravel', 'fine_gravel', 'compacted', 'pebblestone', 'unpaved', 'woodchips']);
const GROUND = new Set(['ground', 'dirt', 'earth', 'grass', 'mud', 'sand', 'soil', 'grass_paver', 'forest_floor']);
const ROCK = new Set(['rock', 'stone', 'scree', 'boulders']);
const MOTOR_ROADS = new Set([
  'residential',
  'service',
  'unclassified',
  'road',
  'tertiary',
  'secondary',
  'primary',
  'trunk',
  'motorway',
  'living_street',
]);

const YES = new Set(['yes', 'designated', 'permissive', 'official', 'destination']);
const NO = new Set(['no', 'private', 'use_sidepath', 'discouraged']);

export interface WayProfile {
  cls: number;
  surface: number;
  /** cost multiplier ≥ 1 */
  factor: number;
}

function surfaceClass(tags: Record<string, string>, highway: string): number {
  const s = tags.surface?.split(';')[0]?.trim();
  if (s) {
    if (PAVED.has(s) || s.startsWith('paving')) return 1;
    if (GRAVEL.has(s)) return 2;
    if (GROUND.has(s)) return 3;
    if (ROCK.has(s)) return 4;
    return 0;
  }
  const tt = tags.tracktype;
  if (highway === 'track' && tt) return tt === 'grade1' ? 1 : tt === 'grade2' ? 2 : 3;
  // Motor roads without a surface tag are paved in practice (OSM convention in Europe).
  if (MOTOR_ROADS.has(highway)) return 1;
  return 0;
}

/** The running profile of a way, or null when runners cannot or must not use it. */
export function wayProfile(tags: Record<string, string>): WayProfile | null {
  let highway = tags.highway;
  if (!highway) return null;
  if (highway.endsWith('_link')) highway = highway.slice(0, -5);
  const base = BASE_FACTOR[highway];
  if (base === undefined) return null; // construction, proposed, abandoned, raceway, bus_guideway, via_ferrata, elevator, corridor …
  const foot = tags.foot;
  const access = tags.access;
  if (foot && NO.has(foot)) return null;
  const footAllowed = foot !== undefined && YES.has(foot);
  if (!footAllowed && access && (access === 'no' || access === 'private')) return null;
  if (highway === 'motorway' && !footAllowed) return null;
  if (tags.area === 'yes' && highway !== 'pedestrian' && highway !== 'footway') return null;
  let factor = base;
  if (BUSY.has(highway)) {
    const sw = tags.sidewalk ?? tags['sidewalk:both'];
    if (footAllowed || (sw && sw !== 'no' && sw !== 'none' && sw !== 'separate')) factor = 1 + (factor - 1) * 0.5;
  }
  // Demanding alpine paths are passable but a runner prefers not to.
  const sac = tags.sac_scale;
  if (sac && sac !== 'hiking' && sac !== 'mountain_hiking') factor *= sac === 'demanding_mountain_hiking' ? 1.4 : 2.5;
  if (tags.trail_visibility === 'bad' || tags.trail_visibility === 'horrible' || tags.trail_visibility === 'no') factor *= 1.5;
  return { cls: CLASS_INDEX.get(highway) ?? CLASS_INDEX.get('road')!, surface: surfaceClass(tags, highway), factor: Math.max(1, factor) };
}
