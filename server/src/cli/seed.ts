import { ConfigError, loadConfig } from '../config.ts';
import { createContext } from '../server.ts';
import { modules } from '../modules.ts';

try {
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
  const ctx = await createContext(config);
  try {
    for (const m of modules) await m.seed?.(ctx);
    console.log('Demo data is in place.');
  } finally {
    for (const m of modules) await m.close?.(ctx);
    await ctx.database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Seeding failed: ${(err as Error).message}`);
  process.exit(1);
}
