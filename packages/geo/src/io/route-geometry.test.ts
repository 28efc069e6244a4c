import { describe, expect, it } from 'vitest';
import { decodeRouteGeometry, encodeRouteGeometry } from './polyline.ts';

describe('route geometry codec', () => {
  it('round-trips lon/lat at 1e-6 and elevation at 0.1 m', () => {
    const pts: [number, number, number][] = [
      [1.521234, 42.506789, 1023.4],
      [1.5213, 42.5069, 1019.9],
      [-179.999999, -89.5, -12.3],
    ];
    const back = decodeRouteGeometry(encodeRouteGeometry(pts));
    expect(back).toHaveLength(3);
    back.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(pts[i]![0], 6);
      expect(p[1]).toBeCloseTo(pts[i]![1], 6);
      expect(p[2]).toBeCloseTo(pts[i]![2], 1);
    });
  });
  it('carries the previous elevation over unknown values', () => {
    const back = decodeRouteGeometry(
      encodeRouteGeometry([
        [1, 42, 100],
        [1.1, 42.1, NaN],
      ]),
    );
    expect(back[1]![2]).toBe(100);
  });
  it('rejects malformed strings', () => {
    expect(() => decodeRouteGeometry('??')).toThrow(/truncated/);
    expect(() => decodeRouteGeometry('ab c')).toThrow();
    expect(decodeRouteGeometry('')).toEqual([]);
  });
});
