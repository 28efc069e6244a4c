import { describe, expect, it } from 'vitest';
import { distanceMarkers, gradeColor, nearestDistance, pointAt, sampleProfile } from './profile';

const coords: [number, number, number][] = [
  [1.5, 42.5, 1000],
  [1.51, 42.5, 1010],
  [1.52, 42.5, 1050],
];
const cum = [0, 820, 1640];

describe('profile helpers', () => {
  it('resamples evenly in distance with interpolated elevation', () => {
    const p = sampleProfile(coords, cum, 5);
    expect(p.map((x) => x.d)).toEqual([0, 410, 820, 1230, 1640]);
    expect(p[1]!.e).toBeCloseTo(1005);
    expect(p[3]!.e).toBeCloseTo(1030);
  });
  it('finds the point at a distance (for the hover marker) and km markers', () => {
    expect(pointAt(coords, cum, 410)).toEqual([1.505, 42.5]);
    expect(pointAt(coords, cum, 99999)).toEqual([1.52, 42.5]);
    expect(distanceMarkers(coords, cum, 500).map((m) => m.n)).toEqual([1, 2, 3]);
  });
  it('colours grades by steepness, up or down', () => {
    expect(gradeColor(1)).toBe(gradeColor(-2));
    expect(gradeColor(12)).not.toBe(gradeColor(2));
  });
  it('finds the distance along the route of the vertex nearest a point (hovering the line)', () => {
    expect(nearestDistance(coords, cum, 1.5101, 42.5001)).toBe(820);
    expect(nearestDistance(coords, cum, 1.6, 42.5)).toBe(1640);
    expect(nearestDistance([], [], 1.5, 42.5)).toBeNull();
  });
  it('keeps a missing elevation out of the profile (NaN is not sea level)', () => {
    const p = sampleProfile(
      [
        [1.5, 42.5, Number.NaN],
        [1.51, 42.5, 1010],
        [1.52, 42.5, 1050],
      ],
      cum,
      3,
    );
    expect(p.map((x) => x.e)).toEqual([1010, 1010, 1050]);
  });
});
