import { routeOutput } from '@waymark/contracts/ai';
import { describe, expect, it } from 'vitest';
import { routePoints } from './tools.ts';

describe('routePoints (the assistant tools’ route and loop points)', () => {
  it('keeps a known elevation rounded to 0.1 m and leaves an unknown one out instead of sending 0', () => {
    expect(
      routePoints([
        [1.5, 42.5, 1234.56],
        [1.51, 42.51, Number.NaN],
        [1.52, 42.52],
        [1.53, 42.53, 0],
      ]),
    ).toEqual([
      [1.5, 42.5, 1234.6],
      [1.51, 42.51],
      [1.52, 42.52],
      [1.53, 42.53, 0],
    ]);
  });

  it('the contract takes points with and without an elevation but no made-up or broken values', () => {
    const base = {
      region: 'andorra',
      from: { name: 'A', kind: 'town', lon: 1.5, lat: 42.5, region: 'andorra', source: 'region' },
      to: { name: 'B', kind: 'town', lon: 1.6, lat: 42.6, region: 'andorra', source: 'region' },
      via: [],
      distanceM: 1,
      ascentM: 0,
      descentM: 0,
      timeS: 1,
    };
    const ok = routeOutput.safeParse({
      ...base,
      coords: routePoints([
        [1.5, 42.5, Number.NaN],
        [1.6, 42.6, 1500],
      ]),
    });
    expect(ok.success, JSON.stringify(ok.error?.issues)).toBe(true);
    expect(routeOutput.safeParse({ ...base, coords: [[1.5, 42.5, null]] }).success).toBe(false);
    expect(routeOutput.safeParse({ ...base, coords: [[1.5, 42.5, 1, 2]] }).success).toBe(false);
    expect(routeOutput.safeParse({ ...base, coords: [[1.5]] }).success).toBe(false);
  });
});
