// Terrain tiles one by one (`/tiles/<region>/terrain/{z}/{x}/{y}.png`) out of the pack's
// terrain.pmtiles, for clients that cannot read PMTiles themselves (maplibre-contour's DemSource).
import fs from 'node:fs';
import path from 'node:path';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';

/** One open file handle per archive; ranges read with positional reads. */
class FileSource implements Source {
  private fh: Promise<fs.promises.FileHandle> | undefined;
  constructor(private readonly file: string) {}
  getKey() {
    return this.file;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.fh ??= fs.promises.open(this.file, 'r');
    const fh = await this.fh;
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, offset);
    return { data: buf.buffer.slice(buf.byteOffset, buf.byteOffset + bytesRead) as ArrayBuffer };
  }
  async close() {
    const fh = await this.fh;
    this.fh = undefined;
    await fh?.close();
  }
}

interface Archive {
  version: string;
  pm: PMTiles;
  source: FileSource;
  maxZoom: number;
  minZoom: number;
}

/** The terrain archives of the packs, reopened when a pack is rebuilt (its version changes). */
export class TerrainTiles {
  private readonly open = new Map<string, Archive>();

  async archive(dir: string, region: string, version: string): Promise<Archive> {
    const hit = this.open.get(region);
    if (hit && hit.version === version) return hit;
    if (hit) void hit.source.close();
    const source = new FileSource(path.join(dir, 'terrain.pmtiles'));
    const pm = new PMTiles(source);
    const header = await pm.getHeader();
    const a = { version, pm, source, maxZoom: header.maxZoom, minZoom: header.minZoom };
    this.open.set(region, a);
    return a;
  }

  /** The PNG bytes of a tile, or undefined when the archive has none there. */
  async tile(dir: string, region: string, version: string, z: number, x: number, y: number): Promise<Uint8Array | undefined> {
    const a = await this.archive(dir, region, version);
    if (z < a.minZoom || z > a.maxZoom) return undefined;
    const t = await a.pm.getZxy(z, x, y);
    return t ? new Uint8Array(t.data) : undefined;
  }

  async close() {
    for (const a of this.open.values()) await a.source.close();
    this.open.clear();
  }
}
