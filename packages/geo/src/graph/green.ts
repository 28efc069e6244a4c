/**
 * "Green" for the running profile: parks, woods, meadows and the like, plus the banks of rivers,
 * streams and lakes. The graph builder classifies every edge by the share of its length that is
 * green (edgeGreen in graph.bin) and the `preferGreen` route preference makes non-green metres
 * more expensive.
 */

/**
 * OSM area tags that count as green (one place, used by the region builder and test support):
 *   leisure  = park | garden | nature_reserve
 *   landuse  = forest | grass | meadow | recreation_ground | village_green | orchard
 *   natural  = wood | scrub | heath | grassland | wetland
 * Deliberately NOT green: boundary=national_park / protected_area (administrative outlines that
 * contain villages and main roads), golf courses, cemeteries, farmland, pitches.
 */
export const GREEN_TAGS: Readonly<Record<string, readonly string[]>> = {
  leisure: ['park', 'garden', 'nature_reserve'],
  landuse: ['forest', 'grass', 'meadow', 'recreation_ground', 'village_green', 'orchard'],
  natural: ['wood', 'scrub', 'heath', 'grassland', 'wetland'],
};

/**
 * Water whose banks count as green: ways within WATERSIDE_M of a river or stream
 * (waterway=river|stream lines) or of a lake/pond shoreline (natural=water area outlines).
 */
export const WATERSIDE_M = 30;

/** Is an OSM way a river or stream whose banks count as green? */
export function isWatersideLine(tags: Readonly<Record<string, string | undefined>>): boolean {
  return tags.waterway === 'river' || tags.waterway === 'stream';
}

/** Is an OSM area a water body (natural=water) whose shoreline counts as green? */
export function isWatersideArea(tags: Readonly<Record<string, string | undefined>>): boolean {
  return tags.natural === 'water';
}

/** Is an OSM area (closed way or multipolygon relation) with these tags a green area? */
export function isGreenArea(tags: Readonly<Record<string, string | undefined>>): boolean {
  for (const key in GREEN_TAGS) {
    const v = tags[key];
    if (v !== undefined && GREEN_TAGS[key]!.includes(v)) return true;
  }
  return false;
}

/**
 * One green polygon: its rings as flat [lon0, lat0, lon1, lat1, …] arrays (an open ring is
 * closed implicitly). Inside-ness is even-odd over ALL rings of the polygon, so multipolygon
 * inner rings (holes) and islands inside holes come out right without a winding convention.
 */
export type GreenPolygon = readonly ArrayLike<number>[];
/** Every green polygon of a region. */
export type GreenAreas = readonly GreenPolygon[];
/** Water lines (rivers, streams, shorelines) as flat [lon0, lat0, lon1, lat1, …] polylines. */
export type WaterLines = readonly ArrayLike<number>[];

/** Edges are sampled at the midpoints of pieces at most this long (metres). */
export const GREEN_SAMPLE_M = 20;

interface IndexedPolygon {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** segments: x1, y1, x2, y2 per segment */
  seg: Float64Array;
  /** horizontal bands: segment ids of band b are bandSeg[bandStart[b] .. bandStart[b+1]) */
  bandH: number;
  bandCount: number;
  bandStart: Uint32Array;
  bandSeg: Uint32Array;
}

const DEG = Math.PI / 180;

/**
 * Point-in-green queries over many polygons. A coarse grid over all polygons' bboxes finds the
 * candidates for a point; inside a candidate, its segments are bucketed into horizontal bands so
 * the even-odd ray cast only looks at the few segments whose y-range covers the point.
 */
export class GreenIndex {
  private readonly polys: IndexedPolygon[] = [];
  private readonly gx0: number = 0;
  private readonly gy0: number = 0;
  private readonly cell: number = 1;
  private readonly cols: number = 0;
  private readonly rows: number = 0;
  private readonly cellStart: Uint32Array = new Uint32Array(1);
  private readonly cellPoly: Uint32Array = new Uint32Array(0);
  private readonly water: WaterIndex | null;

