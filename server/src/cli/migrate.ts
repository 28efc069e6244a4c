import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { collectMigrations, migrate } from '../db/migrate.ts';
import { modules } from '../modules.ts';

try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const applied = await migrate(database, collectMigrations(modules));
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
