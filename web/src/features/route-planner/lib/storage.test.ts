import { describe, expect, it } from 'vitest';
import { decodeRouteGeometry, encodeRouteGeometry } from '@waymark/geo';
import { loadDraft, saveDraft, DRAFT_KEY } from './storage';

const coords: [number, number, number][] = [
  [1.5, 42.5, 1000],
  [1.51, 42.5, 1010],
  [1.52, 42.5, 1050],
];

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
