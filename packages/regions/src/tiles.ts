// Vector tiling: Web Mercator projection, Douglas–Peucker simplification, axis-aligned clipping
// and Mapbox Vector Tile (v2) encoding with `pbf`. Geometry is kept in "world" coordinates
// (0..1 from west/north), flat [x0, y0, x1, y1, …] arrays.
import { PbfWriter } from 'pbf';

export const EXTENT = 4096;
export const BUFFER = 64; // tile units of 4096 (4 px at 256 px tiles) around each tile

export type Value = string | number | boolean;
export type Props = Record<string, Value>;

export interface Feature {
  layer: string;
  /** 1 point, 2 line(s), 3 polygon (rings: outer then its holes, outer positive area in y-down coords) */
  type: 1 | 2 | 3;
  parts: number[][];
  props: Props;
  minzoom: number;
  maxzoom: number;
  /** bbox in world coords */
  bbox: [number, number, number, number];
}

export const lonToX = (lon: number) => (lon + 180) / 360;
export function latToY(lat: number) {
  const s = Math.sin((Math.max(-85.05112878, Math.min(85.05112878, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}
export const xToLon = (x: number) => x * 360 - 180;
export const yToLat = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** Signed area (shoelace) of a flat ring; positive = clockwise on screen (y down). */
export function ringArea(r: number[]): number {
  let a = 0;
  for (let i = 0, n = r.length, j = n - 2; i < n; j = i, i += 2) a += (r[j]! - r[i]!) * (r[i + 1]! + r[j + 1]!);
  return a / 2;
}

export function bboxOf(parts: number[][]): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of parts)
    for (let i = 0; i < p.length; i += 2) {
      if (p[i]! < b[0]) b[0] = p[i]!;
      if (p[i + 1]! < b[1]) b[1] = p[i + 1]!;
      if (p[i]! > b[2]) b[2] = p[i]!;
      if (p[i + 1]! > b[3]) b[3] = p[i + 1]!;
    }
  return b;
}

/** Douglas–Peucker on a flat coordinate array (keeps first and last point). */
export function simplify(coords: number[], tolerance: number): number[] {
  const n = coords.length / 2;
  if (n <= 2 || tolerance <= 0) return coords;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const sq = tolerance * tolerance;
  const stack: number[] = [0, n - 1];
  while (stack.length) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    const ax = coords[first * 2]!,
      ay = coords[first * 2 + 1]!;
    const bx = coords[last * 2]!,
      by = coords[last * 2 + 1]!;
    const dx = bx - ax,
      dy = by - ay;
    const len = dx * dx + dy * dy;
    let maxD = 0,
      idx = -1;
    for (let i = first + 1; i < last; i++) {
      const px = coords[i * 2]!,
        py = coords[i * 2 + 1]!;
      let d: number;
      if (len === 0) d = (px - ax) ** 2 + (py - ay) ** 2;
      else {
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
        d = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
      }
      if (d > maxD) {
        maxD = d;
        idx = i;
      }
    }
    if (maxD > sq && idx > 0) {
      keep[idx] = 1;
      stack.push(first, idx, idx, last);
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(coords[i * 2]!, coords[i * 2 + 1]!);
  return out;
}

/** Sutherland–Hodgman clip of a closed ring (no repeated closing point) to lo <= coord[axis] <= hi. */
export function clipRing(r: number[], axis: 0 | 1, lo: number, hi: number): number[] {
  let out = clipRingSide(r, axis, lo, true);
  if (out.length) out = clipRingSide(out, axis, hi, false);
  return out;
}

function clipRingSide(r: number[], axis: 0 | 1, k: number, keepAbove: boolean): number[] {
  const out: number[] = [];
  const n = r.length;
  if (n < 6) return out;
  const inside = (v: number) => (keepAbove ? v >= k : v <= k);
  let px = r[n - 2]!,
    py = r[n - 1]!;
  let pIn = inside(axis === 0 ? px : py);
  for (let i = 0; i < n; i += 2) {
    const x = r[i]!,
      y = r[i + 1]!;
    const cIn = inside(axis === 0 ? x : y);
    if (cIn !== pIn) {
      const t = axis === 0 ? (k - px) / (x - px) : (k - py) / (y - py);
      out.push(axis === 0 ? k : px + t * (x - px), axis === 0 ? py + t * (y - py) : k);
    }
    if (cIn) out.push(x, y);
    px = x;
    py = y;
    pIn = cIn;
  }
  return out;
}

/** Clip a polyline to lo <= coord[axis] <= hi, returning the pieces inside. */
export function clipLine(l: number[], axis: 0 | 1, lo: number, hi: number): number[][] {
  const pieces: number[][] = [];
  let cur: number[] = [];
  const n = l.length;
  for (let i = 0; i < n - 2; i += 2) {
    const ax = l[i]!,
      ay = l[i + 1]!,
      bx = l[i + 2]!,
      by = l[i + 3]!;
    const a = axis === 0 ? ax : ay,
      b = axis === 0 ? bx : by;
    // parametric clip of segment a..b to [lo, hi]
    let t0 = 0,
      t1 = 1;
    if (a === b) {
      if (a < lo || a > hi) t0 = 2;
    } else {
      const ta = (lo - a) / (b - a),
        tb = (hi - a) / (b - a);
      t0 = Math.max(0, Math.min(ta, tb));
      t1 = Math.min(1, Math.max(ta, tb));
    }
    if (t0 > t1) {
      if (cur.length >= 4) pieces.push(cur);
      cur = [];
      continue;
    }
    const sx = ax + t0 * (bx - ax),
      sy = ay + t0 * (by - ay);
    const ex = ax + t1 * (bx - ax),
      ey = ay + t1 * (by - ay);
    if (cur.length === 0) cur.push(sx, sy);
    else if (t0 > 0) {
      if (cur.length >= 4) pieces.push(cur);
      cur = [sx, sy];
    }
    cur.push(ex, ey);
    if (t1 < 1) {
      if (cur.length >= 4) pieces.push(cur);
      cur = [];
    }
  }
  if (cur.length >= 4) pieces.push(cur);
  return pieces;
}

/** Clip a feature's parts to a box (world coords); returns undefined when nothing is left. */
export function clipParts(type: 1 | 2 | 3, parts: number[][], axis: 0 | 1, lo: number, hi: number): number[][] | undefined {
  const out: number[][] = [];
  if (type === 1) {
    for (const p of parts) if (p[axis]! >= lo && p[axis]! < hi) out.push(p);
  } else if (type === 2) {
    for (const p of parts) for (const piece of clipLine(p, axis, lo, hi)) out.push(piece);
  } else {
    for (let i = 0; i < parts.length; i++) {
      const c = clipRing(parts[i]!, axis, lo, hi);
      if (c.length >= 6) out.push(c);
      else if (ringArea(parts[i]!) > 0) {
        // outer ring vanished: drop its holes too
        while (i + 1 < parts.length && ringArea(parts[i + 1]!) < 0) i++;
      }
    }
    if (out.length && ringArea(out[0]!) < 0) return undefined;
  }
  return out.length ? out : undefined;
}

interface LayerBuf {
  keys: Map<string, number>;
  values: Map<string, number>;
  valueList: Value[];
  features: { type: number; tags: number[]; geom: number[] }[];
}

/** Encodes features of one tile into an MVT. Coordinates are given in world coords. */
export class TileEncoder {
  private layers = new Map<string, LayerBuf>();
  private scale: number;
  private ox: number;
  private oy: number;
  constructor(z: number, x: number, y: number) {
    this.scale = EXTENT * 2 ** z;
    this.ox = x * EXTENT;
    this.oy = y * EXTENT;
  }

  get empty() {
    return this.layers.size === 0;
  }

  add(layer: string, type: 1 | 2 | 3, parts: number[][], props: Props) {
    const geom = this.encodeGeometry(type, parts);
    if (!geom.length) return;
    let l = this.layers.get(layer);
    if (!l) {
      l = { keys: new Map(), values: new Map(), valueList: [], features: [] };
      this.layers.set(layer, l);
    }
    const tags: number[] = [];
    for (const k in props) {
      const v = props[k]!;
      let ki = l.keys.get(k);
      if (ki === undefined) l.keys.set(k, (ki = l.keys.size));
      const vk = typeof v + ':' + String(v);
      let vi = l.values.get(vk);
      if (vi === undefined) {
        l.values.set(vk, (vi = l.valueList.length));
        l.valueList.push(v);
      }
      tags.push(ki, vi);
    }
    l.features.push({ type, tags, geom });
  }

  private encodeGeometry(type: 1 | 2 | 3, parts: number[][]): number[] {
    const out: number[] = [];
    let cx = 0,
      cy = 0;
    const s = this.scale,
      ox = this.ox,
      oy = this.oy;
    const zz = (n: number) => (n << 1) ^ (n >> 31);
    if (type === 1) {
      out.push(1 | (parts.length << 3));
      for (const p of parts) {
        const x = Math.round(p[0]! * s - ox),
          y = Math.round(p[1]! * s - oy);
        out.push(zz(x - cx), zz(y - cy));
        cx = x;
        cy = y;
      }
      return out;
    }
    for (const p of parts) {
      // quantize and drop repeated points
      const q: number[] = [];
      for (let i = 0; i < p.length; i += 2) {
        const x = Math.round(p[i]! * s - ox),
          y = Math.round(p[i + 1]! * s - oy);
        if (q.length && q[q.length - 2] === x && q[q.length - 1] === y) continue;
        q.push(x, y);
      }
      if (type === 3) {
        if (q.length >= 4 && q[0] === q[q.length - 2] && q[1] === q[q.length - 1]) q.length -= 2;
        if (q.length < 6 || ringArea(q) === 0) continue;
      } else if (q.length < 4) continue;
      const n = q.length / 2;
      out.push(1 | (1 << 3), zz(q[0]! - cx), zz(q[1]! - cy));
      cx = q[0]!;
      cy = q[1]!;
      out.push(2 | ((n - 1) << 3));
      for (let i = 2; i < q.length; i += 2) {
        out.push(zz(q[i]! - cx), zz(q[i + 1]! - cy));
        cx = q[i]!;
        cy = q[i + 1]!;
      }
      if (type === 3) out.push(7 | (1 << 3));
    }
    return out;
  }

  finish(): Uint8Array {
    const pbf = new PbfWriter();
    for (const [name, l] of this.layers) {
      pbf.writeMessage(
        3,
        (layer: LayerBuf, p: PbfWriter) => {
          p.writeVarintField(15, 2);
          p.writeStringField(1, name);
          for (const f of layer.features) {
            p.writeMessage(
              2,
              (feat: LayerBuf['features'][number], q: PbfWriter) => {
                q.writePackedVarint(2, feat.tags);
                q.writeVarintField(3, feat.type);
                q.writePackedVarint(4, feat.geom);
              },
              f,
            );
          }
          for (const k of layer.keys.keys()) p.writeStringField(3, k);
          for (const v of layer.valueList) {
            p.writeMessage(
              4,
              (val: Value, q: PbfWriter) => {
                if (typeof val === 'string') q.writeStringField(1, val);
                else if (typeof val === 'boolean') q.writeBooleanField(7, val);
                else if (Number.isInteger(val)) {
                  if (val >= 0) q.writeVarintField(5, val);
                  else q.writeSVarintField(6, val);
                } else q.writeDoubleField(3, val);
              },
              v,
            );
          }
          p.writeVarintField(5, EXTENT);
        },
        l,
      );
    }
    return pbf.finish();
  }
}
