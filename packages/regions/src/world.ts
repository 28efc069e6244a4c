// Low-zoom world layer from Natural Earth (npm world-atlas): land (earth), country borders and
// country labels, so the map is never blank outside a region. 1:110m at z0–2, 1:50m at z3–6;
// 1:10m land near the region for z7–15 so coasts line up at high zoom.
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import type { Geometry, Position } from 'geojson';
import { bboxOf, clipParts, latToY, lonToX, ringArea, type Feature, type Props } from './tiles.ts';

const require = createRequire(import.meta.url);
const load = (name: string) => require(`world-atlas/${name}.json`) as Topology<{ countries: GeometryObject; land: GeometryObject }>;

function projectRing(ring: Position[], outer: boolean): number[] {
  const out: number[] = [];
  for (const [lon, lat] of ring) out.push(lonToX(lon!), latToY(lat!));
  if (out.length >= 4 && out[0] === out[out.length - 2] && out[1] === out[out.length - 1]) out.length -= 2;
  const a = ringArea(out);
  if (a !== 0 && a > 0 !== outer) {
    const r: number[] = [];
    for (let i = out.length - 2; i >= 0; i -= 2) r.push(out[i]!, out[i + 1]!);
    return r;
  }
  return out;
}

function polygons(g: Geometry | null): number[][][] {
  if (!g) return [];
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  return polys.map((p) => p.map((ring, i) => projectRing(ring, i === 0)).filter((r) => r.length >= 6));
}

function push(out: Feature[], layer: string, type: 1 | 2 | 3, parts: number[][], props: Props, minzoom: number, maxzoom: number) {
  out.push({ layer, type, parts, props: { ...props, min_zoom: minzoom }, minzoom, maxzoom, bbox: bboxOf(parts) });
}

/** World features; `near` (world-coords bbox) selects the 1:10m land used at z7+. */
export function worldFeatures(near: [number, number, number, number]): Feature[] {
  const out: Feature[] = [];
  for (const [name, minz, maxz] of [
    ['countries-110m', 0, 2],
    ['countries-50m', 3, 6],
  ] as const) {
    const topo = load(name);
    const land = feature(topo, topo.objects.land);
    const geoms = 'features' in land ? land.features.map((f) => f.geometry) : [land.geometry];
    for (const g of geoms) for (const p of polygons(g)) if (p.length) push(out, 'earth', 3, p, { kind: 'earth' }, minz, maxz);
    const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b);
    for (const line of borders.coordinates) {
      const parts = [line.flatMap(([lon, lat]) => [lonToX(lon!), latToY(lat!)])];
      push(out, 'boundaries', 2, parts, { kind: 'country', kind_detail: 2 }, minz, maxz);
    }
    if (name === 'countries-50m') {
      const countries = feature(topo, topo.objects.countries);
      for (const c of 'features' in countries ? countries.features : []) {
        const label = (c.properties as { name?: string } | null)?.name;
        const polys = polygons(c.geometry);
        if (!label || !polys.length) continue;
        let best = polys[0]!;
        for (const p of polys) if (ringArea(p[0]!) > ringArea(best[0]!)) best = p;
        const a = ringArea(best[0]!);
        const [cx, cy] = centroid(best[0]!);
        const rank = a > 3e-3 ? 14 : a > 5e-4 ? 12 : a > 5e-5 ? 10 : a > 5e-6 ? 8 : 6;
        const z = rank >= 14 ? 2 : rank >= 12 ? 3 : rank >= 10 ? 4 : rank >= 8 ? 5 : 6;
        push(out, 'places', 1, [[cx, cy]], { kind: 'country', name: label, 'name:en': label, population_rank: rank }, z, 6);
      }
    }
  }
  const topo10 = load('land-10m');
  const land10 = feature(topo10, topo10.objects.land);
  for (const f of 'features' in land10 ? land10.features : [land10]) {
    for (const p of polygons(f.geometry)) {
      const b = bboxOf([p[0]!]);
      if (b[2] < near[0] || b[0] > near[2] || b[3] < near[1] || b[1] > near[3]) continue;
      // cut continent-sized polygons down to the area that is tiled at z7+ once, up front
      let parts: number[][] | undefined = p;
      parts = parts && clipParts(3, parts, 0, near[0], near[2]);
      parts = parts && clipParts(3, parts, 1, near[1], near[3]);
      if (parts) push(out, 'earth', 3, parts, { kind: 'earth' }, 7, 15);
    }
  }
  return out;
}

function centroid(r: number[]): [number, number] {
  const a = ringArea(r);
  let cx = 0,
    cy = 0;
  for (let i = 0, n = r.length, j = n - 2; i < n; j = i, i += 2) {
    const f = r[j]! * r[i + 1]! - r[i]! * r[j + 1]!;
    cx += (r[j]! + r[i]!) * f;
    cy += (r[j + 1]! + r[i + 1]!) * f;
  }
  return [cx / (6 * a), cy / (6 * a)];
}
