import { beforeAll, describe, expect, it } from 'vitest';
import { andorraDem, andorraGraph } from '../test-support/andorra.ts';
import { RoutePlanner } from '../routing/planner.ts';
import { formatDistance, formatDuration, formatPace, metresTo, paceToSecPerKm, parsePace, secPerKmToPace, toMetres } from '../units.ts';
import { fillElevation, filteredClimb, rawClimb, resample, routeClimb, smooth } from './filter.ts';
import { movingTime, toblerPaceFactor } from './time.ts';

/** deterministic noise in [-1, 1] */
const noise = (i: number) => Math.sin(i * 12.9898 + 78.233) * 0.5 + Math.sin(i * 4.1414) * 0.5;

describe('elevation filter', () => {
  it('counts a clean climb exactly', () => {
    const ele = Array.from({ length: 101 }, (_, i) => 1000 + i * 2); // +200 m
    expect(filteredClimb(ele)).toEqual({ ascent: 200, descent: 0 });
    expect(rawClimb(ele)).toEqual({ ascent: 200, descent: 0 });
  });
  const every10m = (n: number) => Array.from({ length: n }, (_, i) => i * 10);
  it('removes ±2 m wiggles with the hysteresis alone', () => {
    const ele = Array.from({ length: 500 }, (_, i) => 1050 + 2 * noise(i));
    expect(rawClimb(ele).ascent).toBeGreaterThan(200); // inflated
    expect(filteredClimb(ele).ascent).toBe(0);
  });
  it('removes ±4 m SRTM-like speckle on flat ground (smoothing + hysteresis) that inflates the raw sum', () => {
    const ele = Array.from({ length: 500 }, (_, i) => 1050 + 4 * noise(i));
    expect(rawClimb(ele).ascent).toBeGreaterThan(400); // 5 km of flat road, inflated
    expect(routeClimb(ele, every10m(500)).ascent).toBeLessThan(10);
  });
  it('keeps real hills under noise', () => {
    // 3 hills of 80 m over 9 km with ±3 m noise
    const ele = Array.from({ length: 900 }, (_, i) => 1000 + 40 * (1 - Math.cos((i / 300) * 2 * Math.PI)) + 3 * noise(i));
    const f = routeClimb(ele, every10m(900));
    expect(f.ascent).toBeGreaterThan(3 * 80 - 10);
    expect(f.ascent).toBeLessThan(3 * 80 + 15);
    expect(rawClimb(ele).ascent).toBeGreaterThan(f.ascent * 2);
  });
  it('counts a 100 m climb starting after a small dip from the dip', () => {
    expect(filteredClimb([100, 97, 110, 150, 197])).toEqual({ ascent: 100, descent: 0 });
    expect(filteredClimb([100, 104, 98, 60])).toEqual({ ascent: 0, descent: 44 });
  });
  it('skips unknown samples and fills gaps by interpolation', () => {
    expect(filteredClimb([NaN, 100, NaN, 120])).toEqual({ ascent: 20, descent: 0 });
    expect(Array.from(fillElevation([NaN, 10, NaN, 30, NaN], [0, 10, 20, 30, 40])!)).toEqual([10, 10, 20, 30, 30]);
    expect(fillElevation([NaN, NaN], [0, 1])).toBeNull();
  });
  it('resamples and smooths', () => {
    const { d, e } = resample([0, 10], [0, 100], 25);
    expect(Array.from(d)).toEqual([0, 25, 50, 75, 100, 100]);
    expect(e[2]).toBeCloseTo(5);
    expect(Array.from(smooth([0, 3, 0, 3, 0], 3))).toEqual([1.5, 1, 2, 1, 1.5]);
  });

  describe('on real SRTM data in Andorra', () => {
    let planner: RoutePlanner;
    beforeAll(async () => {
      planner = new RoutePlanner((await andorraGraph()).graph);
    });
    it('an out-and-back reports equal ascent and descent, close to the raw net climb', () => {
      const a: [number, number] = [1.5344, 42.5093];
      const b: [number, number] = [1.533, 42.556];
      const r = planner.route({ waypoints: [a, b, a] });
      expect(r.ascent!).toBeCloseTo(r.descent!, 0);
      expect(r.ascent!).toBeLessThan(r.rawAscent!);
    });
    it('densely sampled DEM along a valley road: raw climb is inflated, filtered is not', () => {
      // sample the DEM every 5 m along the route (what a naive app plotting a DEM would do)
      const r = planner.route({
        waypoints: [
          [1.5215, 42.507],
          [1.5344, 42.5093],
        ],
      });
      const dem = andorraDem();
      const dense: number[] = [];
      for (let i = 1; i < r.coordinates.length; i++) {
        const [x0, y0] = r.coordinates[i - 1]!;
        const [x1, y1] = r.coordinates[i]!;
        const steps = Math.max(1, Math.ceil((r.distances[i]! - r.distances[i - 1]!) / 5));
        for (let k = 0; k < steps; k++) dense.push(dem.elevation(x0 + ((x1 - x0) * k) / steps, y0 + ((y1 - y0) * k) / steps));
      }
      const raw = rawClimb(dense);
      const net = Math.abs(dense.at(-1)! - dense[0]!);
      const f = filteredClimb(dense);
      expect(raw.ascent + raw.descent).toBeGreaterThan(f.ascent + f.descent);
      expect(f.ascent + f.descent).toBeLessThan(net + 60);
    });
  });
});

