/**
 * Route geometry codec: Google's encoded-polyline algorithm with three values per point —
 * latitude and longitude at 1e-6 degrees, elevation at 0.1 m (unknown elevation is stored as the
 * previous point's value). The same codec lives in server/src/planner/polyline.ts.
 */
export type Point3 = [lon: number, lat: number, ele: number];

function put(out: string[], value: number) {
  let v = value < 0 ? ~(value << 1) : value << 1;
  while (v >= 0x20) {
    out.push(String.fromCharCode((0x20 | (v & 0x1f)) + 63));
    v >>>= 5;
  }
  out.push(String.fromCharCode(v + 63));
}

export function encodePolyline3(points: readonly (readonly [number, number, number?])[]): string {
  const out: string[] = [];
  let pLat = 0;
  let pLon = 0;
  let pEle = 0;
  for (const [lon, lat, ele] of points) {
    const la = Math.round(lat * 1e6);
    const lo = Math.round(lon * 1e6);
    const e = ele === undefined || !Number.isFinite(ele) ? pEle : Math.round(ele * 10);
    put(out, la - pLat);
    put(out, lo - pLon);
    put(out, e - pEle);
    pLat = la;
    pLon = lo;
    pEle = e;
  }
  return out.join('');
}

/** Decode; throws an Error on malformed input (bad characters, truncated point, out-of-range coordinates). */
export function decodePolyline3(s: string): Point3[] {
  const pts: Point3[] = [];
  let i = 0;
  const vals = [0, 0, 0];
  const next = (): number => {
    let shift = 0;
    let result = 0;
    for (;;) {
      if (i >= s.length) throw new Error('truncated polyline');
      const b = s.charCodeAt(i++) - 63;
      if (b < 0 || b > 63) throw new Error('invalid polyline character');
      result |= (b & 0x1f) << shift;
      shift += 5;
      if (b < 0x20) break;
      if (shift > 30) throw new Error('polyline value too large');
    }
    return result & 1 ? ~(result >>> 1) : result >>> 1;
  };
  while (i < s.length) {
    vals[0]! += next();
    vals[1]! += next();
    vals[2]! += next();
    const lat = vals[0]! / 1e6;
    const lon = vals[1]! / 1e6;
    if (lat < -90 || lat > 90 || lon < -180 || lon > 180) throw new Error('polyline coordinate out of range');
    pts.push([lon, lat, vals[2]! / 10]);
  }
  return pts;
}
