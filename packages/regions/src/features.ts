// OSM → Protomaps basemap schema (layers earth, landuse, water, roads, buildings, pois, places,
// boundaries) and the place-search index. Geometry is projected to world coordinates (tiles.ts).
import { isGreenArea, isWatersideArea, isWatersideLine, type GreenPolygon } from '@waymark/geo';
import { seaPolygons } from './coast.ts';
import type { OsmData, OsmWay, Tags } from './osm.ts';
import { bboxOf, latToY, lonToX, ringArea, xToLon, yToLat, type Feature, type Props } from './tiles.ts';

export interface Place {
  name: string;
  kind: string;
  lon: number;
  lat: number;
  /** bigger = more important (used to rank equal text matches) */
  rank: number;
  ele?: number;
}

/** Default building height in metres when neither height nor building:levels is tagged. */
export const DEFAULT_BUILDING_HEIGHT = 6;
export const METRES_PER_LEVEL = 3;

const ROADS: Record<string, [kind: string, minzoom: number]> = {
  motorway: ['highway', 6],
  trunk: ['highway', 6],
  primary: ['major_road', 7],
  secondary: ['major_road', 9],
  tertiary: ['major_road', 10],
  residential: ['minor_road', 12],
  unclassified: ['minor_road', 12],
  road: ['minor_road', 12],
  living_street: ['minor_road', 12],
  service: ['minor_road', 13],
  pedestrian: ['path', 13],
  footway: ['path', 13],
  path: ['path', 12],
  track: ['path', 12],
  cycleway: ['path', 13],
  bridleway: ['path', 13],
  steps: ['path', 14],
  corridor: ['path', 15],
};

/** OSM `sac_scale` values (hiking difficulty, T1–T6) a path or track keeps in the `roads` layer. */
export const SAC_SCALES = [
  'hiking',
  'mountain_hiking',
  'demanding_mountain_hiking',
  'alpine_hiking',
  'demanding_alpine_hiking',
  'difficult_alpine_hiking',
] as const;
const SAC = new Set<string>(SAC_SCALES);

const LANDUSE: [key: string, value: string, kind: string][] = [
  ['landuse', 'forest', 'forest'],
  ['natural', 'wood', 'wood'],
  ['landuse', 'residential', 'residential'],
  ['landuse', 'industrial', 'industrial'],
  ['landuse', 'commercial', 'commercial'],
  ['landuse', 'retail', 'commercial'],
  ['landuse', 'cemetery', 'cemetery'],
  ['landuse', 'farmland', 'farmland'],
  ['landuse', 'farm', 'farmland'],
  ['landuse', 'farmyard', 'farmyard'],
  ['landuse', 'meadow', 'grassland'],
  ['landuse', 'grass', 'grass'],
  ['landuse', 'military', 'military'],
  ['landuse', 'allotments', 'allotments'],
  ['landuse', 'village_green', 'village_green'],
  ['landuse', 'recreation_ground', 'park'],
  ['leisure', 'park', 'park'],
  ['leisure', 'garden', 'park'],
  ['leisure', 'nature_reserve', 'nature_reserve'],
  ['leisure', 'golf_course', 'golf_course'],
  ['leisure', 'playground', 'playground'],
  ['leisure', 'pitch', 'pitch'],
  ['leisure', 'stadium', 'stadium'],
  ['leisure', 'zoo', 'zoo'],
  ['natural', 'grassland', 'grassland'],
  ['natural', 'heath', 'scrub'],
  ['natural', 'scrub', 'scrub'],
  ['natural', 'glacier', 'glacier'],
  ['natural', 'sand', 'sand'],
  ['natural', 'beach', 'beach'],
  ['natural', 'bare_rock', 'bare_rock'],
  ['natural', 'scree', 'bare_rock'],
  ['natural', 'rock', 'bare_rock'],
  ['natural', 'wetland', 'wetland'],
  ['amenity', 'school', 'school'],
  ['amenity', 'university', 'university'],
  ['amenity', 'college', 'college'],
  ['amenity', 'hospital', 'hospital'],
  ['aeroway', 'aerodrome', 'aerodrome'],
  ['highway', 'pedestrian', 'pedestrian'],
  ['man_made', 'pier', 'pier'],
  ['boundary', 'national_park', 'national_park'],
];

const WATER_AREAS: [key: string, value: string, kind: string][] = [
  ['natural', 'water', 'water'],
  ['landuse', 'reservoir', 'water'],
  ['landuse', 'basin', 'water'],
  ['waterway', 'riverbank', 'water'],
  ['waterway', 'dock', 'water'],
  ['leisure', 'swimming_pool', 'swimming_pool'],
  ['amenity', 'swimming_pool', 'swimming_pool'],
  ['natural', 'bay', 'bay'],
];

