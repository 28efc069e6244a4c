import { VarintReader, VarintWriter } from '../io/varint.ts';

/**
 * A regular lon/lat grid of ground elevations (a DEM cut to a region), sampled bilinearly:
 * what the planner uses for every point that is not on the network — freehand and off-network
 * legs, imported tracks — on the server and, offline, in the browser's routing worker. The region
 * builder cuts it from the SRTM tiles at their own resolution (3″ posts, ~90 m), so sampling it
 * gives the same values as sampling the .hgt files, and ships it inside graph.bin (v3), where the
 * nodes' and shape points' elevations are also taken from it.
 *
 * Posts: value (r, c) is the elevation at lon = west + c·stepLon, lat = north − r·stepLat
 * (rows north → south like .hgt files). Values are integers in units of 1/scale metre
 * (scale 1 for SRTM's whole metres); VOID marks an unknown post.
 *
 * Encoding (`encode` / `decode`, little-endian): a 48-byte header — magic "WMEG", cols u32, rows
 * u32, scale u32, west f64, north f64, stepLon f64, stepLat f64 — then every post in row order
 * as a zigzag varint of its difference from the planar prediction left + up − up-left (left on the
 * first row, up in the first column). Terrain is locally close to a plane, so 99 % of Andorra's
 * posts take one byte: 209,380 posts (the region and 2 km around it) in ~212 kB.
 */
export class ElevationGrid {
  static readonly VOID = -2147483648;
  static readonly MAGIC = 0x4745_4d57; // "WMEG" little-endian
  static readonly HEADER_BYTES = 48;

  constructor(
    readonly west: number,
    readonly north: number,
    readonly stepLon: number,
    readonly stepLat: number,
    readonly cols: number,
    readonly rows: number,
    /** cols × rows integers (1/scale metre), row-major from the north-west corner */
    readonly values: Int32Array,
    readonly scale = 1,
  ) {
    if (values.length !== cols * rows) throw new RangeError(`elevation grid: ${values.length} values for ${cols}×${rows} posts`);
    if (!(stepLon > 0 && stepLat > 0 && scale > 0)) throw new RangeError('elevation grid: steps and scale must be positive');
  }

  get east() {
    return this.west + (this.cols - 1) * this.stepLon;
  }
  get south() {
    return this.north - (this.rows - 1) * this.stepLat;
  }

  /** Does the grid cover [lon, lat]? */
  covers(lon: number, lat: number): boolean {
    const x = (lon - this.west) / this.stepLon;
    const y = (this.north - lat) / this.stepLat;
    return x >= -EDGE && y >= -EDGE && x <= this.cols - 1 + EDGE && y <= this.rows - 1 + EDGE;
  }

  /** Elevation in metres at [lon, lat] (bilinear between the 4 posts around it), NaN outside the grid or where posts are void. */
  sample(lon: number, lat: number): number {
    let x = (lon - this.west) / this.stepLon;
    let y = (this.north - lat) / this.stepLat;
    const cols = this.cols;
    // a point on the border (up to rounding) is inside
    if (!(x >= -EDGE && y >= -EDGE && x <= cols - 1 + EDGE && y <= this.rows - 1 + EDGE)) return NaN;
    x = Math.min(cols - 1, Math.max(0, x));
    y = Math.min(this.rows - 1, Math.max(0, y));
    const c = Math.min(Math.floor(x), Math.max(0, cols - 2));
    const r = Math.min(Math.floor(y), Math.max(0, this.rows - 2));
    const fx = cols > 1 ? x - c : 0;
    const fy = this.rows > 1 ? y - r : 0;
    const v = this.values;
    const i = r * cols + c;
    const c1 = cols > 1 ? 1 : 0;
    const r1 = this.rows > 1 ? cols : 0;
    const a = v[i]!;
    const b = v[i + c1]!;
    const d = v[i + r1]!;
    const e = v[i + r1 + c1]!;
    const VOID = ElevationGrid.VOID;
    if (a === VOID || b === VOID || d === VOID || e === VOID) {
      // the known posts only, weighted as they would be
      let s = 0;
      let w = 0;
      const add = (val: number, wt: number) => {
        if (val !== VOID && wt > 0) {
          s += val * wt;
          w += wt;
        }
      };
      add(a, (1 - fx) * (1 - fy));
      add(b, fx * (1 - fy));
      add(d, (1 - fx) * fy);
      add(e, fx * fy);
      return w > 0 ? s / w / this.scale : NaN;
    }
    const top = a + (b - a) * fx;
    const bottom = d + (e - d) * fx;
    return (top + (bottom - top) * fy) / this.scale;
  }

