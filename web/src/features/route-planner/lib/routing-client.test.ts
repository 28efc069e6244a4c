import { describe, expect, it } from 'vitest';
import { plannedRoute as routeSchema } from '@waymark/contracts/routing';

const body = {
  coords: [
    [1.52, 42.5, 1010],
    [1.53, 42.51, 1020],
  ],
  cum: [0, 1370],
  legStarts: [0],
  stats: { distanceM: 1370, ascentM: 10, descentM: 0, timeS: 500 },
  wayTypes: { footway: 1370 },
  surfaces: { paved: 1370 },
};

describe('server route answer (worker fallback)', () => {
  it('keeps the snapped waypoints and the profile, so the map and chart match the worker', () => {
    const r = routeSchema.parse({
      ...body,
      snapped: [
        [1.52, 42.5],
        [1.53, 42.51],
      ],
      profile: [
        { distance: 0, elevation: 1010, grade: 0.01 },
        { distance: 1370, elevation: 1020, grade: 0.01 },
      ],
    });
    expect(r.snapped).toEqual([
      [1.52, 42.5],
      [1.53, 42.51],
    ]);
    expect(r.profile).toHaveLength(2);
  });
  it('accepts an answer without them and refuses a malformed one', () => {
    expect(routeSchema.parse(body).snapped).toBeUndefined();
    expect(routeSchema.safeParse({ ...body, snapped: [[1.52]] }).success).toBe(false);
  });
  it('reads an unknown elevation (JSON null from the server) as NaN, like the worker, and nothing else as unknown', () => {
    const r = routeSchema.parse({
      ...body,
      coords: [
        [1.52, 42.5, null],
        [1.53, 42.51, 0],
      ],
    });
    expect(Number.isNaN(r.coords[0]![2])).toBe(true);
    expect(r.coords[1]![2]).toBe(0);
    expect(routeSchema.safeParse({ ...body, coords: [[1.52, 42.5, 'high']] }).success).toBe(false);
    expect(routeSchema.safeParse({ ...body, coords: [[1.52, 42.5]] }).success).toBe(false);
  });
});
