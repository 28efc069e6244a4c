import fs from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext, ServerModule } from './context.ts';
import { openDatabase } from './db/index.ts';
import { collectMigrations, migrate } from './db/migrate.ts';
import { loadSpa } from './http/static.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { noMailer } from './mail/mailer.ts';
import { modules as defaultModules } from './modules.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const VERSION: string = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;

export interface RunningServer {
  ctx: AppContext;
  url: string;
  port: number;
  /** Stop accepting connections, let in-flight requests finish, then close the database. */
  close(): Promise<void>;
}

/** Open the database, apply the core and the modules' migrations, init and seed the modules; create the app context (no listening). */
export async function createContext(
  config: Config,
  logger: Logger = createLogger(config.LOG_LEVEL),
  modules: ServerModule[] = defaultModules,
) {
  const database = await openDatabase(config.database);
  try {
    const applied = await migrate(database, collectMigrations(modules));
    if (applied.length) logger.info({ applied }, 'database migrated');
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      logger,
      mailer: noMailer,
      modules,
      spa: loadSpa(config.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist')),
      startedAt: new Date(),
      version: VERSION,
    };
    for (const m of modules) await m.init?.(ctx);
    if (config.SEED_DEMO) for (const m of modules) await m.seed?.(ctx);
    return ctx;
  } catch (err) {
    await database.close();
    throw err;
  }
}

export async function startServer(config: Config, options: { logger?: Logger; modules?: ServerModule[] } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const modules = options.modules ?? defaultModules;
  const ctx = await createContext(config, logger, modules);
  const app = createApp(ctx, modules);
  let server: ServerType;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => resolve(info.port));
    server.once('error', reject);
  }).catch(async (err: NodeJS.ErrnoException) => {
    await ctx.database.close();
    if (err.code === 'EADDRINUSE') throw new Error(`Port ${config.PORT} on ${config.HOST} is already in use; set PORT to a free port.`);
    throw err;
  });
  const detach: (() => Promise<void>)[] = [];
  for (const m of modules) {
    const d = m.attach?.(server! as unknown as HttpServer, app, ctx);
    if (d) detach.push(d);
  }
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Without PUBLIC_URL, links in mail point at where we listen (PORT=0 picks the port only now).
  if (!config.PUBLIC_URL) config.publicUrl = url;
  let closing: Promise<void> | null = null;
  return {
    ctx,
    url,
    port,
    close() {
      closing ??= (async () => {
        for (const d of detach) await d().catch((err: Error) => logger.warn({ err: { message: err.message } }, 'module detach failed'));
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        });
        for (const m of modules) await m.close?.(ctx);
        await ctx.database.close();
      })();
      return closing;
    },
  };
}