const WATERWAYS: Record<string, number> = { river: 9, canal: 11, stream: 13, ditch: 14, drain: 14 };

/** POIs: tag key → accepted values (null = any), with their min zoom. */
const POI_KEYS: [key: string, values: Set<string> | null, minzoom: number][] = [
  ['natural', new Set(['peak', 'volcano', 'saddle', 'spring', 'cave_entrance', 'waterfall']), 13],
  [
    'amenity',
    new Set([
      'drinking_water',
      'toilets',
      'shelter',
      'parking',
      'fountain',
      'restaurant',
      'cafe',
      'bar',
      'pub',
      'fast_food',
      'pharmacy',
      'hospital',
      'police',
      'post_office',
      'townhall',
      'library',
      'school',
      'university',
      'place_of_worship',
      'bus_station',
      'fuel',
      'bank',
      'atm',
      'cinema',
      'theatre',
      'bench',
    ]),
    15,
  ],
  [
    'tourism',
    new Set([
      'viewpoint',
      'alpine_hut',
      'wilderness_hut',
      'hotel',
      'museum',
      'attraction',
      'information',
      'picnic_site',
      'camp_site',
      'artwork',
      'zoo',
    ]),
    15,
  ],
  ['shop', null, 16],
  ['railway', new Set(['station', 'halt']), 13],
  ['leisure', new Set(['park', 'garden', 'stadium', 'marina']), 15],
];

/** The places index keeps these POI kinds (plus every place, peak and named street). */
const INDEXED_POIS = new Set([
  'drinking_water',
  'toilets',
  'shelter',
  'parking',
  'viewpoint',
  'alpine_hut',
  'wilderness_hut',
  'spring',
  'peak',
  'volcano',
  'saddle',
  'station',
  'halt',
  'museum',
  'attraction',
  'information',
  'picnic_site',
  'camp_site',
  'fountain',
]);

const PLACES: Record<string, [kind: string, minzoom: number, rank: number]> = {
  country: ['country', 2, 10],
  state: ['region', 5, 9],
  region: ['region', 5, 9],
  city: ['locality', 6, 9],
  town: ['locality', 8, 8],
  village: ['locality', 11, 6],
  suburb: ['neighbourhood', 12, 5],
  quarter: ['neighbourhood', 13, 4],
  neighbourhood: ['neighbourhood', 14, 4],
  hamlet: ['locality', 13, 4],
  locality: ['locality', 14, 3],
  isolated_dwelling: ['locality', 15, 2],
};

const BOUNDARY_ZOOM: Record<number, number> = { 2: 0, 3: 4, 4: 5, 5: 7, 6: 8, 7: 9, 8: 10 };

function num(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const m = /^\s*(-?\d+(?:[.,]\d+)?)\s*(m|meters?|metres?)?\s*$/i.exec(v);
  return m ? Number(m[1]!.replace(',', '.')) : undefined;
}

function nameProps(tags: Tags, props: Props) {
  if (tags.name) props.name = tags.name;
  if (tags['name:en']) props['name:en'] = tags['name:en'];
}

export class FeatureBuilder {
  readonly features: Feature[] = [];
  readonly places: Place[] = [];
  /**
   * Green areas (geo's isGreenArea: parks, woods, meadows …) as lon/lat polygons for the routing
   * graph, from the same closed ways and assembled multipolygons as the landuse layer.
   */
  readonly green: GreenPolygon[] = [];
  /** rivers, streams and lake shorelines (lon/lat polylines): their banks count as green too */
  readonly waterside: number[][] = [];
  private readonly coastlines: number[][] = [];
  private missingNodes = 0;

  constructor(private osm: OsmData) {}

  private project(refs: ArrayLike<number>): number[] | undefined {
    const out: number[] = [];
    for (let i = 0; i < refs.length; i++) {
      const c = this.osm.coord(refs[i]!);
      if (!c) {
        this.missingNodes++;
        continue;
      }
      out.push(lonToX(c[0]), latToY(c[1]));
    }
    return out.length >= 4 ? out : undefined;
  }

  private push(layer: string, type: 1 | 2 | 3, parts: number[][], props: Props, minzoom: number, maxzoom = 15) {
    props.min_zoom = minzoom;
    this.features.push({ layer, type, parts, props, minzoom, maxzoom, bbox: bboxOf(parts) });
  }

