// Global setup of the database suite: on PGlite, one database with every default module's
// migrations applied, made once per run. Test files copy its directory instead of creating a
// database of their own: a new PGlite cluster (initdb in WebAssembly) takes 10–25 s on this machine,
// a copy of the template and its opening 1–3 s. Files that need another module set, or an empty
// database, still create theirs (createTestDatabase({ template: false }), the default).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/index.ts';
import { collectMigrations, migrate } from '../../src/db/migrate.ts';
import { modules } from '../../src/modules.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite directory to copy ('' on PostgreSQL). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if ((process.env.WAYMARK_TEST_DB ?? 'pglite') !== 'pglite') {
    project.provide('pgliteTemplate', '');
    return;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-pglite-template-'));
  const dir = path.join(root, 'pglite');
  const database = await openDatabase({ kind: 'pglite', dir });
  try {
    await migrate(database, collectMigrations(modules));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
