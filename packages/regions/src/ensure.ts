// Builds the bundled regions (data/regions/<name>/) into data/packs/<name>/ when a pack is missing
// or stale: the staleness key hashes the input files, BUILDER_VERSION, the graph format version
// and the builder's own sources. Run by scripts/prepare.mjs before `npm start` and the tests.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GRAPH_FORMAT_VERSION } from '@waymark/geo';
import { BUILDER_VERSION, BuildError, buildRegion } from './build.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const BUNDLED = [
  { name: 'andorra', osm: 'andorra.osm.pbf', dem: ['N42E001.hgt.zip'] },
  { name: 'monaco', osm: 'monaco.osm.pbf', dem: ['N43E007.hgt.zip'] },
];

function hashDir(h: ReturnType<typeof createHash>, dir: string) {
  if (!fs.existsSync(dir)) return;
  for (const f of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isDirectory()) hashDir(h, p);
    else if (/\.ts$/.test(f) && !/\.test\.ts$/.test(f)) h.update(f).update(fs.readFileSync(p));
  }
}

/** Hash of everything a pack depends on. */
export function packKey(files: string[]): string {
  const h = createHash('sha256');
  h.update(`builder:${BUILDER_VERSION};graph:${GRAPH_FORMAT_VERSION};`);
  hashDir(h, import.meta.dirname);
  // the geo code that writes graph.bin: the graph itself, the elevation grid, the varint streams
  for (const d of ['graph', 'elevation', 'io']) hashDir(h, path.join(ROOT, 'packages/geo/src', d));
  for (const f of files) h.update(path.basename(f)).update(fs.readFileSync(f));
  return h.digest('hex');
}

export function ensureRegions(opts: { root?: string; outDir?: string; log?: (m: string) => void } = {}): string[] {
  const root = opts.root ?? ROOT;
  const outDir = opts.outDir ?? path.resolve(root, process.env.REGIONS_DIR ?? 'data/packs');
  const log = opts.log ?? ((m: string) => console.log(m));
  const built: string[] = [];
  for (const r of BUNDLED) {
    const dir = path.join(root, 'data/regions', r.name);
    const osm = path.join(dir, r.osm);
    const dem = r.dem.map((d) => path.join(dir, d));
    for (const f of [osm, ...dem])
      if (!fs.existsSync(f)) throw new BuildError(`bundled region ${r.name}: missing ${path.relative(root, f)}`);
    const key = packKey([osm, ...dem]);
    const metaFile = path.join(outDir, r.name, 'meta.json');
    try {
      const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as { inputHash?: string };
      const complete = ['basemap.pmtiles', 'terrain.pmtiles', 'graph.bin', 'places.json'].every((f) =>
        fs.existsSync(path.join(outDir, r.name, f)),
      );
      if (meta.inputHash === key && complete) continue;
    } catch {
      // missing or unreadable meta → rebuild
    }
    log(`Building region pack ${r.name}…`);
    buildRegion({ name: r.name, osm, dem, outDir, inputHash: key, log });
    built.push(r.name);
  }
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureRegions();
  } catch (e) {
    console.error(`region packs: ${(e as Error).message.split('\n')[0]}`);
    process.exit(1);
  }
}