  private lonLatOf(parts: number[][]): [number, number] {
    // label point: centroid of the first ring / middle vertex of the line, back to lon/lat
    const p = parts[0]!;
    let x: number, y: number;
    const a = ringArea(p);
    if (p.length >= 6 && a !== 0) {
      let cx = 0,
        cy = 0;
      for (let i = 0, n = p.length, j = n - 2; i < n; j = i, i += 2) {
        const f = p[j]! * p[i + 1]! - p[i]! * p[j + 1]!;
        cx += (p[j]! + p[i]!) * f;
        cy += (p[j + 1]! + p[i + 1]!) * f;
      }
      x = cx / (6 * a);
      y = cy / (6 * a);
    } else {
      const m = Math.floor(p.length / 4) * 2;
      x = p[m]!;
      y = p[m + 1]!;
    }
    return [x * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI];
  }

  build(): this {
    const boundaryLevel = new Map<number, number>();
    for (const r of this.osm.relations) {
      const lvl = Number(r.tags.admin_level);
      if (r.tags.boundary === 'administrative' && Number.isInteger(lvl))
        for (const m of r.members) if (m.type === 'way') boundaryLevel.set(m.ref, Math.min(boundaryLevel.get(m.ref) ?? 99, lvl));
    }
    const wayById = new Map<number, OsmWay>();
    for (const w of this.osm.ways) {
      wayById.set(w.id, w);
      const lvl = Number(w.tags.admin_level);
      if (w.tags.boundary === 'administrative' && Number.isInteger(lvl))
        boundaryLevel.set(w.id, Math.min(boundaryLevel.get(w.id) ?? 99, lvl));
      this.way(w);
    }
    for (const [id, lvl] of boundaryLevel) {
      const w = wayById.get(id);
      const line = w && this.project(w.refs);
      if (!line || lvl > 8) continue;
      this.push(
        'boundaries',
        2,
        [line],
        { kind: lvl <= 2 ? 'country' : lvl <= 4 ? 'region' : 'county', kind_detail: lvl },
        BOUNDARY_ZOOM[lvl] ?? 10,
      );
    }
    for (const r of this.osm.relations) {
      if (r.tags.type !== 'multipolygon') continue;
      const outer: number[][] = [],
        inner: number[][] = [];
      for (const m of r.members) {
        const w = m.type === 'way' ? wayById.get(m.ref) : undefined;
        const line = w && this.project(w.refs);
        if (line) (m.role === 'inner' ? inner : outer).push(line);
      }
      const rings = assemblePolygon(stitch(outer), stitch(inner));
      if (rings.length) this.area(r.tags, rings, r.id);
    }
    for (const n of this.osm.taggedNodes) this.node(n.tags, n.lon, n.lat);
    return this;
  }

  private node(tags: Tags, lon: number, lat: number) {
    const pt = [[lonToX(lon), latToY(lat)]];
    const place = tags.place && PLACES[tags.place];
    if (place && tags.name) {
      const props: Props = { kind: place[0], kind_detail: tags.place!, population_rank: place[2] };
      nameProps(tags, props);
      if (tags.capital === 'yes' || tags.capital === '2') props.capital = 'yes';
      this.push('places', 1, pt, props, place[0] === 'country' ? 2 : tags.capital === 'yes' ? Math.min(place[1], 6) : place[1]);
      this.places.push({ name: tags.name!, kind: tags.place!, lon, lat, rank: place[2] + 10 });
      return;
    }
    this.poi(tags, pt, lon, lat);
  }

  private poi(tags: Tags, pt: number[][], lon: number, lat: number): boolean {
    for (const [key, values, minzoom] of POI_KEYS) {
      const v = tags[key];
      if (!v || (values && !values.has(v))) continue;
      const props: Props = {
        kind: key === 'shop' && !['supermarket', 'convenience', 'books', 'clothes', 'electronics', 'beauty'].includes(v) ? 'shop' : v,
      };
      nameProps(tags, props);
      const ele = num(tags.ele);
      if (ele !== undefined) props.elevation = Math.round(ele);
      const z = v === 'peak' ? (ele !== undefined && ele > 2500 ? 11 : 12) : tags.name ? minzoom : minzoom + 1;
      this.push('pois', 1, pt, props, Math.min(z, 15));
      if (INDEXED_POIS.has(v) || (tags.name && key !== 'shop')) {
        const place: Place = { name: tags.name ?? '', kind: v, lon, lat, rank: v === 'peak' ? 7 : 3 };
        if (ele !== undefined) place.ele = ele;
        this.places.push(place);
      }
      return true;
    }
    return false;
  }

