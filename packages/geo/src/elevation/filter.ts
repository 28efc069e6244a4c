/**
 * Ascent/descent with noise removed. SRTM elevations sampled along a path wobble by a few metres
 * from point to point (3" cells, radar speckle, bilinear interpolation across valley walls), and
 * summing every little rise inflates the total climb badly. `routeClimb` first resamples and
 * smooths the profile, then counts climb with a hysteresis (`filteredClimb`):
 * a rise or fall only counts once the elevation has moved more than `threshold` metres away
 * from the last turning point, and then counts in full from that turning point. A monotonic
 * climb is counted exactly; wiggles smaller than the threshold count nothing.
 */
export const DEFAULT_ELEVATION_THRESHOLD_M = 5;

export interface Climb {
  ascent: number;
  descent: number;
}

/** Sum of every positive/negative step (what naive apps report). NaN samples are skipped. */
export function rawClimb(ele: ArrayLike<number>): Climb {
  let ascent = 0;
  let descent = 0;
  let prev = NaN;
  for (let i = 0; i < ele.length; i++) {
    const e = ele[i]!;
    if (!Number.isFinite(e)) continue;
    if (Number.isFinite(prev)) {
      if (e > prev) ascent += e - prev;
      else descent += prev - e;
    }
    prev = e;
  }
  return { ascent, descent };
}

/** Hysteresis-filtered climb (see module comment). NaN samples are skipped. */
export function filteredClimb(ele: ArrayLike<number>, threshold = DEFAULT_ELEVATION_THRESHOLD_M): Climb {
  let ascent = 0;
  let descent = 0;
  let ref = NaN; // last confirmed turning point
  let dir = 0; // +1 climbing, -1 descending, 0 unknown yet
  let extreme = NaN; // highest (when climbing) / lowest (when descending) since ref
  for (let i = 0; i < ele.length; i++) {
    const e = ele[i]!;
    if (!Number.isFinite(e)) continue;
    if (!Number.isFinite(ref)) {
      ref = extreme = e;
      continue;
    }
    if (dir === 0) {
      // before the first confirmed move, track the lowest (ref) and highest (extreme) seen
      if (e < ref) ref = e;
      if (e > extreme) extreme = e;
      if (e - ref > threshold) {
        dir = 1;
        extreme = e;
      } else if (extreme - e > threshold) {
        dir = -1;
        ref = extreme;
        extreme = e;
      }
      continue;
    }
    if (dir === 1) {
      if (e > extreme) extreme = e;
      else if (extreme - e > threshold) {
        ascent += extreme - ref;
        ref = extreme;
        extreme = e;
        dir = -1;
      }
    } else {
      if (e < extreme) extreme = e;
      else if (e - extreme > threshold) {
        descent += ref - extreme;
        ref = extreme;
        extreme = e;
        dir = 1;
      }
    }
  }
  // the last run counts when it exceeded the threshold
  if (dir === 1) ascent += extreme - ref;
  else if (dir === -1) descent += ref - extreme;
  return { ascent, descent };
}

export const CLIMB_RESAMPLE_STEP_M = 20;
export const CLIMB_SMOOTH_WINDOW = 5; // samples → ~100 m

/**
 * Route climb: the profile is resampled at even steps of ~20 m along distance (so dense and sparse
 * stretches weigh the same), smoothed with a ~100 m centred moving average (removes speckle that
 * swings more than the threshold), then counted with the hysteresis above. Every step is
 * symmetric — the samples sit at the same places whichever end the route starts from, the
 * window is centred, and the hysteresis treats both ends alike — so a reversed route reports
 * the same climb with ascent and descent swapped.
 */
export function routeClimb(ele: ArrayLike<number>, dist: ArrayLike<number>, threshold = DEFAULT_ELEVATION_THRESHOLD_M): Climb {
  const e = resampleEven(ele, dist, CLIMB_RESAMPLE_STEP_M);
  return filteredClimb(smooth(e, CLIMB_SMOOTH_WINDOW), threshold);
}

