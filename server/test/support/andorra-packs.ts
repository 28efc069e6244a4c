// The packs directory a routing test's server reads (not a test file itself): the built packs when
// Andorra's graph is there (REGIONS_DIR or data/packs), else a temporary directory holding Andorra's
// graph built here from the bundled extract, removed by `cleanup()`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildGraphBytes } from '../../../packages/geo/src/test-support/andorra.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');

export async function andorraPacks(): Promise<{ dir: string; cleanup(): void }> {
  const built = path.resolve(REPO, process.env.REGIONS_DIR ?? 'data/packs');
  if (fs.existsSync(path.join(built, 'andorra', 'graph.bin'))) return { dir: built, cleanup: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-packs-'));
  fs.mkdirSync(path.join(dir, 'andorra'));
  fs.writeFileSync(path.join(dir, 'andorra', 'graph.bin'), await buildGraphBytes());
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
