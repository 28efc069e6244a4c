// Reads the built Andorra and Monaco packs back with the official pmtiles reader and
// @mapbox/vector-tile, and checks the content against the source data.
import fs from 'node:fs';
import path from 'node:path';
import { decode as decodePng } from 'fast-png';
import { Router, RunningGraph, SnapIndex } from '@waymark/geo';
import { ContractionHierarchy } from '@waymark/geo/routing/ch';
import { beforeAll, describe, expect, it } from 'vitest';
import { Dem, readHgt } from '../src/dem.ts';
import { MARGIN_TILES, type RegionMeta } from '../src/build.ts';
import { indexPlaces, searchPlaces } from '../src/search.ts';
import { terrariumDecode } from '../src/terrain.ts';
import { ROOT } from '../src/ensure.ts';
import { decodeMvt, ensurePacks, openArchive, tileOf } from './support.ts';

let packs = '';
beforeAll(() => {
  packs = ensurePacks();
}, 180_000);

const meta = (name: string) => JSON.parse(fs.readFileSync(path.join(packs, name, 'meta.json'), 'utf8')) as RegionMeta;

/** lon/lat of a tile-local point */
function toLonLat(z: number, x: number, y: number, px: number, py: number, extent: number): [number, number] {
  const n = 2 ** z;
  const wx = (x + px / extent) / n;
  const wy = (y + py / extent) / n;
  return [wx * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - 2 * wy))) * 180) / Math.PI];
}

async function features(region: string, lon: number, lat: number, z: number, layer: string) {
  const archive = openArchive(path.join(packs, region, 'basemap.pmtiles'));
  const [tz, tx, ty] = tileOf(lon, lat, z);
  const tile = await archive.getZxy(tz, tx, ty);
  expect(tile, `tile ${tz}/${tx}/${ty} of ${region}`).toBeDefined();
  const vt = decodeMvt(tile!.data);
  const l = vt.layers[layer];
  if (!l) return [];
  return Array.from({ length: l.length }, (_, i) => {
    const f = l.feature(i);
    const pts = f
      .loadGeometry()
      .flat()
      .map((p) => toLonLat(tz, tx, ty, p.x, p.y, l.extent));
    return { props: f.properties, type: f.type, pts };
  });
}

const near = (pts: [number, number][], lon: number, lat: number, metres: number) =>
  pts.some(([x, y]) => Math.hypot((x - lon) * 111_320 * Math.cos((lat * Math.PI) / 180), (y - lat) * 110_540) <= metres);

describe.each(['andorra', 'monaco'])('%s basemap.pmtiles', (region) => {
  it('every tile reads back with the pmtiles reader and decodes as MVT', async () => {
    const m = meta(region);
    const archive = openArchive(path.join(packs, region, 'basemap.pmtiles'));
    const header = await archive.getHeader();
    expect(header.specVersion).toBe(3);
    expect([header.minZoom, header.maxZoom]).toEqual([0, 15]);
    expect(header.tileType).toBe(1);
    const md = (await archive.getMetadata()) as { attribution: string; vector_layers: { id: string }[] };
    expect(md.attribution).toContain('OpenStreetMap');
    let found = 0;
    const layers = new Set<string>();
    for (let z = 0; z <= 15; z++) {
      const [, ax0, ay0] = tileOf(m.bbox[0], m.bbox[3], z);
      const [, ax1, ay1] = tileOf(m.bbox[2], m.bbox[1], z);
      const [x0, y0, x1, y1] =
        z <= 6 ? [0, 0, 2 ** z - 1, 2 ** z - 1] : [ax0 - MARGIN_TILES, ay0 - MARGIN_TILES, ax1 + MARGIN_TILES, ay1 + MARGIN_TILES];
      for (let x = x0; x <= x1; x++)
        for (let y = y0; y <= y1; y++) {
          const t = await archive.getZxy(z, x, y);
          if (!t) continue;
          found++;
          const vt = decodeMvt(t.data);
          for (const name of Object.keys(vt.layers)) {
            layers.add(name);
            const l = vt.layers[name]!;
            expect(l.extent).toBe(4096);
            for (let i = 0; i < l.length; i++) expect(l.feature(i).loadGeometry().length).toBeGreaterThan(0);
          }
        }
    }
    expect(found).toBe(header.numAddressedTiles);
    expect(found).toBe(m.counts.basemapTiles);
    for (const l of ['earth', 'roads', 'buildings', 'places', 'pois', 'boundaries', 'water']) expect(layers).toContain(l);
  }, 120_000);

  it('has the low-zoom world (land and country labels) far outside the region', async () => {
    const archive = openArchive(path.join(packs, region, 'basemap.pmtiles'));
    const [z, x, y] = tileOf(-100, 40, 3); // North America
    const vt = decodeMvt((await archive.getZxy(z, x, y))!.data);
    expect(vt.layers.earth!.length).toBeGreaterThan(0);
    const names = Array.from({ length: vt.layers.places?.length ?? 0 }, (_, i) => vt.layers.places!.feature(i).properties.name);
    expect(names).toContain('United States of America');
  });
});

