/**
 * Waypoints that reproduce a routed line when each leg is snapped: points interpolated along the
 * line every `step` metres (≥ 400 m, at most `maxWaypoints` in all), so consecutive waypoints are
 * close and the shortest path between them follows the line. Start and end are the line's ends.
 * `cum` holds the cumulative distance (m) at each coordinate.
 */
export function waypointsAlong(coords: readonly (readonly number[])[], cum: readonly number[], maxWaypoints = 98): [number, number][] {
  const total = cum[cum.length - 1] ?? 0;
  if (coords.length < 2 || total <= 0) return coords.map((c) => [c[0]!, c[1]!]);
  const step = Math.max(400, total / (maxWaypoints - 1));
  const out: [number, number][] = [[coords[0]![0]!, coords[0]![1]!]];
  let j = 0;
  for (let d = step; d < total - step * 0.3; d += step) {
    while (j < cum.length - 2 && cum[j + 1]! < d) j++;
    const t = cum[j + 1]! > cum[j]! ? (d - cum[j]!) / (cum[j + 1]! - cum[j]!) : 0;
    const a = coords[j]!;
    const b = coords[j + 1]!;
    out.push([a[0]! + (b[0]! - a[0]!) * t, a[1]! + (b[1]! - a[1]!) * t]);
  }
  const last = coords[coords.length - 1]!;
  out.push([last[0]!, last[1]!]);
  return out;
}
