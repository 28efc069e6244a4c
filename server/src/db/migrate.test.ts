import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectMigrations } from './migrate.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-migrations-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function dir(name: string, files: Record<string, string>): string {
  const d = path.join(root, name);
  fs.mkdirSync(d, { recursive: true });
  for (const [f, sql] of Object.entries(files)) fs.writeFileSync(path.join(d, f), sql);
  return d;
}

describe('collectMigrations', () => {
  const core = dir('core', {
    '0001_foundation.sql': 'select 1;',
    '0100_auth.sql': 'select 2;',
    'README.md': 'not a migration',
    '12_bad.sql': 'ignored',
  });

  it("puts the core and every module's migrations in one order by name", () => {
    const planner = dir('planner', { '0300_routes.sql': 'select 3;' });
    const projects = dir('projects', { '0400_projects.sql': 'select 4;', '0050_early.sql': 'select 0;' });
    const all = collectMigrations(
      [{ name: 'projects', migrations: { dir: projects } }, { name: 'health' }, { name: 'planner', migrations: { dir: planner } }],
      core,
    );
    expect(all.map((m) => m.name)).toEqual(['0001_foundation', '0050_early', '0100_auth', '0300_routes', '0400_projects']);
    expect(all.find((m) => m.name === '0300_routes')?.sql).toBe('select 3;');
  });

  it('refuses two migrations with the same name', () => {
    const clash = dir('clash', { '0100_auth.sql': 'select 9;' });
    expect(() => collectMigrations([{ name: 'other', migrations: { dir: clash } }], core)).toThrow(
      /0100_auth exists twice \(core and module other\)/,
    );
  });
});
