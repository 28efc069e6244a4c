import { describe, expect, it } from 'vitest';
import { MAX_WAYPOINTS as GEO_MAX_WAYPOINTS } from '@waymark/geo';
import {
  MAX_VIA_POINTS,
  MAX_WAYPOINTS,
  createRouteBody,
  dashboardSummaryQuery,
  elevationQuery,
  errorBody,
  loopRequest,
  routeListQuery,
  routeRequest,
  updateRouteBody,
} from './index.ts';

describe('contracts', () => {
  it("allows as many waypoints as the routing engine's limit", () => {
    expect(MAX_WAYPOINTS).toBe(GEO_MAX_WAYPOINTS);
    const wp = { lon: 1.5, lat: 42.5 };
    expect(routeRequest.safeParse({ region: 'andorra', waypoints: Array(MAX_WAYPOINTS).fill(wp) }).success).toBe(true);
    expect(routeRequest.safeParse({ region: 'andorra', waypoints: Array(MAX_WAYPOINTS + 1).fill(wp) }).error?.issues[0]?.message).toBe(
      `at most ${MAX_WAYPOINTS} waypoints`,
    );
  });

  it('takes a fixed leg’s track points (via), in range and at most MAX_VIA_POINTS per route', () => {
    const a = { lon: 1.5, lat: 42.5 };
    const via = (n: number) => Array.from({ length: n }, (_, i) => [1.5 + i * 1e-6, 42.5] as [number, number]);
    const body = (v: unknown) => ({ region: 'andorra', waypoints: [a, { ...a, mode: 'freehand', via: v }] });
    expect(routeRequest.parse(body(via(3))).waypoints[1]!.via).toEqual(via(3));
    expect(routeRequest.safeParse(body([[181, 42]])).success).toBe(false);
    expect(routeRequest.safeParse(body([[1.5, Number.NaN]])).success).toBe(false);
    expect(routeRequest.safeParse(body([])).success).toBe(false);
    const half = { ...a, mode: 'freehand', via: via(MAX_VIA_POINTS / 2 + 1) };
    expect(routeRequest.safeParse({ region: 'andorra', waypoints: [a, half, half] }).error?.issues[0]?.message).toBe(
      `at most ${MAX_VIA_POINTS} track points`,
    );
    const saved = createRouteBody.safeParse({
      name: 'x',
      region: 'andorra',
      waypoints: [a, half, half],
      geometry: '',
      stats: { distanceM: 1, ascentM: 0, descentM: 0, timeS: 1 },
    });
    expect(saved.success).toBe(false);
  });

  it('fills the defaults a client may leave out', () => {
    expect(
      routeRequest
        .parse({
          region: 'andorra',
          waypoints: [
            { lon: 1, lat: 42 },
            { lon: 1.1, lat: 42, mode: 'freehand' },
          ],
        })
        .waypoints.map((w) => w.mode),
    ).toEqual(['snap', 'freehand']);
    expect(loopRequest.parse({ region: 'andorra', start: { lon: 1, lat: 42 }, distanceKm: 10 })).toMatchObject({
      alternatives: 3,
      preferences: { preferPaths: false, avoidBusyRoads: false, preferGreen: false },
    });
    const stats = { distanceM: 1, ascentM: 0, descentM: 0, timeS: 1 };
    expect(
      createRouteBody.parse({ name: '  Lake  ', region: 'andorra', waypoints: [{ lon: 1, lat: 42 }], geometry: '', stats }),
    ).toMatchObject({
      name: 'Lake',
      description: '',
      visibility: 'private',
    });
    expect(routeListQuery.parse({})).toEqual({ sort: 'updated', page: 1, pageSize: 20 });
    expect(routeListQuery.parse({ page: '3', pageSize: '50' })).toMatchObject({ page: 3, pageSize: 50 });
  });

  it('refuses what the API refuses', () => {
    expect(updateRouteBody.safeParse({}).error?.issues[0]?.message).toBe('nothing to change');
    expect(
      loopRequest.safeParse({ region: 'andorra', start: { lon: 1, lat: 42 }, distanceKm: 10, preferences: { preferHills: true } }).success,
    ).toBe(false);
    expect(routeRequest.safeParse({ region: '../etc', waypoints: [] }).success).toBe(false);
    expect(dashboardSummaryQuery.safeParse({ tz: 'Mars/Olympus' }).success).toBe(false);
    expect(dashboardSummaryQuery.parse({ tz: 'Europe/Paris' })).toEqual({ tz: 'Europe/Paris' });
  });

  it('reads elevation points from the query string', () => {
    expect(elevationQuery.parse({ points: '1.5,42.5; 7.42,43.73;' }).points).toEqual([
      [1.5, 42.5],
      [7.42, 43.73],
    ]);
    for (const points of ['', 'abc', '1,2,3', '200,10', '1,95', Array(201).fill('1,42').join(';')]) {
      expect(elevationQuery.safeParse({ points }).success, points).toBe(false);
    }
    expect(elevationQuery.safeParse({}).success).toBe(false);
  });

  it('describes the one error body, details nested', () => {
    expect(errorBody.safeParse({ error: { code: 'validation_error', message: 'Invalid', details: { issues: [] } } }).success).toBe(true);
    expect(errorBody.safeParse({ error: { code: 'x', message: 'y', details: 'flat' } }).success).toBe(false);
  });
});
