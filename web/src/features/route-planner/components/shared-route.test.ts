import { encodeRouteGeometry } from '@waymark/geo';
import type { SavedRoute } from '@waymark/contracts/routes';
import { describe, expect, it } from 'vitest';
import { gradeShares } from '../lib/planner-features';
import { storedRoute } from './shared-route';

const saved = (geometry: string) =>
  ({ geometry, stats: { distanceM: 2000, ascentM: 150, descentM: 0, timeS: 900 } }) as unknown as SavedRoute;

describe('storedRoute (the shared view rebuilds a saved route from its stored line)', () => {
  // 2 km north at 1.5 E, flat for the first km, then climbing 150 m over the second (15 %)
  const line = Array.from({ length: 21 }, (_, i) => [1.5, 42.5 + i * 0.0009, i <= 10 ? 1000 : 1000 + (i - 10) * 15] as const);

  it('has a profile from the line’s own elevation, so the grade bands and splits can be read', () => {
    const r = storedRoute(saved(encodeRouteGeometry(line)))!;
    expect(r.profile!.length).toBeGreaterThan(20);
    expect(r.profile!.at(-1)!.elevation).toBeCloseTo(1150, 0);
    const shares = gradeShares(r);
    const total = Object.values(shares).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(1900);
    // about half of it flat and half of it steep
    const flatish = Object.entries(shares).filter(([, m]) => m > 700);
    expect(flatish.length).toBe(2);
  });

  it('a stored line that does not decode gives no route', () => {
    expect(storedRoute(saved('not a polyline \u0000'))).toBeNull();
  });
});
