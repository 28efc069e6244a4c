import type { Server } from 'node:http';
import type { Hono } from 'hono';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/index.ts';
import type { IndexTransform, SpaAssets } from './http/static.ts';
import type { Logger } from './lib/logger.ts';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  logger: Logger;
  spa: SpaAssets;
  startedAt: Date;
  version: string;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    /** Set by the auth module when a session cookie is valid. */
    user?: { id: string; email: string | null; role: string; name: string; phone?: string | null; emailVerified?: boolean };
    session?: { id: string; authenticatedAt?: Date; expiresAt?: Date; remember?: boolean };
  };
};

/**
 * A feature module of the server. `register` mounts its routes (under /api/... or its own
 * prefix); `indexTransforms` may rewrite index.html per request (e.g. the csrf meta tag);
 * `seed` creates demo data; `close` releases resources at shutdown.
 */
export interface ServerModule {
  name: string;
  init?(ctx: AppContext): Promise<void> | void;
  register?(app: Hono<AppEnv>, ctx: AppContext): void;
  indexTransforms?: IndexTransform[];
  /** API paths that stream their request body and enforce their own size limit (the JSON body limit skips them). */
  streamingBodies?: RegExp[];
  seed?(ctx: AppContext): Promise<void>;
  /**
   * Called once the HTTP server listens (e.g. to take websocket upgrades). May return a function
   * that runs before the server stops accepting connections (e.g. to close websockets).
   */
  attach?(server: Server, app: Hono<AppEnv>, ctx: AppContext): (() => Promise<void>) | void;
  close?(): Promise<void> | void;
}