  private way(w: OsmWay) {
    const t = w.tags;
    const hw = t.highway;
    const closed = w.refs.length >= 4 && w.refs[0] === w.refs[w.refs.length - 1];
    if (hw && !(closed && t.area === 'yes')) {
      const link = hw.endsWith('_link');
      const base = link ? hw.slice(0, -5) : hw;
      const road = ROADS[base];
      if (!road) return;
      const line = this.project(w.refs);
      if (!line) return;
      const props: Props = { kind: road[0], kind_detail: base };
      nameProps(t, props);
      // no shield_text: the bundled v4 sprite sheet has no generic shield images
      if (t.ref) props.ref = t.ref;
      if (link) props.is_link = true;
      if (t.bridge && t.bridge !== 'no') props.is_bridge = true;
      if (t.tunnel && t.tunnel !== 'no') props.is_tunnel = true;
      if (t.oneway === 'yes') props.oneway = 'yes';
      if (t.surface) props.surface = t.surface;
      if (road[0] === 'path' && t.sac_scale && SAC.has(t.sac_scale)) props.sac_scale = t.sac_scale;
      this.push('roads', 2, [line], props, link ? Math.max(road[1], 11) : road[1]);
      if (t.name && road[0] !== 'path') {
        const [lon, lat] = this.lonLatOf([line]);
        this.places.push({ name: t.name, kind: 'street', lon, lat, rank: road[0] === 'minor_road' ? 2 : 3 });
      } else if (t.name) {
        const [lon, lat] = this.lonLatOf([line]);
        this.places.push({ name: t.name, kind: 'path', lon, lat, rank: 1 });
      }
      return;
    }
    if (t.railway && ['rail', 'light_rail', 'subway', 'tram', 'narrow_gauge', 'funicular', 'miniature'].includes(t.railway)) {
      const line = this.project(w.refs);
      if (!line) return;
      const props: Props = { kind: 'rail', kind_detail: t.railway };
      nameProps(t, props);
      if (t.tunnel && t.tunnel !== 'no') props.is_tunnel = true;
      if (t.bridge && t.bridge !== 'no') props.is_bridge = true;
      this.push('roads', 2, [line], props, t.railway === 'rail' ? 8 : 13);
      return;
    }
    if (t.aerialway && t.aerialway !== 'station') {
      const line = this.project(w.refs);
      if (line) this.push('roads', 2, [line], { kind: 'other', kind_detail: 'aerialway', ...(t.name ? { name: t.name } : {}) }, 13);
      return;
    }
    if (t.waterway && WATERWAYS[t.waterway] !== undefined && !closed) {
      const line = this.project(w.refs);
      if (!line) return;
      const props: Props = { kind: t.waterway === 'river' || t.waterway === 'canal' ? 'river' : 'stream', kind_detail: t.waterway };
      nameProps(t, props);
      this.push('water', 2, [line], props, WATERWAYS[t.waterway]!);
      if (isWatersideLine(t)) this.waterside.push(ringToLonLat(line));
      return;
    }
    if (t.natural === 'coastline') {
      const line = this.project(w.refs);
      if (line) this.coastlines.push(line);
      return;
    }
    if (closed) {
      const ring = this.project(w.refs);
      if (ring) this.area(t, [orient(ring, true)], w.id);
    }
  }

  /** Sea polygons inside `box` (world coords) from the extract's coastlines. */
  addSea(box: [number, number, number, number]) {
    for (const ring of seaPolygons(this.coastlines, box)) {
      if (ringArea(ring) > 0) this.push('water', 3, [ring], { kind: 'ocean' }, 7);
    }
  }