/**
 * Elevations at n + 1 evenly spaced distances from the first to the last sample, n = ⌈total /
 * step⌉ (linear interpolation). Unlike `resample`, which steps from the start and ends with a
 * shorter interval, the positions mirror exactly when the route is reversed.
 */
export function resampleEven(ele: ArrayLike<number>, dist: ArrayLike<number>, step: number): Float64Array {
  const n = ele.length;
  if (n === 0) return new Float64Array(0);
  if (n === 1) return Float64Array.of(ele[0]!);
  const d0 = dist[0]!;
  const total = dist[n - 1]! - d0;
  const intervals = Math.max(1, Math.ceil(total / step - 1e-9));
  const out = new Float64Array(intervals + 1);
  let j = 0;
  for (let k = 0; k <= intervals; k++) {
    // interpolate from the nearer end so both directions compute the same values
    const fromStart = k <= intervals - k;
    const x = fromStart ? d0 + (total * k) / intervals : dist[n - 1]! - (total * (intervals - k)) / intervals;
    while (j < n - 2 && dist[j + 1]! < x) j++;
    const a = dist[j]!;
    const b = dist[j + 1]!;
    const t = b > a ? Math.min(1, Math.max(0, (x - a) / (b - a))) : 0;
    out[k] = ele[j]! + t * (ele[j + 1]! - ele[j]!);
  }
  return out;
}

/**
 * Fill NaN elevations by linear interpolation along distance (ends copy the nearest known
 * value). Returns null when nothing is known.
 */
export function fillElevation(ele: ArrayLike<number>, dist: ArrayLike<number>): Float64Array | null {
  const n = ele.length;
  const out = Float64Array.from({ length: n }, (_, i) => ele[i]!);
  let prev = -1;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(out[i]!)) continue;
    if (prev === -1) for (let j = 0; j < i; j++) out[j] = out[i]!;
    else if (i - prev > 1) {
      const span = dist[i]! - dist[prev]!;
      for (let j = prev + 1; j < i; j++) out[j] = out[prev]! + (span > 0 ? (dist[j]! - dist[prev]!) / span : 0) * (out[i]! - out[prev]!);
    }
    prev = i;
  }
  if (prev === -1) return null;
  for (let j = prev + 1; j < n; j++) out[j] = out[prev]!;
  return out;
}

/**
 * Resample an elevation series at a fixed step along distance (linear interpolation).
 * Returns distances and elevations; the last sample is the end of the series.
 */
export function resample(ele: ArrayLike<number>, dist: ArrayLike<number>, step: number): { d: Float64Array; e: Float64Array } {
  const n = ele.length;
  const total = n ? dist[n - 1]! : 0;
  const count = Math.max(2, Math.floor(total / step) + 2);
  const d = new Float64Array(count);
  const e = new Float64Array(count);
  let j = 0;
  for (let k = 0; k < count; k++) {
    const x = k === count - 1 ? total : Math.min(total, k * step);
    while (j < n - 2 && dist[j + 1]! < x) j++;
    const d0 = dist[j] ?? 0;
    const d1 = dist[j + 1] ?? d0;
    const t = d1 > d0 ? (x - d0) / (d1 - d0) : 0;
    d[k] = x;
    e[k] = n === 0 ? NaN : n === 1 ? ele[0]! : ele[j]! + Math.min(1, Math.max(0, t)) * (ele[j + 1]! - ele[j]!);
  }
  return { d, e };
}

/** Centred moving average over a window of `window` samples (odd; shrinks at the ends). */
export function smooth(values: ArrayLike<number>, window: number): Float64Array {
  const n = values.length;
  const half = Math.max(0, Math.floor(window / 2));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n - 1, i + half);
    let s = 0;
    for (let j = a; j <= b; j++) s += values[j]!;
    out[i] = s / (b - a + 1);
  }
  return out;
}