describe('andorra content', () => {
  it('has the CG-3 (Avinguda Consell d’Europa) as a major road where OSM has it', async () => {
    const roads = await features('andorra', 1.5335, 42.51, 15, 'roads');
    const road = roads.filter((f) => f.props.name === "Avinguda Consell d'Europa");
    expect(road.length).toBeGreaterThan(0);
    expect(road[0]!.props.kind).toBe('major_road');
    expect(road[0]!.props.kind_detail).toBe('primary');
    expect(
      near(
        road.flatMap((r) => r.pts),
        1.5335115,
        42.5099976,
        15,
      ),
    ).toBe(true);
  });

  it('has Andorra la Vella as a locality label at its position', async () => {
    const places = await features('andorra', 1.5218, 42.5063, 12, 'places');
    const p = places.find((f) => f.props.name === 'Andorra la Vella');
    expect(p?.props.kind).toBe('locality');
    expect(near(p!.pts, 1.5218, 42.5063, 300)).toBe(true);
  });

  it('has peaks as POIs with their elevation', async () => {
    const pois = await features('andorra', 1.570299, 42.5873712, 14, 'pois');
    const peak = pois.find((f) => f.props.name === 'Pic Est de Casamanya');
    expect(peak?.props).toMatchObject({ kind: 'peak', elevation: 2757 });
  });

  it('terrain at a summit matches the DEM within a few metres', async () => {
    const dem = new Dem([readHgt('N42E001.hgt.zip', fs.readFileSync(path.join(ROOT, 'data/regions/andorra/N42E001.hgt.zip')))]);
    const archive = openArchive(path.join(packs, 'andorra', 'terrain.pmtiles'));
    const header = await archive.getHeader();
    expect(header.tileType).toBe(2);
    expect(((await archive.getMetadata()) as { encoding: string }).encoding).toBe('terrarium');
    // Pic de Coma Pedrosa (2942 m), the highest summit: SRTM 3″ has ≈2900 m there
    const [lon, lat] = [1.4442, 42.5917];
    const expected = dem.elevation(lon, lat);
    expect(expected).toBeGreaterThan(2850);
    const [z, x, y] = tileOf(lon, lat, 12);
    const png = decodePng(new Uint8Array((await archive.getZxy(z, x, y))!.data));
    expect(png.width).toBe(256);
    const n = 2 ** z;
    const px = Math.floor((((lon + 180) / 360) * n - x) * 256);
    const s = Math.sin((lat * Math.PI) / 180);
    const py = Math.floor(((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n - y) * 256);
    const i = (py * 256 + px) * png.channels;
    const got = terrariumDecode(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!);
    expect(Math.abs(got - expected)).toBeLessThan(5);
  });

  it('graph.bin is a RunningGraph built from the extract', () => {
    const g = RunningGraph.fromBytes(new Uint8Array(fs.readFileSync(path.join(packs, 'andorra', 'graph.bin'))));
    expect(g.nodeCount).toBe(meta('andorra').counts.graphNodes);
    expect(g.edgeCount).toBeGreaterThan(1000);
  });

  it("graph.bin stores the contraction hierarchy's order, and the hierarchy built from it is the one built from scratch", () => {
    const g = RunningGraph.fromBytes(new Uint8Array(fs.readFileSync(path.join(packs, 'andorra', 'graph.bin'))));
    expect(g.chRank).not.toBeNull();
    const fromPack = ContractionHierarchy.build(g);
    const scratch = ContractionHierarchy.build(g, { rank: null });
    expect(fromPack.rank).toEqual(scratch.rank);
    expect(fromPack.shortcuts).toBe(scratch.shortcuts);
  });

  it('graph.bin carries the DEM as an elevation grid over the network and 2.5 km around it, equal to the SRTM tile', () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(packs, 'andorra', 'graph.bin')));
    const g = RunningGraph.fromBytes(bytes);
    const grid = g.elevation!;
    expect(grid).not.toBeNull();
    expect(grid.stepLon).toBeCloseTo(1 / 1200, 12); // the tile's own 3″ posts
    const m = meta('andorra');
    expect(m.counts.elevationGridPosts).toBe(grid.cols * grid.rows);
    expect(m.counts.elevationGridBytes).toBeLessThan(1.1 * grid.cols * grid.rows);
    const [w, s, e, n] = g.bbox;
    expect(grid.covers(w - 0.025, s - 0.02) && grid.covers(e + 0.025, n + 0.02)).toBe(true);
    const dem = new Dem([readHgt('N42E001.hgt.zip', fs.readFileSync(path.join(ROOT, 'data/regions/andorra/N42E001.hgt.zip')))]);
    for (let i = 0; i < 500; i++) {
      const lon = w - 0.02 + ((e - w + 0.04) * ((i * 7919) % 1009)) / 1009;
      const lat = s - 0.015 + ((n - s + 0.03) * ((i * 104729) % 997)) / 997;
      // whole metres at the posts (SRTM's own precision; void-filled posts are rounded)
      expect(Math.abs(grid.sample(lon, lat) - dem.elevation(lon, lat))).toBeLessThan(0.51);
    }
    // the nodes take their elevations from it
    expect(g.nodeEle[10]).toBeCloseTo(grid.sample(g.nodeLon[10]! / 1e7, g.nodeLat[10]! / 1e7), 3);
  });

  it('the graph snaps points to the road OSM has there and routes across Andorra la Vella', () => {
    const g = RunningGraph.fromBytes(new Uint8Array(fs.readFileSync(path.join(packs, 'andorra', 'graph.bin'))));
    const snaps = new SnapIndex(g);
    const a = snaps.snap([1.53355, 42.51005]); // ~5 m off Avinguda Consell d'Europa
    expect(a).not.toBeNull();
    expect(a!.distance).toBeLessThan(25);
    const dem = new Dem([readHgt('N42E001.hgt.zip', fs.readFileSync(path.join(ROOT, 'data/regions/andorra/N42E001.hgt.zip')))]);
    expect(Math.abs(a!.ele - dem.elevation(a!.lon, a!.lat))).toBeLessThan(5);
    const b = snaps.snap([1.5218, 42.5063])!; // Andorra la Vella centre
    const route = new Router(g).route(a!, b);
    expect(route).not.toBeNull();
    expect(route!.length).toBeGreaterThan(500);
    expect(route!.length).toBeLessThan(3000);
  });

  it('place search finds accented names', () => {
    const { places } = JSON.parse(fs.readFileSync(path.join(packs, 'andorra', 'places.json'), 'utf8')) as {
      places: Parameters<typeof indexPlaces>[0];
    };
    const idx = indexPlaces(places);
    expect(searchPlaces(idx, 'andorra la vella', 5)[0]).toMatchObject({ name: 'Andorra la Vella', kind: 'town' });
    const casamanya = searchPlaces(idx, 'Pic de Casamanya', 5);
    expect(casamanya.slice(0, 3).every((h) => h.kind === 'peak' && h.name.includes('Casamanya'))).toBe(true);
    expect(searchPlaces(idx, 'SANT JULIA DE LORIA', 1)[0]?.name).toBe('Sant Julià de Lòria');
    expect(searchPlaces(idx, 'avinguda meritxel', 1)[0]?.name).toBe('Avinguda Meritxell');
    expect(places.some((p) => p.kind === 'shelter')).toBe(true);
    expect(places.some((p) => p.kind === 'toilets')).toBe(true);
  });
});

