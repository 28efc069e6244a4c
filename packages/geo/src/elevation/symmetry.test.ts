import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RoutePlanner } from '../routing/planner.ts';
import { andorraGraph } from '../test-support/andorra.ts';
import { filteredClimb, routeClimb } from './filter.ts';

/** A random profile: cumulative distances with uneven spacing and elevations with hills and noise. */
const profile = fc
  .record({
    steps: fc.array(fc.double({ min: 0.5, max: 120, noNaN: true }), { minLength: 1, maxLength: 400 }),
    hills: fc.array(
      fc.record({ amp: fc.double({ min: 0, max: 300, noNaN: true }), wave: fc.double({ min: 50, max: 5000, noNaN: true }) }),
      {
        maxLength: 3,
      },
    ),
    noise: fc.double({ min: 0, max: 8, noNaN: true }),
    base: fc.double({ min: -100, max: 4000, noNaN: true }),
    seed: fc.integer(),
  })
  .map(({ steps, hills, noise, base, seed }) => {
    const dist = [0];
    for (const s of steps) dist.push(dist[dist.length - 1]! + s);
    const ele = dist.map((d, i) => {
      let e = base;
      for (const h of hills) e += h.amp * Math.sin((2 * Math.PI * d) / h.wave);
      return e + noise * Math.sin(i * 12.9898 + seed);
    });
    return { dist, ele };
  });

const reversed = ({ dist, ele }: { dist: number[]; ele: number[] }) => {
  const total = dist[dist.length - 1]!;
  return { dist: dist.map((d) => total - d).reverse(), ele: [...ele].reverse() };
};

describe('climb is the same both ways (reverse swaps ascent and descent)', () => {
  it('hysteresis filter: reversing the samples swaps the totals exactly', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -500, max: 500, noNaN: true }), { maxLength: 300 }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (ele, th) => {
          const f = filteredClimb(ele, th);
          const r = filteredClimb([...ele].reverse(), th);
          expect(r.ascent).toBeCloseTo(f.descent, 6);
          expect(r.descent).toBeCloseTo(f.ascent, 6);
        },
      ),
      { numRuns: 500 },
    );
  });
  it('route climb (resampled, smoothed, filtered): reverse gives descent/ascent swapped', () => {
    fc.assert(
      fc.property(profile, (p) => {
        const f = routeClimb(p.ele, p.dist);
        const rp = reversed(p);
        const r = routeClimb(rp.ele, rp.dist);
        expect(r.ascent).toBeCloseTo(f.descent, 6);
        expect(r.descent).toBeCloseTo(f.ascent, 6);
      }),
      { numRuns: 300 },
    );
  });
  it('a real Andorra route and its reverse (same line) report swapped climbs', async () => {
    const planner = new RoutePlanner((await andorraGraph()).graph);
    const wps: [number, number][] = [
      [1.5215, 42.507],
      [1.5344, 42.5093],
      [1.5478, 42.5289],
      [1.5602, 42.5461],
    ];
    const f = planner.route({ waypoints: wps });
    const r = planner.route({ waypoints: [...wps].reverse() });
    expect(r.distance).toBeCloseTo(f.distance, 3); // the same line the other way
    expect(f.ascent).toBeGreaterThan(100);
    expect(r.ascent).toBeCloseTo(f.descent!, 6);
    expect(r.descent).toBeCloseTo(f.ascent!, 6);
  });
});
