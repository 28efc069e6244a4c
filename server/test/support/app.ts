import type { Hono } from 'hono';
import pino from 'pino';
import { createApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { AppContext, AppEnv, ServerModule } from '../../src/context.ts';
import { modules as defaultModules } from '../../src/modules.ts';
import { createContext } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: Hono<AppEnv>;
  ctx: AppContext;
  config: Config;
  testDb: TestDatabase;
  db(): AppContext['db'];
  /** app.request with a JSON body and the same-origin headers a browser would send. */
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** The real app (all modules, real database) for in-process requests via app.request(). */
export async function createTestApp(env: Record<string, string> = {}, modules: ServerModule[] = defaultModules): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: 'false', ...testDb.env, ...env });
  const ctx = await createContext(config, pino({ level: 'silent' }), modules);
  const app = createApp(ctx, modules);
  return {
    app,
    ctx,
    config,
    testDb,
    db: () => ctx.db,
    json(method, path, body, headers = {}) {
      return Promise.resolve(
        app.request(path, {
          method,
          headers: { 'content-type': 'application/json', origin: config.publicUrl, ...headers },
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      );
    },
    async close() {
      for (const m of modules) await m.close?.();
      await ctx.database.close();
      await testDb.drop();
    },
  };
}
