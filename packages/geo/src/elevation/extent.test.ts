import { beforeAll, describe, expect, it } from 'vitest';
import { RoutePlanner } from '../routing/planner.ts';
import { andorraGraph } from '../test-support/andorra.ts';
import { elevationExtent } from './extent.ts';

describe('elevation extent (profile axis labels)', () => {
  it('names the real lowest and highest points, with a drawing margin around them', () => {
    const e = elevationExtent([1412, NaN, 1500, 1680.4, 1433])!;
    expect(e.lowest).toBe(1412);
    expect(e.highest).toBe(1680.4);
    expect(e.axisMin).toBeCloseTo(1412 - 0.05 * 268.4, 6);
    expect(e.axisMax).toBeCloseTo(1680.4 + 0.05 * 268.4, 6);
  });
  it('draws a flat route over at least 20 m, still naming its elevation', () => {
    const e = elevationExtent([500, 500, 501])!;
    expect([e.lowest, e.highest]).toEqual([500, 501]);
    expect(e.axisMax - e.axisMin).toBeCloseTo(20, 9);
    expect((e.axisMax + e.axisMin) / 2).toBeCloseTo(500.5, 9);
  });
  it('is null when no elevation is known', () => {
    expect(elevationExtent([NaN, Infinity])).toBeNull();
    expect(elevationExtent([])).toBeNull();
  });

  describe('on a real route', () => {
    let planner: RoutePlanner;
    beforeAll(async () => {
      planner = new RoutePlanner((await andorraGraph()).graph);
    });
    it('route results carry the lowest and highest coordinate, which the resampled profile can miss', () => {
      const r = planner.route({
        waypoints: [
          [1.5215, 42.507],
          [1.5478, 42.5289],
          [1.5602, 42.5461],
        ],
      });
      const eles = r.coordinates.map((c) => c[2]!);
      expect(r.lowest).toBe(Math.min(...eles));
      expect(r.highest).toBe(Math.max(...eles));
      const prof = r.profile.map((p) => p.elevation);
      expect(Math.min(...prof)).toBeGreaterThanOrEqual(r.lowest! - 0.05);
      expect(Math.max(...prof)).toBeLessThanOrEqual(r.highest! + 0.05);
    });
  });
});
