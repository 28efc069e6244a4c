import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePolyline, decodePolyline3, encodePolyline, encodePolyline3, PolylineError } from './polyline.ts';

describe('encoded polylines', () => {
  it("matches Google's reference example at precision 5", () => {
    const pts: [number, number][] = [
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ];
    expect(encodePolyline(pts, 5)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@', 5)).toEqual(pts);
  });
  it('round-trips 2-D and 3-D tracks', () => {
    const pt = fc.tuple(
      fc.integer({ min: -180e6, max: 180e6 }),
      fc.integer({ min: -90e6, max: 90e6 }),
      fc.integer({ min: -4000, max: 88000 }),
    );
    fc.assert(
      fc.property(fc.array(pt, { maxLength: 50 }), (raw) => {
        const p3 = raw.map(([a, b, c]) => [a / 1e6, b / 1e6, c / 10] as [number, number, number]);
        expect(decodePolyline3(encodePolyline3(p3))).toEqual(p3);
        const p2 = p3.map(([a, b]) => [a, b] as [number, number]);
        expect(decodePolyline(encodePolyline(p2))).toEqual(p2);
      }),
      { numRuns: 100 },
    );
  });
  it('rejects garbage', () => {
    expect(() => decodePolyline('_p~iF~ps|U_ulL')).toThrow(PolylineError);
    expect(() => decodePolyline('abc def')).toThrow(/invalid character/);
  });
});
