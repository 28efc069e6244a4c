// PMTiles v3 writer (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
// clustered tile data ordered by Hilbert tile id, identical tiles stored once (run lengths for
// consecutive repeats), gzip-compressed directories (root + leaf directories when the root would
// exceed 16 KiB) and gzip-compressed JSON metadata.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export const enum TileType {
  Mvt = 1,
  Png = 2,
}
const COMPRESSION_NONE = 1;
const COMPRESSION_GZIP = 2;
const HEADER_SIZE = 127;
const ROOT_MAX = 16384 - HEADER_SIZE;

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

export interface PmtilesOptions {
  tileType: TileType;
  /** tile payloads are already gzip-compressed (true for MVT here) */
  tileCompression: 'gzip' | 'none';
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  center: [number, number, number];
  metadata: Record<string, unknown>;
}

function writeVarint(out: number[], v: number) {
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

function serializeDirectory(entries: Entry[]): Uint8Array {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let last = 0;
  for (const e of entries) {
    writeVarint(out, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) writeVarint(out, e.runLength);
  for (const e of entries) writeVarint(out, e.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const prev = entries[i - 1];
    if (i > 0 && prev && e.offset === prev.offset + prev.length) writeVarint(out, 0);
    else writeVarint(out, e.offset + 1);
  }
  return gzipSync(Uint8Array.from(out));
}

function buildDirectories(entries: Entry[]): { root: Uint8Array; leaves: Uint8Array } {
  const root = serializeDirectory(entries);
  if (root.length <= ROOT_MAX) return { root, leaves: new Uint8Array(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const leafBufs: Uint8Array[] = [];
    const rootEntries: Entry[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const chunk = entries.slice(i, i + leafSize);
      const buf = serializeDirectory(chunk);
      rootEntries.push({ tileId: chunk[0]!.tileId, offset, length: buf.length, runLength: 0 });
      leafBufs.push(buf);
      offset += buf.length;
    }
    const r = serializeDirectory(rootEntries);
    if (r.length <= ROOT_MAX) return { root: r, leaves: Buffer.concat(leafBufs) };
  }
}

/** Collects tiles (any order) and produces a complete PMTiles v3 archive. */
export class PmtilesWriter {
  private tiles = new Map<number, Uint8Array>();
  constructor(private opts: PmtilesOptions) {}

  add(z: number, x: number, y: number, data: Uint8Array) {
    this.tiles.set(zxyToTileId(z, x, y), data);
  }

  get size() {
    return this.tiles.size;
  }

  finish(): Uint8Array {
    const ids = [...this.tiles.keys()].sort((a, b) => a - b);
    const entries: Entry[] = [];
    const chunks: Uint8Array[] = [];
    const byHash = new Map<string, { offset: number; length: number }>();
    let dataLen = 0;
    let contents = 0;
    for (const id of ids) {
      const data = this.tiles.get(id)!;
      const hash = createHash('sha1').update(data).digest('base64');
      const last = entries[entries.length - 1];
      let loc = byHash.get(hash);
      if (loc && last && last.tileId + last.runLength === id && last.offset === loc.offset && last.length === loc.length) {
        last.runLength++;
        continue;
      }
      if (!loc) {
        loc = { offset: dataLen, length: data.length };
        byHash.set(hash, loc);
        chunks.push(data);
        dataLen += data.length;
        contents++;
      }
      entries.push({ tileId: id, offset: loc.offset, length: loc.length, runLength: 1 });
    }
    const { root, leaves } = buildDirectories(entries);
    const meta = gzipSync(Buffer.from(JSON.stringify(this.opts.metadata)));
    const rootOffset = HEADER_SIZE;
    const metaOffset = rootOffset + root.length;
    const leafOffset = metaOffset + meta.length;
    const dataOffset = leafOffset + leaves.length;
    const header = new ArrayBuffer(HEADER_SIZE);
    const v = new DataView(header);
    new Uint8Array(header).set(new TextEncoder().encode('PMTiles'), 0);
    v.setUint8(7, 3);
    const u64 = (at: number, n: number) => v.setBigUint64(at, BigInt(n), true);
    u64(8, rootOffset);
    u64(16, root.length);
    u64(24, metaOffset);
    u64(32, meta.length);
    u64(40, leafOffset);
    u64(48, leaves.length);
    u64(56, dataOffset);
    u64(64, dataLen);
    u64(72, ids.length);
    u64(80, entries.length);
    u64(88, contents);
    v.setUint8(96, 1); // clustered
    v.setUint8(97, COMPRESSION_GZIP);
    v.setUint8(98, this.opts.tileCompression === 'gzip' ? COMPRESSION_GZIP : COMPRESSION_NONE);
    v.setUint8(99, this.opts.tileType);
    v.setUint8(100, this.opts.minZoom);
    v.setUint8(101, this.opts.maxZoom);
    const e7 = (n: number) => Math.round(n * 1e7);
    const [w, s, e, n] = this.opts.bounds;
    v.setInt32(102, e7(w), true);
    v.setInt32(106, e7(s), true);
    v.setInt32(110, e7(e), true);
    v.setInt32(114, e7(n), true);
    v.setUint8(118, this.opts.center[2]);
    v.setInt32(119, e7(this.opts.center[0]), true);
    v.setInt32(123, e7(this.opts.center[1]), true);
    return Buffer.concat([new Uint8Array(header), root, meta, leaves, ...chunks]);
  }
}
