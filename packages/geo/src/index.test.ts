import { describe, expect, it } from 'vitest';
import { haversine } from './index.ts';

describe('haversine', () => {
  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversine([1.5, 42.5], [1.5, 43.5])).toBeCloseTo(111_195, -1);
  });
  it('is zero for the same point and symmetric', () => {
    expect(haversine([1.52, 42.51], [1.52, 42.51])).toBe(0);
    expect(haversine([1.5, 42.5], [1.6, 42.6])).toBeCloseTo(haversine([1.6, 42.6], [1.5, 42.5]), 9);
  });
});