describe('monaco content', () => {
  it('buildings carry height and min_height', async () => {
    const b = await features('monaco', 7.4246, 43.7384, 15, 'buildings');
    expect(b.length).toBeGreaterThan(10);
    for (const f of b) {
      expect(f.type).toBe(3);
      expect(f.props.height).toBeGreaterThan(0);
      expect(typeof f.props.min_height).toBe('number');
    }
  });

  it('has the sea (from OSM coastlines) in Port Hercule and land on the Rocher', async () => {
    const water = await features('monaco', 7.4245, 43.735, 14, 'water');
    const ocean = water.filter((f) => f.props.kind === 'ocean');
    expect(ocean.length).toBeGreaterThan(0);
  });

  it('has Boulevard du Larvotto where OSM has it', async () => {
    const roads = await features('monaco', 7.4316568, 43.7463276, 15, 'roads');
    const r = roads.filter((f) => f.props.name === 'Boulevard du Larvotto');
    expect(r.length).toBeGreaterThan(0);
    expect(
      near(
        r.flatMap((f) => f.pts),
        7.4316568,
        43.7463276,
        15,
      ),
    ).toBe(true);
  });

  it('meta.json describes the pack', () => {
    const m = meta('monaco');
    expect(m.name).toBe('monaco');
    expect(m.attribution).toBe('© OpenStreetMap contributors');
    expect(m.bbox[0]).toBeLessThan(7.42);
    expect(m.bbox[2]).toBeGreaterThan(7.43);
    for (const f of ['basemap.pmtiles', 'terrain.pmtiles', 'graph.bin', 'places.json'])
      expect(fs.statSync(path.join(packs, 'monaco', f)).size).toBe(m.files[f]);
  });
});
