// The single-page map's measuring tool as plain state: the clicked points, whether clicks still
// add points, and the lengths along them (great-circle, @waymark/geo's haversine). The page feeds
// it what the map's gesture machine decided (add at a point, delete the last one) and the buttons.
import { haversine } from '@waymark/geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';

export type LonLat = [lon: number, lat: number];

export interface MeasureState {
  /** clicks on the map add points */
  active: boolean;
  points: LonLat[];
}

export type MeasureAction =
  | { type: 'start' }
  /** Escape, "Done": stop adding points, keep the line */
  | { type: 'end' }
  | { type: 'add'; at: LonLat }
  | { type: 'undo' }
  | { type: 'clear' }
  /** a line from a shared link (not active) */
  | { type: 'load'; points: LonLat[] };

/** Most points one line keeps (a shared link carries them all). */
export const MAX_MEASURE_POINTS = 100;

export const initialMeasure: MeasureState = { active: false, points: [] };

export function measureReducer(s: MeasureState, a: MeasureAction): MeasureState {
  switch (a.type) {
    case 'start':
      return s.active ? s : { ...s, active: true };
    case 'end':
      return s.active ? { ...s, active: false } : s;
    case 'add':
      if (!s.active || s.points.length >= MAX_MEASURE_POINTS) return s;
      return { ...s, points: [...s.points, a.at] };
    case 'undo':
      return s.points.length ? { ...s, points: s.points.slice(0, -1) } : s;
    case 'clear':
      return s.points.length ? { ...s, points: [] } : s;
    case 'load':
      return { active: false, points: a.points.slice(0, MAX_MEASURE_POINTS) };
  }
}

/** The length in metres of each segment, in order (one fewer than the points). */
export function segmentLengths(points: readonly LonLat[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < points.length; i++) out.push(haversine(points[i - 1]!, points[i]!));
  return out;
}

/** The whole line's length in metres. */
export const totalLength = (points: readonly LonLat[]) => segmentLengths(points).reduce((a, b) => a + b, 0);

/** The line (two or more points) and its numbered points, for the map. */
export function measureFeatures(points: readonly LonLat[]): FeatureCollection<Geometry, Record<string, unknown>> {
  const features: Feature<Geometry, Record<string, unknown>>[] = points.map((p, i) => ({
    type: 'Feature',
    properties: { index: i + 1 },
    geometry: { type: 'Point', coordinates: p },
  }));
  if (points.length >= 2)
    features.unshift({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: points.map((p) => [...p]) } });
  return { type: 'FeatureCollection', features };
}