  private area(t: Tags, rings: number[][], id: number) {
    if (isGreenArea(t)) this.green.push(rings.map(ringToLonLat));
    if (isWatersideArea(t)) this.waterside.push(...rings.map(ringToLonLat));
    if (t.building || t['building:part']) {
      const levels = num(t['building:levels']);
      const height = num(t.height) ?? (levels !== undefined ? levels * METRES_PER_LEVEL : DEFAULT_BUILDING_HEIGHT);
      const minLevel = num(t['building:min_level']);
      const minHeight = num(t.min_height) ?? (minLevel !== undefined ? minLevel * METRES_PER_LEVEL : 0);
      const props: Props = {
        kind: t['building:part'] ? 'building_part' : 'building',
        height: Math.round(height * 10) / 10,
        min_height: Math.round(minHeight * 10) / 10,
      };
      if (t.name) props.name = t.name;
      this.push('buildings', 3, rings, props, 13);
      if (t.name && (t.amenity || t.tourism)) this.poi(t, [centroidPoint(rings)], ...this.lonLatOf(rings));
      return;
    }
    const water = WATER_AREAS.find(([k, v]) => t[k] === v);
    if (water) {
      const props: Props = { kind: water[2] === 'water' && t.water === 'lake' ? 'lake' : water[2] };
      nameProps(t, props);
      this.push('water', 3, rings, props, areaZoom(rings));
      if (t.name) {
        const [lon, lat] = this.lonLatOf(rings);
        this.places.push({ name: t.name, kind: 'lake', lon, lat, rank: 4 });
      }
      return;
    }
    const lu = LANDUSE.find(([k, v]) => t[k] === v);
    if (lu) {
      const props: Props = { kind: lu[2] };
      nameProps(t, props);
      this.push('landuse', 3, rings, props, areaZoom(rings));
    }
    // area POIs (parking lots, parks, schools…) get a point too
    if (!this.poi(t, [centroidPoint(rings)], ...this.lonLatOf(rings)) && lu && t.name) {
      const [lon, lat] = this.lonLatOf(rings);
      this.places.push({ name: t.name, kind: lu[2], lon, lat, rank: 3 });
    }
    void id;
  }
}

/** world-coordinate ring → flat lon/lat ring */
function ringToLonLat(r: number[]): number[] {
  const out = new Array<number>(r.length);
  for (let i = 0; i < r.length; i += 2) {
    out[i] = xToLon(r[i]!);
    out[i + 1] = yToLat(r[i + 1]!);
  }
  return out;
}

function centroidPoint(rings: number[][]): number[] {
  const b = bboxOf([rings[0]!]);
  return [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
}

/** Smallest zoom at which the polygon covers about 2 px² (256 px tiles). */
function areaZoom(rings: number[][]): number {
  const a = Math.abs(ringArea(rings[0]!));
  if (a <= 0) return 15;
  // a * (256 * 2^z)^2 >= 2  →  z >= log2(sqrt(2 / a) / 256)
  return Math.max(5, Math.min(15, Math.ceil(Math.log2(Math.sqrt(2 / a) / 256))));
}

/** outer rings positive (clockwise on screen), holes negative */
function orient(ring: number[], outer: boolean): number[] {
  const a = ringArea(ring);
  if (a > 0 === outer || a === 0) return ring;
  const r: number[] = [];
  for (let i = ring.length - 2; i >= 0; i -= 2) r.push(ring[i]!, ring[i + 1]!);
  return r;
}

/** Join way segments sharing endpoints into closed rings; unclosable chains are dropped. */
export function stitch(lines: number[][]): number[][] {
  const rings: number[][] = [];
  const pool = lines.map((l) => l.slice());
  const same = (a: number[], i: number, b: number[], j: number) => a[i] === b[j] && a[i + 1] === b[j + 1];
  while (pool.length) {
    let cur = pool.pop()!;
    for (;;) {
      if (cur.length >= 8 && same(cur, 0, cur, cur.length - 2)) break;
      const end = cur.length - 2;
      const idx = pool.findIndex((l) => same(l, 0, cur, end) || same(l, l.length - 2, cur, end));
      if (idx < 0) break;
      const next = pool.splice(idx, 1)[0]!;
      if (same(next, 0, cur, end)) cur = cur.concat(next.slice(2));
      else {
        const rev: number[] = [];
        for (let i = next.length - 4; i >= 0; i -= 2) rev.push(next[i]!, next[i + 1]!);
        cur = cur.concat(rev);
      }
    }
    if (cur.length >= 8 && same(cur, 0, cur, cur.length - 2)) rings.push(cur);
  }
  return rings;
}

function pointInRing(x: number, y: number, r: number[]): boolean {
  let inside = false;
  for (let i = 0, n = r.length, j = n - 2; i < n; j = i, i += 2) {
    const xi = r[i]!,
      yi = r[i + 1]!,
      xj = r[j]!,
      yj = r[j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Order rings as outer, its holes, next outer, … with MVT winding. */
export function assemblePolygon(outers: number[][], inners: number[][]): number[][] {
  const out: number[][] = [];
  const used = new Set<number>();
  for (const o of outers) {
    out.push(orient(o, true));
    inners.forEach((h, i) => {
      if (!used.has(i) && pointInRing(h[0]!, h[1]!, o)) {
        used.add(i);
        out.push(orient(h, false));
      }
    });
  }
  return out;
}
