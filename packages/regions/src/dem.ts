// SRTM .hgt elevation tiles (inside .zip files): 1201×1201 (3″) or 3601×3601 (1″) big-endian int16,
// rows north→south. Voids (-32768) are filled from their neighbours; sampling is bilinear.
import path from 'node:path';
import { unzipSync } from 'fflate';

export class DemError extends Error {
  override name = 'DemError';
}

export interface DemTile {
  /** south-west corner (integer degrees) */
  lat: number;
  lon: number;
  size: number;
  data: Float32Array;
}

const NAME = /([NS])(\d{2})([EW])(\d{3})\.hgt$/i;

/** Parse the SW corner from a file name such as N42E001.hgt(.zip). */
export function hgtCorner(name: string): { lat: number; lon: number } | undefined {
  const m = NAME.exec(name.replace(/\.zip$/i, ''));
  if (!m) return undefined;
  return { lat: (m[1]!.toUpperCase() === 'S' ? -1 : 1) * Number(m[2]), lon: (m[3]!.toUpperCase() === 'W' ? -1 : 1) * Number(m[4]) };
}

/** Read one .hgt or .hgt.zip file's bytes into a DEM tile (voids filled). */
export function readHgt(fileName: string, bytes: Uint8Array): DemTile {
  const base = path.basename(fileName);
  let raw = bytes;
  let inner = base;
  if (/\.zip$/i.test(base)) {
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, { filter: (f) => /\.hgt$/i.test(f.name) });
    } catch (e) {
      throw new DemError(`unreadable DEM ${base}: not a valid zip (${(e as Error).message})`);
    }
    const names = Object.keys(files);
    if (names.length !== 1) throw new DemError(`unreadable DEM ${base}: expected exactly one .hgt inside the zip, found ${names.length}`);
    inner = path.basename(names[0]!);
    raw = files[names[0]!]!;
  }
  const corner = hgtCorner(inner) ?? hgtCorner(base);
  if (!corner) throw new DemError(`unreadable DEM ${base}: cannot tell its position from the name (expected e.g. N42E001.hgt)`);
  const size = raw.length === 1201 * 1201 * 2 ? 1201 : raw.length === 3601 * 3601 * 2 ? 3601 : 0;
  if (!size) throw new DemError(`unreadable DEM ${base}: ${raw.length} bytes is neither a 1201² nor a 3601² .hgt grid`);
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const data = new Float32Array(size * size);
  let voids = 0;
  for (let i = 0; i < data.length; i++) {
    const v = view.getInt16(i * 2, false);
    if (v === -32768) {
      data[i] = NaN;
      voids++;
    } else data[i] = v;
  }
  if (voids === data.length) throw new DemError(`unreadable DEM ${base}: every sample is a void`);
  if (voids) fillVoids(data, size);
  return { ...corner, size, data };
}

/** Fill NaN samples by repeatedly averaging known 8-neighbours (grows inwards from void edges). */
function fillVoids(data: Float32Array, size: number) {
  let pending: number[] = [];
  for (let i = 0; i < data.length; i++) if (Number.isNaN(data[i]!)) pending.push(i);
  while (pending.length) {
    const next: number[] = [];
    const fills: [number, number][] = [];
    for (const i of pending) {
      const r = Math.floor(i / size),
        c = i % size;
      let sum = 0,
        n = 0;
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr,
            cc = c + dc;
          if ((dr || dc) && rr >= 0 && cc >= 0 && rr < size && cc < size) {
            const v = data[rr * size + cc]!;
            if (!Number.isNaN(v)) {
              sum += v;
              n++;
            }
          }
        }
      if (n) fills.push([i, sum / n]);
      else next.push(i);
    }
    for (const [i, v] of fills) data[i] = v;
    pending = next;
  }
}

/** A set of DEM tiles with bilinear sampling. */
export class Dem {
  private tiles = new Map<string, DemTile>();
  constructor(tiles: DemTile[]) {
    for (const t of tiles) this.tiles.set(`${t.lat},${t.lon}`, t);
  }

  get list(): DemTile[] {
    return [...this.tiles.values()];
  }

  covers(lon: number, lat: number): boolean {
    return this.tiles.has(`${Math.floor(lat)},${Math.floor(lon)}`);
  }

  /** true when every point of the bbox lies on a loaded tile */
  coversBbox([w, s, e, n]: readonly number[]): boolean {
    for (let lat = Math.floor(s!); lat <= Math.floor(n!); lat++)
      for (let lon = Math.floor(w!); lon <= Math.floor(e!); lon++) if (!this.tiles.has(`${lat},${lon}`)) return false;
    return true;
  }

  private sample(lat: number, lon: number, row: number, col: number): number {
    // row/col may step onto a neighbouring tile at the edges
    let t = this.tiles.get(`${lat},${lon}`);
    if (!t) return NaN;
    const last = t.size - 1;
    if (col > last) {
      const n = this.tiles.get(`${lat},${lon + 1}`);
      if (n) {
        t = n;
        col -= last;
      } else col = last;
    }
    if (row > last) {
      const n = this.tiles.get(`${lat - 1},${lon}`);
      if (n) {
        t = n;
        row -= last;
      } else row = last;
    }
    return t.data[row * t.size + col]!;
  }

  /** Bilinear elevation in metres, NaN outside the loaded tiles. */
  elevation(lon: number, lat: number): number {
    const tl = Math.floor(lat),
      tn = Math.floor(lon);
    const t = this.tiles.get(`${tl},${tn}`);
    if (!t) return NaN;
    const last = t.size - 1;
    const fx = (lon - tn) * last;
    const fy = (tl + 1 - lat) * last;
    const c0 = Math.floor(fx),
      r0 = Math.floor(fy);
    const dx = fx - c0,
      dy = fy - r0;
    if (c0 < last && r0 < last) {
      // fast path: all four samples on this tile
      const d = t.data,
        i = r0 * t.size + c0;
      return d[i]! * (1 - dx) * (1 - dy) + d[i + 1]! * dx * (1 - dy) + d[i + t.size]! * (1 - dx) * dy + d[i + t.size + 1]! * dx * dy;
    }
    const v00 = this.sample(tl, tn, r0, c0);
    const v10 = this.sample(tl, tn, r0, c0 + 1);
    const v01 = this.sample(tl, tn, r0 + 1, c0);
    const v11 = this.sample(tl, tn, r0 + 1, c0 + 1);
    return v00 * (1 - dx) * (1 - dy) + v10 * dx * (1 - dy) + v01 * (1 - dx) * dy + v11 * dx * dy;
  }
}