  /**
   * @param areas green polygons
   * @param waterside rivers, streams and shorelines: points within WATERSIDE_M of them are green too
   */
  constructor(areas: GreenAreas, waterside: WaterLines = []) {
    this.water = waterside.length ? new WaterIndex(waterside, WATERSIDE_M) : null;
    for (const rings of areas) {
      const p = indexPolygon(rings);
      if (p) this.polys.push(p);
    }
    if (!this.polys.length) return;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const p of this.polys) {
      minX = Math.min(minX, p.minX);
      minY = Math.min(minY, p.minY);
      maxX = Math.max(maxX, p.maxX);
      maxY = Math.max(maxY, p.maxY);
    }
    // cells of ≥ 0.005° (~500 m), at most 512 per side
    this.cell = Math.max(0.005, (maxX - minX) / 512, (maxY - minY) / 512);
    this.gx0 = minX;
    this.gy0 = minY;
    this.cols = Math.floor((maxX - minX) / this.cell) + 1;
    this.rows = Math.floor((maxY - minY) / this.cell) + 1;
    const counts = new Uint32Array(this.cols * this.rows + 1);
    const each = (p: IndexedPolygon, f: (c: number) => void) => {
      const c0 = this.col(p.minX);
      const c1 = this.col(p.maxX);
      const r0 = this.row(p.minY);
      const r1 = this.row(p.maxY);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) f(r * this.cols + c);
    };
    for (const p of this.polys) each(p, (c) => counts[c + 1]!++);
    for (let i = 0; i < this.cols * this.rows; i++) counts[i + 1]! += counts[i]!;
    this.cellStart = counts;
    this.cellPoly = new Uint32Array(counts[this.cols * this.rows]!);
    const fill = counts.slice(0, -1);
    this.polys.forEach((p, k) => each(p, (c) => (this.cellPoly[fill[c]!++] = k)));
  }

  /** number of usable polygons indexed */
  get size(): number {
    return this.polys.length;
  }

  /** anything to test against at all? */
  get empty(): boolean {
    return this.polys.length === 0 && !this.water?.size;
  }

  private col(x: number) {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.gx0) / this.cell)));
  }
  private row(y: number) {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.gy0) / this.cell)));
  }

  /** Is lon/lat inside any green polygon? */
  contains(lon: number, lat: number): boolean {
    if (this.water?.near(lon, lat)) return true;
    if (!this.polys.length) return false;
    const cx = Math.floor((lon - this.gx0) / this.cell);
    const cy = Math.floor((lat - this.gy0) / this.cell);
    if (cx < 0 || cy < 0 || cx >= this.cols || cy >= this.rows) return false;
    const c = cy * this.cols + cx;
    for (let i = this.cellStart[c]!; i < this.cellStart[c + 1]!; i++) {
      if (insidePolygon(this.polys[this.cellPoly[i]!]!, lon, lat)) return true;
    }
    return false;
  }

  /**
   * Share (0–1) of a polyline's length inside green areas: every segment is cut into pieces of at
   * most GREEN_SAMPLE_M metres and each piece counts as green when its midpoint is.
   */
  shareAlong(lon: ArrayLike<number>, lat: ArrayLike<number>): number {
    if (this.empty || lon.length < 2) return 0;
    let total = 0;
    let green = 0;
    for (let i = 0; i + 1 < lon.length; i++) {
      const x0 = lon[i]!;
      const y0 = lat[i]!;
      const dx = lon[i + 1]! - x0;
      const dy = lat[i + 1]! - y0;
      const kx = Math.cos((y0 + dy / 2) * DEG) * 111_195;
      const len = Math.hypot(dx * kx, dy * 111_195);
      if (!(len > 0)) continue;
      total += len;
      const k = Math.max(1, Math.ceil(len / GREEN_SAMPLE_M));
      let n = 0;
      for (let j = 0; j < k; j++) {
        const t = (j + 0.5) / k;
        if (this.contains(x0 + dx * t, y0 + dy * t)) n++;
      }
      green += (len * n) / k;
    }
    return total > 0 ? green / total : 0;
  }
}

