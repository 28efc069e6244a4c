import { describe, expect, it } from 'vitest';
import { decodeRouteGeometry, encodeRouteGeometry } from '@waymark/geo';
import { distanceMarkers, gradeColor, pointAt, sampleProfile } from './profile';
import { loadDraft, saveDraft, DRAFT_KEY } from './storage';

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
});

describe('storage', () => {
  it('round-trips the draft and ignores corrupt data', () => {
    saveDraft({
      region: 'andorra',
      waypoints: [{ id: 'a', lon: 1.5, lat: 42.5, mode: 'snap' }],
      routeId: null,
      name: 'x',
      description: '',
      visibility: 'private',
    });
    expect(loadDraft()?.waypoints).toHaveLength(1);
    localStorage.setItem(DRAFT_KEY, '{"region":5');
    expect(loadDraft()).toBeNull();
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ region: 'andorra', waypoints: [{ id: 'a', lon: 500, lat: 0, mode: 'snap' }] }));
    expect(loadDraft()).toBeNull();
  });
  it('shares the server geometry codec', () => {
    const s = encodeRouteGeometry(coords);
    expect(decodeRouteGeometry(s)[2]).toEqual([1.52, 42.5, 1050]);
  });
});
