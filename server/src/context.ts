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
    /**
     * `kind`: a browser cookie session, a token-API session (bearer access token) or a personal
     * access token (`scope` read or write). Set by the auth module.
     */
    session?: {
      id: string;
      authenticatedAt?: Date;
      expiresAt?: Date;
      remember?: boolean;
      kind?: 'browser' | 'token' | 'pat';
      scope?: 'read' | 'write';
    };
    /** The request carried an Authorization header (then the cookie is ignored and no CSRF token is needed). */
    bearer?: boolean;
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
  seed?(ctx: AppContext): Promise<void>;
  close?(): Promise<void> | void;
}
