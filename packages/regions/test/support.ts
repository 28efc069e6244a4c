import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { ensureRegions, ROOT } from '../src/ensure.ts';

export const PACKS = path.join(ROOT, 'data/packs');

let ready = false;
/** Build (or reuse) the bundled packs in data/packs. */
export function ensurePacks(): string {
  if (!ready) {
    ensureRegions({ outDir: PACKS, log: () => {} });
    ready = true;
  }
  return PACKS;
}

/** A pmtiles Source over an in-memory archive, so the official reader parses our writer's output. */
export class BytesSource implements Source {
  constructor(
    private bytes: Uint8Array,
    private key = 'bytes',
  ) {}
  getKey() {
    return this.key;
  }
  getBytes(offset: number, length: number): Promise<RangeResponse> {
    const b = this.bytes.subarray(offset, offset + length);
    return Promise.resolve({ data: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer });
  }
}

export function openArchive(file: string): PMTiles {
  return new PMTiles(new BytesSource(fs.readFileSync(file), file));
}

export function decodeMvt(data: ArrayBuffer): VectorTile {
  let bytes = new Uint8Array(data);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  return new VectorTile(new PbfReader(bytes));
}

export function tileOf(lon: number, lat: number, z: number): [number, number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const s = Math.sin((lat * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n);
  return [z, x, y];
}
