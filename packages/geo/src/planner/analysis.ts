// Route analysis on a planned route (pure): per-km (or per-mile) splits with time and climb, the
// grade classes the line can be coloured by, and the stretches of a breakdown's band (a surface, a
// way type or a grade class) as distance ranges and lines — what the planner's details panel lists
// and what its map highlights.
import {
  DEFAULT_ELEVATION_THRESHOLD_M,
  fillElevation,
  resampleEven,
  smooth,
  CLIMB_RESAMPLE_STEP_M,
  CLIMB_SMOOTH_WINDOW,
} from '../elevation/filter.ts';
import { gradeSeries, toblerPaceFactor } from '../elevation/time.ts';
import type { PlannedRoute } from './engine.ts';

/** A grade class: grades in [min, max) (rise/run), its colour on the map and in the legend. */
export interface GradeClass {
  id: 'down-steep' | 'down' | 'flat' | 'up' | 'up-steep';
  label: string;
  min: number;
  max: number;
  color: string;
}

/**
 * Five classes, from a diverging blue–grey–orange/red scheme (ColorBrewer RdBu ends with a neutral
 * middle): the classes differ in lightness as well as hue, so they stay apart with red–green colour
 * blindness, and each is dark or saturated enough to read over the white route casing on the light
 * and the dark basemap.
 */
export const GRADE_CLASSES: readonly GradeClass[] = [
  { id: 'down-steep', label: 'below −10 %', min: -Infinity, max: -0.1, color: '#1d4f91' },
  { id: 'down', label: '−10 to −4 %', min: -0.1, max: -0.04, color: '#4a90c8' },
  { id: 'flat', label: '−4 to 4 %', min: -0.04, max: 0.04, color: '#7a7a7a' },
  { id: 'up', label: '4 to 10 %', min: 0.04, max: 0.1, color: '#e98a2b' },
  { id: 'up-steep', label: 'above 10 %', min: 0.1, max: Infinity, color: '#b2182b' },
];

export function gradeClassOf(grade: number): GradeClass {
  for (const c of GRADE_CLASSES) if (grade < c.max) return c;
  return GRADE_CLASSES[GRADE_CLASSES.length - 1]!;
}

/** A stretch of the route between two distances (m from the start). */
export type DistanceRange = [from: number, to: number];

/** Distance ranges per grade class, from the route's smoothed profile (empty when the elevation is unknown). */
export function gradeRanges(route: Pick<PlannedRoute, 'profile' | 'stats'>): { cls: GradeClass; range: DistanceRange }[] {
  const p = route.profile ?? [];
  const out: { cls: GradeClass; range: DistanceRange }[] = [];
  for (let i = 0; i + 1 < p.length; i++) {
    const cls = gradeClassOf(p[i]!.grade);
    const from = p[i]!.distance;
    const to = Math.min(p[i + 1]!.distance, route.stats.distanceM);
    if (!(to > from)) continue;
    const last = out[out.length - 1];
    if (last && last.cls.id === cls.id && Math.abs(last.range[1] - from) < 1e-6) last.range[1] = to;
    else out.push({ cls, range: [from, to] });
  }
  return out;
}

export type BandKind = 'surface' | 'wayType' | 'grade';

/**
 * The stretches of one band of a breakdown: the distance ranges run on surface `key`, on way type
 * `key`, or in grade class `key`. Adjacent ranges are merged.
 */
