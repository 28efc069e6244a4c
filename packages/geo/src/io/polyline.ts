/**
 * Encoded polylines (Google's algorithm: zig-zag deltas in 5-bit base-64 chunks) for compact
 * storage of route geometry. Positions are [lon, lat] or [lon, lat, ele]; the encoding stores
 * lat before lon as the algorithm's convention. 2-D: `encodePolyline(pts, 6)` (1e-6° ≈ 0.1 m);
 * 3-D: `encodePolyline3` interleaves elevation at 1 decimal.
 */
export class PolylineError extends Error {
  override name = 'PolylineError';
}

function put(v: number, out: string[]) {
  let x = v < 0 ? ~(v << 1) : v << 1;
  while (x >= 0x20) {
    out.push(String.fromCharCode((0x20 | (x & 0x1f)) + 63));
    x >>>= 5;
  }
  out.push(String.fromCharCode(x + 63));
}

function encode(points: readonly (readonly number[])[], factors: number[], order: number[]): string {
  const out: string[] = [];
  const prev = factors.map(() => 0);
  for (const p of points) {
    order.forEach((dim, k) => {
      const v = Math.round(p[dim]! * factors[k]!);
      put(v - prev[k]!, out);
      prev[k] = v;
    });
  }
  return out.join('');
}

function decode(s: string, factors: number[], order: number[]): number[][] {
  if (typeof s !== 'string') throw new PolylineError('encoded polyline must be a string');
  const pts: number[][] = [];
  const cur = factors.map(() => 0);
  let i = 0;
  while (i < s.length) {
    const p: number[] = [];
    for (let k = 0; k < factors.length; k++) {
      let shift = 0;
      let result = 0;
      let b: number;
      do {
        if (i >= s.length) throw new PolylineError('truncated encoded polyline');
        b = s.charCodeAt(i++) - 63;
        if (b < 0 || b > 63) throw new PolylineError(`invalid character in encoded polyline at ${i - 1}`);
        if (shift > 30) throw new PolylineError('encoded value too large');
        result |= (b & 0x1f) << shift;
        shift += 5;
      } while (b >= 0x20);
      cur[k]! += result & 1 ? ~(result >> 1) : result >> 1;
      p[order[k]!] = cur[k]! / factors[k]!;
    }
    pts.push(p);
  }
  return pts;
}

export const encodePolyline = (points: readonly (readonly number[])[], precision = 6) =>
  encode(points, [10 ** precision, 10 ** precision], [1, 0]);
export const decodePolyline = (s: string, precision = 6) => decode(s, [10 ** precision, 10 ** precision], [1, 0]) as [number, number][];
export const encodePolyline3 = (points: readonly (readonly number[])[], precision = 6) =>
  encode(points, [10 ** precision, 10 ** precision, 10], [1, 0, 2]);
export const decodePolyline3 = (s: string, precision = 6) =>
  decode(s, [10 ** precision, 10 ** precision, 10], [1, 0, 2]) as [number, number, number][];

/**
 * Route geometry codec (used for stored routes by the server and the browser): three values per
 * point — longitude and latitude at 1e-6°, elevation at 0.1 m. Unknown elevations are stored as
 * the previous point's value; decoding also rejects out-of-range coordinates.
 */
export function encodeRouteGeometry(points: readonly (readonly [number, number, number?])[]): string {
  let prev = 0;
  return encodePolyline3(
    points.map(([lon, lat, ele]) => {
      if (ele !== undefined && Number.isFinite(ele)) prev = ele;
      return [lon, lat, prev];
    }),
  );
}

/** Decode a route geometry; throws PolylineError on malformed input or out-of-range coordinates. */
export function decodeRouteGeometry(s: string): [lon: number, lat: number, ele: number][] {
  const pts = decodePolyline3(s);
  for (const [lon, lat] of pts) {
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) throw new PolylineError('polyline coordinate out of range');
  }
  return pts;
}
