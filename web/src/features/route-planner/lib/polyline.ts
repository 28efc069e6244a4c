import { decodePolyline3 as geoDecode, encodePolyline3 as geoEncode } from '@waymark/geo';

/**
 * Route geometry codec (stored in routes.geometry): @waymark/geo's encoded polyline with three
 * values per point — latitude and longitude at 1e-6°, elevation at 0.1 m. Unknown elevations are
 * stored as the previous point's value; decoding also rejects out-of-range coordinates.
 */
export type Point3 = [lon: number, lat: number, ele: number];

export function encodePolyline3(points: readonly (readonly [number, number, number?])[]): string {
  let prev = 0;
  return geoEncode(
    points.map(([lon, lat, ele]) => {
      if (ele !== undefined && Number.isFinite(ele)) prev = ele;
      return [lon, lat, prev];
    }),
  );
}

/** Decode; throws an Error on malformed input (bad characters, truncated point, out-of-range coordinates). */
export function decodePolyline3(s: string): Point3[] {
  const pts = geoDecode(s);
  for (const [lon, lat] of pts) {
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) throw new Error('polyline coordinate out of range');
  }
  return pts;
}
