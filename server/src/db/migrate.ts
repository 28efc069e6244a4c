import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './index.ts';

/** The core migrations (foundation, and those of modules that predate per-module directories). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const MIGRATION_FILE = /^\d{4}_[a-z0-9_-]+\.sql$/;

export interface Migration {
  name: string;
  sql: string;
}

/** The SQL migrations of one directory, ordered by file name (NNNN_name.sql). */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/**
 * The core migrations plus every module's (`ServerModule.migrations.dir`), in one global order by
 * name: the NNNN prefix decides, so a module's table can reference another's created earlier
 * (e.g. 0300_routes → users of 0100_auth). Two files with the same name are an error.
 */
export function collectMigrations(
  modules: readonly { name: string; migrations?: { dir: string } }[],
  coreDir = MIGRATIONS_DIR,
): Migration[] {
  const seen = new Map<string, string>();
  const all: Migration[] = [];
  const add = (owner: string, dir: string) => {
    for (const m of listMigrations(dir)) {
      const other = seen.get(m.name);
      if (other) throw new Error(`Migration ${m.name} exists twice (${other} and ${owner})`);
      seen.set(m.name, owner);
      all.push(m);
    }
  };
  add('core', coreDir);
  for (const mod of modules) if (mod.migrations) add(`module ${mod.name}`, mod.migrations.dir);
  return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Apply pending migrations on one connection, each inside its own transaction (a failing migration
 * leaves nothing behind). An advisory lock serialises concurrent starters on a shared PostgreSQL.
 * Returns the names applied now.
 */
export async function migrate(handle: DatabaseHandle, migrations: Migration[]): Promise<string[]> {
  return handle.withScriptConnection(async (conn) => {
    await conn.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now()); select pg_advisory_lock(727274);',
    );
    try {
      const done = new Set((await conn.rows<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        try {
          await conn.exec(`begin;\n${m.sql}\n;insert into schema_migrations (name) values ('${m.name}');\ncommit;`);
        } catch (err) {
          await conn.exec('rollback').catch(() => undefined);
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
        }
        applied.push(m.name);
      }
      return applied;
    } finally {
      await conn.exec('select pg_advisory_unlock(727274)').catch(() => undefined);
    }
  });
}