function indexPolygon(rings: GreenPolygon): IndexedPolygon | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const segs: number[] = [];
  for (const r of rings) {
    const n = Math.floor(r.length / 2);
    if (n < 3) continue;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const x1 = r[2 * i]!;
      const y1 = r[2 * i + 1]!;
      const x2 = r[2 * j]!;
      const y2 = r[2 * j + 1]!;
      if (![x1, y1, x2, y2].every(Number.isFinite)) return null;
      if (x1 < minX) minX = x1;
      if (x1 > maxX) maxX = x1;
      if (y1 < minY) minY = y1;
      if (y1 > maxY) maxY = y1;
      if (y1 === y2) continue; // horizontal segments never cross a horizontal ray
      segs.push(x1, y1, x2, y2);
    }
  }
  const count = segs.length / 4;
  if (count < 2 || !(maxY > minY)) return null;
  const bandCount = Math.min(4096, Math.max(1, Math.ceil(count / 4)));
  const bandH = (maxY - minY) / bandCount;
  const band = (y: number) => Math.min(bandCount - 1, Math.max(0, Math.floor((y - minY) / bandH)));
  const start = new Uint32Array(bandCount + 1);
  for (let s = 0; s < count; s++) {
    const a = band(Math.min(segs[4 * s + 1]!, segs[4 * s + 3]!));
    const b = band(Math.max(segs[4 * s + 1]!, segs[4 * s + 3]!));
    for (let k = a; k <= b; k++) start[k + 1]!++;
  }
  for (let k = 0; k < bandCount; k++) start[k + 1]! += start[k]!;
  const bandSeg = new Uint32Array(start[bandCount]!);
  const fill = start.slice(0, -1);
  for (let s = 0; s < count; s++) {
    const a = band(Math.min(segs[4 * s + 1]!, segs[4 * s + 3]!));
    const b = band(Math.max(segs[4 * s + 1]!, segs[4 * s + 3]!));
    for (let k = a; k <= b; k++) bandSeg[fill[k]!++] = s;
  }
  return { minX, minY, maxX, maxY, seg: Float64Array.from(segs), bandH, bandCount, bandStart: start, bandSeg };
}

/** even-odd ray cast (towards +x) over the segments of the point's band */
function insidePolygon(p: IndexedPolygon, x: number, y: number): boolean {
  if (x < p.minX || x > p.maxX || y < p.minY || y > p.maxY) return false;
  const b = Math.min(p.bandCount - 1, Math.max(0, Math.floor((y - p.minY) / p.bandH)));
  const seg = p.seg;
  let inside = false;
  for (let i = p.bandStart[b]!; i < p.bandStart[b + 1]!; i++) {
    const s = 4 * p.bandSeg[i]!;
    const y1 = seg[s + 1]!;
    const y2 = seg[s + 3]!;
    if (y1 > y === y2 > y) continue;
    const x1 = seg[s]!;
    const xi = x1 + ((seg[s + 2]! - x1) * (y - y1)) / (y2 - y1);
    if (x < xi) inside = !inside;
  }
  return inside;
}

/**
 * "Within `radius` metres of any segment" over many polylines: segments go into a grid of cells
 * about `radius`×3 wide (each segment into every cell its radius-grown bbox touches), and a point
 * measures its distance to the segments of its own cell only (local equirectangular metres).
 */
class WaterIndex {
  private readonly seg: Float64Array;
  private readonly x0: number = 0;
  private readonly y0: number = 0;
  private readonly cw: number = 1;
  private readonly ch: number = 1;
  private readonly cols: number = 0;
  private readonly rows: number = 0;
  private readonly kx: number = 1;
  private readonly cellStart: Uint32Array = new Uint32Array(1);
  private readonly cellSeg: Uint32Array = new Uint32Array(0);
  readonly size: number;

