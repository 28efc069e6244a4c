import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { andorraDem } from '../test-support/andorra.ts';
import { ElevationGrid } from './grid.ts';

describe('elevation grid', () => {
  it('samples bilinearly between posts and is NaN outside', () => {
    const g = new ElevationGrid(1, 43, 0.5, 0.5, 3, 2, Int32Array.of(100, 200, 300, 0, 100, 200));
    expect(g.sample(1, 43)).toBe(100);
    expect(g.sample(1.25, 43)).toBe(150);
    expect(g.sample(1, 42.75)).toBe(50);
    expect(g.sample(1.25, 42.75)).toBe(100);
    expect(g.sample(2, 42.5)).toBe(200);
    expect(g.sample(0.99, 43)).toBeNaN();
    expect(g.sample(1, 43.01)).toBeNaN();
    expect([g.east, g.south]).toEqual([2, 42.5]);
  });
  it('weights only the known posts next to a void, NaN when all are void', () => {
    const V = ElevationGrid.VOID;
    const g = new ElevationGrid(0, 1, 1, 1, 2, 2, Int32Array.of(100, V, 100, V));
    expect(g.sample(0.5, 0.5)).toBe(100);
    expect(g.sample(1, 0.5)).toBeNaN();
  });
  it('round-trips through its encoding, any values and shapes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer(),
        (cols, rows, scale, seed) => {
          const values = Int32Array.from({ length: cols * rows }, (_, i) =>
            (seed + i * 7919) % 11 === 0 ? ElevationGrid.VOID : Math.round(Math.sin(seed + i) * 2 ** 20),
          );
          const g = new ElevationGrid(-10.5, 50.25, 1 / 1200, 1 / 1800, cols, rows, values, scale);
          const back = ElevationGrid.decode(g.encode());
          expect(Array.from(back.values)).toEqual(Array.from(values));
          expect([back.west, back.north, back.stepLon, back.stepLat, back.cols, back.rows, back.scale]).toEqual([
            -10.5,
            50.25,
            1 / 1200,
            1 / 1800,
            cols,
            rows,
            scale,
          ]);
        },
      ),
    );
  });
  it('refuses bytes that are not a grid', () => {
    const bytes = new ElevationGrid(0, 1, 1, 1, 2, 2, Int32Array.of(1, 2, 3, 4)).encode();
    expect(() => ElevationGrid.decode(bytes.subarray(0, 20))).toThrow(/too short/);
    expect(() => ElevationGrid.decode(bytes.subarray(0, bytes.length - 1))).toThrow(/size|end/);
    const bad = bytes.slice();
    bad[0] = 0;
    expect(() => ElevationGrid.decode(bad)).toThrow(/magic/);
    const long = new Uint8Array(bytes.length + 1);
    long.set(bytes);
    expect(() => ElevationGrid.decode(long)).toThrow(/trailing/);
  });
  it('cut from the SRTM tile at its 3″ posts, reproduces the tile (bilinear) everywhere in it', () => {
    const dem = andorraDem();
    const grid = ElevationGrid.fromSampler((lon, lat) => dem.elevation(lon, lat), [1.4, 42.4, 1.82, 42.7], 1 / 1200);
    const bytes = grid.encode();
    // ~1 byte per post in mountains
    expect(bytes.length / (grid.cols * grid.rows)).toBeLessThan(1.1);
    const back = ElevationGrid.decode(bytes);
    let worst = 0;
    let voidSide = 0;
    for (let i = 0; i < 2000; i++) {
      const lon = 1.4 + (0.42 * ((i * 7919) % 1000)) / 1000 + 1e-5;
      const lat = 42.4 + (0.3 * ((i * 104729) % 997)) / 997;
      const want = dem.elevation(lon, lat); // NaN next to a void post of the tile (the region builder fills them)
      const c = Math.floor((lon - back.west) / back.stepLon);
      const r = Math.floor((back.north - lat) / back.stepLat);
      const posts = [0, 1, back.cols, back.cols + 1].map((k) => back.values[r * back.cols + c + k]);
      if (Number.isFinite(want) && !posts.includes(ElevationGrid.VOID)) worst = Math.max(worst, Math.abs(back.sample(lon, lat) - want));
      else voidSide++;
    }
    expect(voidSide).toBeLessThan(100); // the tile's few voids (the region builder fills them)
    expect(worst).toBeLessThan(1e-6);
  });
});