describe('time model (Tobler)', () => {
  it('is 1 on the flat, fastest on a gentle descent, slower uphill and on steep descents', () => {
    expect(toblerPaceFactor(0)).toBeCloseTo(1, 9);
    expect(toblerPaceFactor(-0.05)).toBeCloseTo(Math.exp(-0.175), 6);
    expect(toblerPaceFactor(-0.05)).toBeLessThan(toblerPaceFactor(0));
    expect(toblerPaceFactor(0.1)).toBeCloseTo(Math.exp(0.35), 6);
    expect(toblerPaceFactor(-0.2)).toBeCloseTo(toblerPaceFactor(0.1), 6);
    expect(toblerPaceFactor(0.9)).toBe(toblerPaceFactor(0.5)); // clamped
  });
  it('gives distance × pace on the flat, more uphill, and ignores noise', () => {
    const dist = Array.from({ length: 1001 }, (_, i) => i * 10); // 10 km
    expect(movingTime(null, dist, 300)).toBeCloseTo(3000, 6);
    const flat = dist.map(() => 500);
    expect(movingTime(flat, dist, 300)).toBeCloseTo(3000, 3);
    const noisy = dist.map((_, i) => 500 + 3 * noise(i));
    expect(movingTime(noisy, dist, 300)).toBeLessThan(3000 * 1.02);
    const up = dist.map((d) => 500 + d * 0.1); // 10 % climb
    expect(movingTime(up, dist, 300)).toBeCloseTo(3000 * Math.exp(0.35), -1);
    expect(() => movingTime(null, dist, 0)).toThrow(RangeError);
  });
});

describe('units', () => {
  it('converts and formats distances and paces', () => {
    expect(metresTo(1609.344, 'mi')).toBeCloseTo(1, 9);
    expect(toMetres(5, 'km')).toBe(5000);
    expect(formatDistance(10_000, 'mi')).toBe('6.21 mi');
    expect(paceToSecPerKm(480, 'mi')).toBeCloseTo(298.26, 2);
    expect(secPerKmToPace(paceToSecPerKm(480, 'mi'), 'mi')).toBeCloseTo(480, 9);
    expect(formatPace(330, 'km')).toBe('5:30 /km');
    expect(parsePace('5:30')).toBe(330);
    expect(parsePace(' 7:05 /mi')).toBe(425);
    expect(parsePace('5:75')).toBeNull();
    expect(parsePace('abc')).toBeNull();
    expect(formatDuration(3909)).toBe('1:05:09');
    expect(formatDuration(2527)).toBe('42:07');
  });
});
