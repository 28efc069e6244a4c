import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Config } from '../../src/config.ts';

export const TEST_DB = (process.env.WAYMARK_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export interface TestDatabase {
  database: Config['database'];
  /** For PGlite: the DATA_DIR holding it; for PostgreSQL: a scratch DATA_DIR. */
  dataDir: string;
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: a PGlite directory in a temp DATA_DIR, or a new database on
 * the throwaway PostgreSQL cluster that scripts/test.mjs started. Empty, or with `template: true`
 * on PGlite a copy of the suite's migrated template (every default module's migrations applied,
 * no rows; see pglite-template.ts) — for a server with the default modules, which would apply the
 * same migrations itself.
 */
export async function createTestDatabase(opts: { template?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-db-'));
  if (TEST_DB === 'pglite') {
    const template = opts.template ? inject('pgliteTemplate') : '';
    if (template) fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
    return {
      database: { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
      dataDir,
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.WAYMARK_TEST_PG_URL;
  if (!base) throw new Error('WAYMARK_TEST_DB=postgres needs WAYMARK_TEST_PG_URL (scripts/test.mjs sets it)');
  const name = `waymark_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString(), poolMax: 10 },
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // FORCE ends the database's other sessions but waits only 5 s for them to go: on a loaded
        // machine a busy backend can take longer (55006, "being accessed by other users"). Try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name} with (force)`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt === 5) throw err;
            await new Promise((r) => setTimeout(r, 1000));
          }
        }
      } finally {
        await c.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