  /**
   * A grid of `sample` at posts every `stepLon` × `stepLat` degrees covering `bbox`
   * ([west, south, east, north]). Posts sit on whole multiples of the step (so SRTM posts at k/1200°
   * are sampled exactly); NaN samples become VOID; values are rounded to 1/scale metre.
   */
  static fromSampler(
    sample: (lon: number, lat: number) => number,
    bbox: readonly [number, number, number, number],
    stepLon: number,
    stepLat = stepLon,
    scale = 1,
  ): ElevationGrid {
    const c0 = Math.floor(bbox[0] / stepLon + 1e-9);
    const c1 = Math.ceil(bbox[2] / stepLon - 1e-9);
    const r0 = Math.floor(bbox[1] / stepLat + 1e-9); // south
    const r1 = Math.ceil(bbox[3] / stepLat - 1e-9); // north
    const cols = Math.max(1, c1 - c0 + 1);
    const rows = Math.max(1, r1 - r0 + 1);
    const values = new Int32Array(cols * rows);
    for (let r = 0; r < rows; r++) {
      const lat = (r1 - r) * stepLat;
      for (let c = 0; c < cols; c++) {
        const v = sample((c0 + c) * stepLon, lat);
        values[r * cols + c] = Number.isFinite(v) ? Math.max(-(2 ** 30), Math.min(2 ** 30, Math.round(v * scale))) : ElevationGrid.VOID;
      }
    }
    return new ElevationGrid(c0 * stepLon, r1 * stepLat, stepLon, stepLat, cols, rows, values, scale);
  }

  encode(): Uint8Array {
    const w = new VarintWriter(this.values.length + 64);
    const { cols, rows, values: v } = this;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        w.int(v[i]! - predict(v, cols, r, c, i));
      }
    const body = w.bytes();
    const out = new Uint8Array(ElevationGrid.HEADER_BYTES + body.length);
    const dv = new DataView(out.buffer);
    dv.setUint32(0, ElevationGrid.MAGIC, true);
    dv.setUint32(4, cols, true);
    dv.setUint32(8, rows, true);
    dv.setUint32(12, this.scale, true);
    dv.setFloat64(16, this.west, true);
    dv.setFloat64(24, this.north, true);
    dv.setFloat64(32, this.stepLon, true);
    dv.setFloat64(40, this.stepLat, true);
    out.set(body, ElevationGrid.HEADER_BYTES);
    return out;
  }

  /** Read an encoded grid; throws RangeError on bytes that are not one. */
  static decode(bytes: Uint8Array): ElevationGrid {
    if (bytes.byteLength < ElevationGrid.HEADER_BYTES) throw new RangeError('elevation grid: too short');
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (dv.getUint32(0, true) !== ElevationGrid.MAGIC) throw new RangeError('elevation grid: bad magic');
    const cols = dv.getUint32(4, true);
    const rows = dv.getUint32(8, true);
    const scale = dv.getUint32(12, true);
    const west = dv.getFloat64(16, true);
    const north = dv.getFloat64(24, true);
    const stepLon = dv.getFloat64(32, true);
    const stepLat = dv.getFloat64(40, true);
    const count = cols * rows;
    // every post takes at least one byte: a header claiming more posts than bytes is corrupt
    if (count > bytes.byteLength - ElevationGrid.HEADER_BYTES || !Number.isFinite(west + north) || !(scale > 0))
      throw new RangeError('elevation grid: header does not match its size');
    const v = new Int32Array(count);
    const rd = new VarintReader(bytes, ElevationGrid.HEADER_BYTES);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        v[i] = predict(v, cols, r, c, i) + rd.int();
      }
    if (rd.pos !== bytes.byteLength) throw new RangeError('elevation grid: trailing bytes');
    return new ElevationGrid(west, north, stepLon, stepLat, cols, rows, v, scale);
  }
}

/** how far outside the border (in posts) still counts as on it: floating-point rounding of the corners */
const EDGE = 1e-6;

/** planar prediction of post i = (r, c) from its decoded neighbours */
function predict(v: Int32Array, cols: number, r: number, c: number, i: number): number {
  if (r === 0) return c === 0 ? 0 : v[i - 1]!;
  if (c === 0) return v[i - cols]!;
  return v[i - 1]! + v[i - cols]! - v[i - cols - 1]!;
}
