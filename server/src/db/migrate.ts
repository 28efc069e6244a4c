import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './index.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  name: string;
  sql: string;
}

/** The project's one set of SQL migrations, ordered by file name (NNNN_name.sql). */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/**
 * Apply pending migrations on one connection, each inside its own transaction (a failing migration
 * leaves nothing behind). An advisory lock serialises concurrent starters on a shared PostgreSQL.
 * Returns the names applied now.
 */
export async function migrate(handle: DatabaseHandle, migrations = listMigrations()): Promise<string[]> {
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