export function bandRanges(route: PlannedRoute, kind: BandKind, key: string): DistanceRange[] {
  const raw: DistanceRange[] =
    kind === 'grade'
      ? gradeRanges(route)
          .filter((g) => g.cls.id === key)
          .map((g) => g.range)
      : (route.segments ?? [])
          .filter((s) => (kind === 'surface' ? s.surface : s.wayType) === key)
          .map((s): DistanceRange => [route.cum[s.from] ?? 0, route.cum[s.to] ?? 0]);
  const out: DistanceRange[] = [];
  for (const r of raw) {
    if (!(r[1] > r[0])) continue;
    const last = out[out.length - 1];
    if (last && r[0] - last[1] < 0.5) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** The route's line between distances `from` and `to` (ends interpolated), as [lon, lat] points. */
export function sliceLine(route: Pick<PlannedRoute, 'coords' | 'cum'>, from: number, to: number): [number, number][] {
  const { coords, cum } = route;
  const n = coords.length;
  if (n < 2 || !(to > from)) return [];
  const at = (d: number, j: number): [number, number] => {
    const a = coords[j]!;
    const b = coords[j + 1]!;
    const span = cum[j + 1]! - cum[j]!;
    const t = span > 0 ? Math.min(1, Math.max(0, (d - cum[j]!) / span)) : 0;
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  };
  let j = 0;
  while (j < n - 2 && cum[j + 1]! <= from) j++;
  const out: [number, number][] = [at(from, j)];
  while (j < n - 2 && cum[j + 1]! < to) {
    j++;
    out.push([coords[j]![0], coords[j]![1]]);
  }
  out.push(at(to, j));
  return out;
}

/** One split of the route: a km (or mile), the last one as long as what remains. */
export interface Split {
  /** 1-based */
  index: number;
  fromM: number;
  toM: number;
  /** toM − fromM; shorter than the step only for the last split */
  lengthM: number;
  /** moving time at the flat pace, grade-adjusted like the route's total (s) */
  timeS: number;
  /** climb and descent of the split (m), the route's filtered climb attributed where it happens; null when the elevation is unknown */
  ascentM: number | null;
  descentM: number | null;
  /** average grade over the split (rise/run); null when the elevation is unknown */
  grade: number | null;
}

/** Where the route's filtered climb happens: the confirmed rises and falls of the hysteresis filter, as index runs of `e`. */
function climbRuns(e: ArrayLike<number>, threshold: number): { a: number; b: number }[] {
  const runs: { a: number; b: number }[] = [];
  let ref = -1; // index of the last confirmed turning point
  let ext = -1; // index of the highest (climbing) / lowest (descending) sample since ref
  let dir = 0;
  let lo = -1; // before the first move: lowest and highest seen
  let hi = -1;
  for (let i = 0; i < e.length; i++) {
    const v = e[i]!;
    if (lo < 0) {
      lo = hi = i;
      continue;
    }
    if (dir === 0) {
      if (v < e[lo]!) lo = i;
      if (v > e[hi]!) hi = i;
      if (v - e[lo]! > threshold) {
        dir = 1;
        ref = lo;
        ext = i;
      } else if (e[hi]! - v > threshold) {
        dir = -1;
        ref = hi;
        ext = i;
      }
      continue;
    }
    if (dir === 1 ? v > e[ext]! : v < e[ext]!) ext = i;
    else if (Math.abs(v - e[ext]!) > threshold) {
      runs.push({ a: ref, b: ext });
      ref = ext;
      ext = i;
      dir = -dir;
    }
  }
  if (dir !== 0) runs.push({ a: ref, b: ext });
  return runs;
}

/**
 * Splits every `stepM` metres (1000 for km, 1609.344 for miles). Time and climb are computed like
 * the route's totals (Tobler on the 20 m smoothed grade; the 5 m hysteresis on the 20 m smoothed
 * profile) over the whole route and then attributed to the split where each step lies, so the
 * splits add up to the route's totals.
 */
export function routeSplits(route: Pick<PlannedRoute, 'coords' | 'cum' | 'stats'>, stepM: number, paceSecPerKm: number): Split[] {
  const total = route.cum.length ? route.cum[route.cum.length - 1]! : 0;
  if (!(stepM > 0) || !(total > 0)) return [];
  const count = Math.ceil(total / stepM - 1e-9);
  const splits: Split[] = Array.from({ length: count }, (_, k) => {
    const fromM = k * stepM;
    const toM = Math.min(total, (k + 1) * stepM);
    return { index: k + 1, fromM, toM, lengthM: toM - fromM, timeS: 0, ascentM: null, descentM: null, grade: null };
  });
  const splitOf = (d: number) => Math.min(count - 1, Math.max(0, Math.floor(d / stepM)));
  /** add `value` spread evenly over [d0, d1] to the splits it overlaps */
  const spread = (d0: number, d1: number, value: number, add: (s: Split, v: number) => void) => {
    if (!(d1 > d0)) return add(splits[splitOf(d0)]!, value);
    for (let k = splitOf(d0); k <= splitOf(d1 - 1e-9); k++) {
      const s = splits[k]!;
      const overlap = Math.min(d1, s.toM) - Math.max(d0, s.fromM);
      if (overlap > 0) add(s, (value * overlap) / (d1 - d0));
    }
  };
  const filled = fillElevation(
    route.coords.map((c) => c[2]),
    route.cum,
  );
  if (!filled) {
    for (const s of splits) s.timeS = (s.lengthM / 1000) * paceSecPerKm;
    return splits;
  }
  // time: the same grade series as movingTime()
  const { d, grades } = gradeSeries(filled, route.cum);
  for (let i = 0; i < grades.length; i++) {
    const t = ((d[i + 1]! - d[i]!) / 1000) * paceSecPerKm * toblerPaceFactor(grades[i]!);
    spread(d[i]!, d[i + 1]!, t, (s, v) => (s.timeS += v));
  }
  // climb: the same series as routeClimb(); each confirmed rise or fall is attributed step by step
  const e = smooth(resampleEven(filled, route.cum, CLIMB_RESAMPLE_STEP_M), CLIMB_SMOOTH_WINDOW);
  const d0 = route.cum[0]!;
  const x = (k: number) => d0 + ((total - d0) * k) / (e.length - 1);
  for (const s of splits) s.ascentM = s.descentM = 0;
  for (const { a, b } of climbRuns(e, DEFAULT_ELEVATION_THRESHOLD_M)) {
    const up = e[b]! > e[a]!;
    for (let k = a + 1; k <= b; k++) {
      const step = e[k]! - e[k - 1]!;
      spread(x(k - 1), x(k), up ? step : -step, (s, v) => (up ? (s.ascentM! += v) : (s.descentM! += v)));
    }
  }
  const eleAt = (dist: number) => {
    let j = 0;
    while (j < route.cum.length - 2 && route.cum[j + 1]! < dist) j++;
    const a = route.cum[j]!;
    const b = route.cum[j + 1] ?? a;
    const t = b > a ? Math.min(1, Math.max(0, (dist - a) / (b - a))) : 0;
    return filled[j]! + t * ((filled[j + 1] ?? filled[j]!) - filled[j]!);
  };
  for (const s of splits) {
    s.grade = s.lengthM > 0 ? (eleAt(s.toM) - eleAt(s.fromM)) / s.lengthM : 0;
    // a wiggle inside a confirmed run can leave a split a fraction of a metre below zero
    s.ascentM = Math.max(0, s.ascentM!);
    s.descentM = Math.max(0, s.descentM!);
  }
  return splits;
}
