// Unit checks of the builder's pieces: PMTiles writer (incl. leaf directories) against the official
// reader, MVT encoding against @mapbox/vector-tile, clipping, coastline → sea, DEM sampling.
import { VectorTile } from '@mapbox/vector-tile';
import { zipSync } from 'fflate';
import { PbfReader } from 'pbf';
import { PMTiles } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { BytesSource } from '../test/support.ts';
import { seaPolygons } from './coast.ts';
import { Dem, DemError, readHgt } from './dem.ts';
import { PmtilesWriter, TileType } from './pmtiles.ts';
import { normalizeName } from './search.ts';
import { clipLine, clipRing, ringArea, TileEncoder } from './tiles.ts';

describe('PmtilesWriter', () => {
  it('writes archives the pmtiles reader reads back, with leaf directories and deduplication', async () => {
    const w = new PmtilesWriter({
      tileType: TileType.Png,
      tileCompression: 'none',
      minZoom: 0,
      maxZoom: 8,
      bounds: [-180, -85, 180, 85],
      center: [0, 0, 2],
      metadata: { name: 't' },
    });
    const expected = new Map<string, number>();
    let i = 0;
    for (let z = 0; z <= 8; z++)
      for (let x = 0; x < 2 ** z; x++)
        for (let y = 0; y < 2 ** z; y++) {
          if ((x + y + z) % 3 === 0) continue; // leave holes
          const v = i++ % 7 === 0 ? 255 : i; // some identical tiles
          w.add(z, x, y, Uint8Array.of(v & 255, v >> 8, z));
          expected.set(`${z}/${x}/${y}`, v);
        }
    const bytes = w.finish();
    const header = new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(48, true);
    expect(Number(header)).toBeGreaterThan(0); // leaf directories were needed
    const archive = new PMTiles(new BytesSource(bytes));
    expect((await archive.getHeader()).numAddressedTiles).toBe(expected.size);
    expect(await archive.getMetadata()).toEqual({ name: 't' });
    for (const [key, v] of expected) {
      const [z, x, y] = key.split('/').map(Number) as [number, number, number];
      const t = await archive.getZxy(z, x, y);
      expect(new Uint8Array(t!.data)).toEqual(Uint8Array.of(v & 255, v >> 8, z));
    }
    expect(await archive.getZxy(2, 0, 1)).toBeUndefined(); // (2+0+1) % 3 === 0 was left out
  });
});

describe('MVT encoding', () => {
  it('round-trips points, lines, polygons and typed properties', () => {
    const enc = new TileEncoder(0, 0, 0);
    enc.add('pois', 1, [[0.25, 0.25]], { kind: 'peak', elevation: 2942, big: 2 ** 40, neg: -5, f: 1.5, yes: true });
    enc.add('roads', 2, [[0.1, 0.1, 0.2, 0.2, 0.3, 0.1]], { kind: 'path' });
    enc.add(
      'water',
      3,
      [
        [0.5, 0.5, 0.75, 0.5, 0.75, 0.75, 0.5, 0.75],
        [0.6, 0.6, 0.6, 0.7, 0.7, 0.7, 0.7, 0.6],
      ],
      { kind: 'lake' },
    );
    const vt = new VectorTile(new PbfReader(enc.finish()));
    const poi = vt.layers.pois!.feature(0);
    expect(poi.properties).toEqual({ kind: 'peak', elevation: 2942, big: 2 ** 40, neg: -5, f: 1.5, yes: true });
    expect(poi.loadGeometry()[0]![0]).toMatchObject({ x: 1024, y: 1024 });
    expect(vt.layers.roads!.feature(0).loadGeometry()[0]).toHaveLength(3);
    const lake = vt.layers.water!.feature(0).toGeoJSON(0, 0, 0);
    expect(lake.geometry.type).toBe('Polygon'); // outer + hole = one polygon
    expect((lake.geometry as { coordinates: unknown[] }).coordinates).toHaveLength(2);
  });
});

describe('clipping', () => {
  it('clips rings and lines to a band', () => {
    const square = [0, 0, 10, 0, 10, 10, 0, 10];
    const c = clipRing(square, 0, 2, 5);
    expect(Math.abs(ringArea(c))).toBeCloseTo(30);
    const pieces = clipLine([0, 0, 10, 0, 10, 10, 0, 10], 0, 2, 5);
    expect(pieces).toEqual([
      [2, 0, 5, 0],
      [5, 10, 2, 10],
    ]);
  });

  it('closes a coastline into sea on its right-hand side', () => {
    // a coast running west→east across the middle of the box: land on the left (north), sea south
    const sea = seaPolygons([[-1, 5, 11, 5]], [0, 0, 10, 10]);
    expect(sea).toHaveLength(1);
    expect(ringArea(sea[0]!)).toBeCloseTo(50); // the southern half, clockwise on screen
    const ys = sea[0]!.filter((_, i) => i % 2 === 1);
    expect(Math.min(...ys)).toBe(5);
  });
});

describe('DEM', () => {
  const grid = (fill: (r: number, c: number) => number) => {
    const b = new Uint8Array(1201 * 1201 * 2);
    const v = new DataView(b.buffer);
    for (let r = 0; r < 1201; r++) for (let c = 0; c < 1201; c++) v.setInt16((r * 1201 + c) * 2, fill(r, c), false);
    return b;
  };

  it('fills voids from neighbours and samples bilinearly', () => {
    const bytes = grid((r, c) => (r === 600 && c === 600 ? -32768 : c));
    const dem = new Dem([readHgt('N10E020.hgt.zip', zipSync({ 'N10E020.hgt': bytes }))]);
    expect(dem.elevation(20.5, 10.5)).toBeCloseTo(600, 3); // the void was filled from neighbours (599..601)
    expect(dem.elevation(20.25, 10.9)).toBeCloseTo(300, 3);
    expect(dem.elevation(21.5, 10.5)).toBeNaN();
    expect(dem.coversBbox([20.1, 10.1, 20.9, 10.9])).toBe(true);
    expect(dem.coversBbox([19.9, 10.1, 20.9, 10.9])).toBe(false);
  });

  it('rejects files that are not .hgt grids', () => {
    expect(() => readHgt('N10E020.hgt', new Uint8Array(100))).toThrow(DemError);
    expect(() =>
      readHgt(
        'foo.hgt',
        grid(() => 1),
      ),
    ).toThrow(/cannot tell its position/);
    expect(() =>
      readHgt(
        'N10E020.hgt',
        grid(() => -32768),
      ),
    ).toThrow(/every sample is a void/);
  });
});

it('normalizes names for search', () => {
  expect(normalizeName('  Sant Julià de Lòria ')).toBe('sant julia de loria');
  expect(normalizeName('l’Aldosa de Canillo')).toBe('l aldosa de canillo');
});
