// The region:build CLI on good and bad inputs: one-line errors, non-zero exit, no partial output,
// and an existing pack left untouched by a failed rebuild.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../src/ensure.ts';

const MONACO = path.join(ROOT, 'data/regions/monaco');
const ANDORRA = path.join(ROOT, 'data/regions/andorra');
let tmp = '';
let out = '';

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'packages/regions/src/cli.ts'), ...args, '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { code: r.status, stderr: r.stderr.trim(), stdout: r.stdout.trim() };
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-cli-'));
  out = path.join(tmp, 'packs');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const listing = () => (fs.existsSync(out) ? fs.readdirSync(out).sort() : []);

describe('region:build CLI', () => {
  it('builds a pack from an extract and its DEM', () => {
    const r = cli('--name', 'monaco', '--osm', path.join(MONACO, 'monaco.osm.pbf'), '--dem', path.join(MONACO, 'N43E007.hgt.zip'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(fs.readdirSync(path.join(out, 'monaco')).sort()).toEqual([
      'basemap.pmtiles',
      'graph.bin',
      'meta.json',
      'places.json',
      'terrain.pmtiles',
    ]);
  }, 60_000);

  const bad: [string, () => string[], RegExp][] = [
    [
      'a file that is not PBF',
      () => {
        const f = path.join(tmp, 'notes.osm.pbf');
        fs.writeFileSync(f, 'this is not a protocol buffer\n'.repeat(20));
        return ['--osm', f, '--dem', path.join(MONACO, 'N43E007.hgt.zip')];
      },
      /not an OSM PBF file/,
    ],
    [
      'a truncated PBF',
      () => {
        const f = path.join(tmp, 'cut.osm.pbf');
        const b = fs.readFileSync(path.join(MONACO, 'monaco.osm.pbf'));
        fs.writeFileSync(f, b.subarray(0, Math.floor(b.length / 2)));
        return ['--osm', f, '--dem', path.join(MONACO, 'N43E007.hgt.zip')];
      },
      /truncated PBF/,
    ],
    [
      'a DEM that does not cover the extract',
      () => ['--osm', path.join(MONACO, 'monaco.osm.pbf'), '--dem', path.join(ANDORRA, 'N42E001.hgt.zip')],
      /does not cover the extract/,
    ],
    [
      'an unreadable .hgt',
      () => {
        const f = path.join(tmp, 'N43E007.hgt.zip');
        fs.writeFileSync(f, zipSync({ 'N43E007.hgt': new Uint8Array(1000) }));
        return ['--osm', path.join(MONACO, 'monaco.osm.pbf'), '--dem', f];
      },
      /unreadable DEM N43E007\.hgt\.zip/,
    ],
    [
      'a .hgt that is not a zip',
      () => {
        const f = path.join(tmp, 'N43E007b.hgt.zip');
        fs.writeFileSync(f, 'garbage');
        return ['--osm', path.join(MONACO, 'monaco.osm.pbf'), '--dem', f];
      },
      /unreadable DEM/,
    ],
    [
      'a missing file',
      () => ['--osm', path.join(tmp, 'nope.osm.pbf'), '--dem', path.join(MONACO, 'N43E007.hgt.zip')],
      /cannot read OSM extract .*ENOENT/,
    ],
  ];

  it.each(bad)(
    'rejects %s with one line, exit 1 and the old pack untouched',
    (_what, args, message) => {
      const before = fs.readFileSync(path.join(out, 'monaco', 'meta.json'), 'utf8');
      const entries = listing();
      const r = cli('--name', 'monaco', ...args());
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^region:build: /);
      expect(listing()).toEqual(entries); // no temp dirs, no partial pack
      expect(fs.readFileSync(path.join(out, 'monaco', 'meta.json'), 'utf8')).toBe(before);
    },
    60_000,
  );

  it('rejects missing arguments and bad names with usage errors', () => {
    expect(cli('--name', 'x').code).toBe(2);
    const r = cli('--name', '../evil', '--osm', path.join(MONACO, 'monaco.osm.pbf'), '--dem', path.join(MONACO, 'N43E007.hgt.zip'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/invalid region name/);
  }, 30_000);
});
