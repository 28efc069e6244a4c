// Region pack build time: our builder (basemap z0–15 + terrain + graph + places, one Node thread)
// beside tilemaker (Debian package, OpenMapTiles example profile, vector tiles only, all cores)
// building the same extracts over the same bbox and zoom range (z0–15), in the same run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRegion } from '@waymark/regions/build';
import { BUNDLED } from '@waymark/regions/ensure';
import { printTable, type Row } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLES = '/usr/share/doc/tilemaker/examples';

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** tilemaker from Debian, installed on first use (apt-get update only when the install fails). */
function ensureTilemaker(): string {
  const found = run('sh', ['-c', 'command -v tilemaker']);
  if (found.ok) return found.out.trim();
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...a: string[]) => run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...a]);
  console.log('Installing tilemaker (apt-get install -y tilemaker)…');
  if (!apt('install', '-y', 'tilemaker').ok) {
    apt('update');
    const r = apt('install', '-y', 'tilemaker');
    if (!r.ok) throw new Error(`could not install tilemaker: ${r.out.split('\n').slice(-3).join(' ')}`);
  }
  return 'tilemaker';
}

/** The OpenMapTiles example profile without its shapefile layers, raised to maxzoom 15. */
function tilemakerConfig(dir: string): { config: string; process: string } {
  const cfg = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'config-openmaptiles.json'), 'utf8')) as {
    settings: Record<string, unknown>;
    layers: Record<string, { source?: string; maxzoom?: number }>;
  };
  for (const [name, layer] of Object.entries(cfg.layers)) {
    if (layer.source) delete cfg.layers[name];
    else if (layer.maxzoom === 14) layer.maxzoom = 15;
  }
  Object.assign(cfg.settings, { maxzoom: 15, basezoom: 15, combine_below: 15 });
  const config = path.join(dir, 'config.json');
  fs.writeFileSync(config, JSON.stringify(cfg));
  const lua = fs.readFileSync(path.join(EXAMPLES, 'process-openmaptiles.lua'), 'utf8');
  const proc = path.join(dir, 'process.lua');
  fs.writeFileSync(proc, lua);
  return { config, process: proc };
}

export async function benchRegions() {
  const tilemaker = ensureTilemaker();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-regions-'));
  const rows: Row[] = [];
  try {
    const tm = tilemakerConfig(tmp);
    for (const r of BUNDLED) {
      const dir = path.join(ROOT, 'data/regions', r.name);
      const osm = path.join(dir, r.osm);
      const dem = r.dem.map((d) => path.join(dir, d));
      const t0 = performance.now();
      const meta = buildRegion({ name: r.name, osm, dem, outDir: path.join(tmp, 'ours') });
      const ours = performance.now() - t0;
      const ms = meta.buildMs;
      const oursVector = (ms.readOsm ?? 0) + (ms.features ?? 0) + (ms.tiling ?? 0) + (ms.encodeBasemap ?? 0);

      const out = path.join(tmp, `${r.name}.mbtiles`);
      const t1 = performance.now();
      const res = run(tilemaker, [
        '--input',
        osm,
        '--output',
        out,
        '--config',
        tm.config,
        '--process',
        tm.process,
        '--bbox',
        meta.bbox.join(','),
      ]);
      const theirs = performance.now() - t1;
      if (!res.ok || !fs.existsSync(out)) throw new Error(`tilemaker failed on ${r.name}: ${res.out.split('\n').slice(-3).join(' ')}`);
      const theirSize = fs.statSync(out).size;
      console.log(
        `${r.name}: ours ${Math.round(ours)} ms total (vector tiles ${oursVector} ms, ${meta.counts.basemapTiles} tiles, basemap ${(meta.files['basemap.pmtiles']! / 1e6).toFixed(2)} MB; ` +
          `terrain ${ms.terrain} ms; graph ${ms.graph} ms) — tilemaker ${Math.round(theirs)} ms (${(theirSize / 1e6).toFixed(2)} MB mbtiles)`,
      );
      rows.push({
        metric: `${r.name}: vector tiles z0–15`,
        ours: oursVector,
        peer: theirs,
        peerName: 'tilemaker 2.2',
        unit: 'ms',
        higherIsBetter: false,
      });
      rows.push({
        metric: `${r.name}: whole pack vs tilemaker tiles`,
        ours,
        peer: theirs,
        peerName: 'tilemaker 2.2',
        unit: 'ms',
        higherIsBetter: false,
      });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  printTable('Region pack build (our builder vs tilemaker, same extract, bbox and zooms z0–15)', rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRegions();