  constructor(
    lines: WaterLines,
    private readonly radius: number,
  ) {
    const segs: number[] = [];
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const l of lines) {
      const n = Math.floor(l.length / 2);
      for (let i = 0; i + 1 < n; i++) {
        const x1 = l[2 * i]!;
        const y1 = l[2 * i + 1]!;
        const x2 = l[2 * i + 2]!;
        const y2 = l[2 * i + 3]!;
        if (![x1, y1, x2, y2].every(Number.isFinite)) continue;
        segs.push(x1, y1, x2, y2);
        minX = Math.min(minX, x1, x2);
        maxX = Math.max(maxX, x1, x2);
        minY = Math.min(minY, y1, y2);
        maxY = Math.max(maxY, y1, y2);
      }
    }
    this.seg = Float64Array.from(segs);
    this.size = segs.length / 4;
    if (!this.size) return;
    this.kx = Math.cos((((minY + maxY) / 2) * Math.PI) / 180) * 111_195;
    const dy = radius / 111_195;
    const dx = radius / this.kx;
    this.x0 = minX - dx;
    this.y0 = minY - dy;
    // cells ~3 radii wide, at most 2048 per side
    this.cw = Math.max(3 * dx, (maxX - minX + 2 * dx) / 2048);
    this.ch = Math.max(3 * dy, (maxY - minY + 2 * dy) / 2048);
    this.cols = Math.floor((maxX + dx - this.x0) / this.cw) + 1;
    this.rows = Math.floor((maxY + dy - this.y0) / this.ch) + 1;
    const cells = this.cols * this.rows;
    const each = (s: number, f: (c: number) => void) => {
      const sg = this.seg;
      const c0 = Math.floor((Math.min(sg[4 * s]!, sg[4 * s + 2]!) - dx - this.x0) / this.cw);
      const c1 = Math.floor((Math.max(sg[4 * s]!, sg[4 * s + 2]!) + dx - this.x0) / this.cw);
      const r0 = Math.floor((Math.min(sg[4 * s + 1]!, sg[4 * s + 3]!) - dy - this.y0) / this.ch);
      const r1 = Math.floor((Math.max(sg[4 * s + 1]!, sg[4 * s + 3]!) + dy - this.y0) / this.ch);
      for (let r = Math.max(0, r0); r <= Math.min(this.rows - 1, r1); r++)
        for (let c = Math.max(0, c0); c <= Math.min(this.cols - 1, c1); c++) f(r * this.cols + c);
    };
    const start = new Uint32Array(cells + 1);
    for (let s = 0; s < this.size; s++) each(s, (c) => start[c + 1]!++);
    for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!;
    const cellSeg = new Uint32Array(start[cells]!);
    const fill = start.slice(0, -1);
    for (let s = 0; s < this.size; s++) each(s, (c) => (cellSeg[fill[c]!++] = s));
    this.cellStart = start;
    this.cellSeg = cellSeg;
  }

  near(lon: number, lat: number): boolean {
    if (!this.size) return false;
    const c = Math.floor((lon - this.x0) / this.cw);
    const r = Math.floor((lat - this.y0) / this.ch);
    if (c < 0 || r < 0 || c >= this.cols || r >= this.rows) return false;
    const cell = r * this.cols + c;
    const sg = this.seg;
    const kx = this.kx;
    const ky = 111_195;
    const r2 = this.radius * this.radius;
    for (let i = this.cellStart[cell]!; i < this.cellStart[cell + 1]!; i++) {
      const s = 4 * this.cellSeg[i]!;
      // metres relative to the point
      const ax = (sg[s]! - lon) * kx;
      const ay = (sg[s + 1]! - lat) * ky;
      const bx = (sg[s + 2]! - lon) * kx;
      const by = (sg[s + 3]! - lat) * ky;
      const vx = bx - ax;
      const vy = by - ay;
      const vv = vx * vx + vy * vy;
      const t = vv > 0 ? Math.min(1, Math.max(0, -(ax * vx + ay * vy) / vv)) : 0;
      const px = ax + t * vx;
      const py = ay + t * vy;
      if (px * px + py * py <= r2) return true;
    }
    return false;
  }
}
