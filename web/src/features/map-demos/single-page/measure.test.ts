import { describe, expect, it } from 'vitest';
import { MAX_MEASURE_POINTS, initialMeasure, measureFeatures, measureReducer, segmentLengths, totalLength, type LonLat } from './measure';

/** Great-circle distance computed here on its own (spherical law of cosines), to check the module's haversine. */
function cosineLaw(a: LonLat, b: LonLat): number {
  const r = Math.PI / 180;
  const c = Math.sin(a[1] * r) * Math.sin(b[1] * r) + Math.cos(a[1] * r) * Math.cos(b[1] * r) * Math.cos((b[0] - a[0]) * r);
  return 6_371_008.8 * Math.acos(Math.min(1, c));
}

const A: LonLat = [1.5211, 42.5063];
const B: LonLat = [1.5335, 42.5095];
const C: LonLat = [1.5402, 42.5045];

describe('measure state', () => {
  it('adds points only while active, and keeps them when ended', () => {
    let s = measureReducer(initialMeasure, { type: 'add', at: A });
    expect(s.points).toEqual([]);
    s = measureReducer(s, { type: 'start' });
    s = measureReducer(s, { type: 'add', at: A });
    s = measureReducer(s, { type: 'add', at: B });
    expect(s).toEqual({ active: true, points: [A, B] });
    s = measureReducer(s, { type: 'end' });
    expect(s).toEqual({ active: false, points: [A, B] });
    expect(measureReducer(s, { type: 'add', at: C }).points).toEqual([A, B]);
  });

  it('undoes the last point and clears, and returns the same state when nothing changes', () => {
    let s = measureReducer(measureReducer(initialMeasure, { type: 'start' }), { type: 'add', at: A });
    s = measureReducer(s, { type: 'add', at: B });
    s = measureReducer(s, { type: 'undo' });
    expect(s.points).toEqual([A]);
    s = measureReducer(s, { type: 'clear' });
    expect(s.points).toEqual([]);
    expect(measureReducer(s, { type: 'undo' })).toBe(s);
    expect(measureReducer(s, { type: 'clear' })).toBe(s);
    expect(measureReducer(s, { type: 'start' })).toBe(s);
  });

  it('loads a shared line inactive, cut to the most points a line keeps', () => {
    const many = Array.from({ length: MAX_MEASURE_POINTS + 5 }, (_, i) => [1 + i / 1000, 42] as LonLat);
    const s = measureReducer({ active: true, points: [A] }, { type: 'load', points: many });
    expect(s.active).toBe(false);
    expect(s.points).toHaveLength(MAX_MEASURE_POINTS);
    let full = measureReducer(s, { type: 'start' });
    full = measureReducer(full, { type: 'add', at: C });
    expect(full.points).toHaveLength(MAX_MEASURE_POINTS);
  });

  it('gives each segment and the total length', () => {
    const seg = segmentLengths([A, B, C]);
    expect(seg).toHaveLength(2);
    expect(seg[0]).toBeCloseTo(cosineLaw(A, B), 3);
    expect(seg[1]).toBeCloseTo(cosineLaw(B, C), 3);
    expect(totalLength([A, B, C])).toBeCloseTo(cosineLaw(A, B) + cosineLaw(B, C), 3);
    // one degree of latitude on the mean-radius sphere
    expect(
      totalLength([
        [0, 0],
        [0, 1],
      ]),
    ).toBeCloseTo(111_195, 0);
    expect(segmentLengths([A])).toEqual([]);
    expect(totalLength([])).toBe(0);
  });

  it('draws a line from two points on, and numbered points', () => {
    expect(measureFeatures([A]).features.map((f) => f.geometry.type)).toEqual(['Point']);
    const fc = measureFeatures([A, B, C]);
    expect(fc.features.map((f) => f.geometry.type)).toEqual(['LineString', 'Point', 'Point', 'Point']);
    expect(fc.features.slice(1).map((f) => f.properties.index)).toEqual([1, 2, 3]);
  });
});
