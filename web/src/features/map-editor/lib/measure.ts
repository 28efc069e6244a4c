import turfArea from '@turf/area';
import turfLength from '@turf/length';
import type { Geometry } from 'geojson';
import { formatDistance, M_PER_MI, type Units } from '@/lib/units';

/** Length in metres of a line (or of a polygon's outer ring, i.e. its perimeter). */
export function lengthOf(g: Geometry): number {
  if (g.type === 'LineString' || g.type === 'MultiLineString')
    return turfLength({ type: 'Feature', properties: {}, geometry: g }, { units: 'kilometers' }) * 1000;
  if (g.type === 'Polygon') return lengthOf({ type: 'LineString', coordinates: g.coordinates[0] ?? [] });
  if (g.type === 'MultiPolygon') return g.coordinates.reduce((n, p) => n + lengthOf({ type: 'Polygon', coordinates: p }), 0);
  return 0;
}

/** Area in square metres (0 for anything but polygons). */
export function areaOf(g: Geometry): number {
  if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') return 0;
  return turfArea({ type: 'Feature', properties: {}, geometry: g });
}

export function formatArea(m2: number, units: Units): string {
  if (units === 'mi') {
    const acres = m2 / 4046.8564224;
    return acres >= 640 ? `${(m2 / (M_PER_MI * M_PER_MI)).toFixed(2)} mi²` : `${acres.toFixed(acres < 10 ? 2 : 1)} ac`;
  }
  if (m2 < 10_000) return `${Math.round(m2)} m²`;
  if (m2 < 1_000_000) return `${(m2 / 10_000).toFixed(2)} ha`;
  return `${(m2 / 1_000_000).toFixed(2)} km²`;
}

/** A short length: metres (feet) under a kilometre (mile), else the usual distance format. */
export function formatLength(m: number, units: Units): string {
  if (units === 'km' && m < 1000) return `${Math.round(m)} m`;
  if (units === 'mi' && m < M_PER_MI / 4) return `${Math.round(m * 3.28084)} ft`;
  return formatDistance(m, units);
}

/** Great-circle distance in metres. */
export function haversine(a: number[], b: number[]): number {
  const R = 6371008.8;
  const rad = Math.PI / 180;
  const dLat = (b[1]! - a[1]!) * rad;
  const dLon = (b[0]! - a[0]!) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1]! * rad) * Math.cos(b[1]! * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Measurement {
  /** what to show, e.g. [["Length", "1.20 km"]] */
  parts: [string, string][];
}

/**
 * What to show for a shape while it is drawn: a line's length; a polygon's area and perimeter; a
 * circle's radius and area (`radiusM` from terra-draw's circle mode); a point's coordinates.
 */
export function measure(g: Geometry, units: Units, radiusM?: number): Measurement {
  if (radiusM !== undefined && g.type === 'Polygon') {
    return {
      parts: [
        ['Radius', formatLength(radiusM, units)],
        ['Area', formatArea(areaOf(g), units)],
      ],
    };
  }
  switch (g.type) {
    case 'Point':
      return { parts: [['Position', `${g.coordinates[1]!.toFixed(5)}, ${g.coordinates[0]!.toFixed(5)}`]] };
    case 'LineString':
    case 'MultiLineString':
      return { parts: [['Length', formatLength(lengthOf(g), units)]] };
    case 'Polygon':
    case 'MultiPolygon':
      return {
        parts: [
          ['Area', formatArea(areaOf(g), units)],
          ['Perimeter', formatLength(lengthOf(g), units)],
        ],
      };
    default:
      return { parts: [] };
  }
}
