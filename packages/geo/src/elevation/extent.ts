/**
 * The lowest and highest points of a route, for the elevation profile's axis labels: the labels
 * name the real extremes (what a runner reads as "lowest point 1,412 m"), while the drawing may
 * leave some room above and below them (`axisMin` / `axisMax`).
 */
export interface ElevationExtent {
  /** the route's lowest and highest elevation (m), over every sample given */
  lowest: number;
  highest: number;
  /** where the chart's y axis may start and end: the extremes with a margin, the span at least `minSpan` */
  axisMin: number;
  axisMax: number;
}

/**
 * Extremes of a series of elevations (NaN and ±Infinity skipped), or null when none is known.
 * `margin` is the share of the span added above and below for drawing (default 5 %), and a flat
 * route is drawn over at least `minSpan` metres (default 20) centred on its elevation.
 */
export function elevationExtent(values: Iterable<number>, margin = 0.05, minSpan = 20): ElevationExtent | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === Infinity) return null;
  const span = hi - lo;
  const pad = span * margin;
  let axisMin = lo - pad;
  let axisMax = hi + pad;
  if (axisMax - axisMin < minSpan) {
    const mid = (lo + hi) / 2;
    axisMin = mid - minSpan / 2;
    axisMax = mid + minSpan / 2;
  }
  return { lowest: lo, highest: hi, axisMin, axisMax };
}
