import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import type { DashboardSummary } from '@waymark/contracts';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/index.ts';
import type { RequestHead } from './http/request-head.ts';
import type { IndexTransform, SpaAssets } from './http/static.ts';
import type { Logger } from './lib/logger.ts';
import type { MailSender } from './mail/mailer.ts';

/** What every module receives: configuration, the database, the logger, the mailer, the other modules. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  logger: Logger;
  /** Sends email / SMS (in-app mailbox, SMTP when configured). Set by the mail module's `init`. */
  mailer: MailSender;
  /** Every module of this server, in mount order (read by modules that aggregate, like the dashboard). */
  modules: readonly ServerModule[];
  spa: SpaAssets;
  startedAt: Date;
  version: string;
}

/**
 * What the app's request pipeline (app.ts) hands every handler as `c.env`: on @hono/node-server
 * its own `{ incoming, outgoing }` object, which the pipeline completes (no Hono middleware, no
 * `c.set()`: see app.ts).
 */
export interface AppBindings {
  /** Node's request and response when the app runs on @hono/node-server (absent under `app.request()`). */
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
  /** The request's path as Hono routes it (percent-decoded, no query). */
  path: string;
  /** X-Request-Id of this request (the log line's `reqId`). */
  requestId: string;
  /** `performance.now()` when the app saw the request (for `Notifications.fence(since)`). */
  receivedAt: number;
  /**
   * The encoding the app will compress this response with (br or gzip, when the client accepts
   * one and the response may be compressed), or null: then a response is sent as it is.
   */
  encoding: 'br' | 'gzip' | null;
}

export type AppEnv = {
  Bindings: AppBindings;
  Variables: {
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

/** The signed-in user a request runs for (see http/guards.ts). */
export type RequestUser = NonNullable<AppEnv['Variables']['user']>;

/** The calendar month the dashboard summarises: [from, to) in `timeZone`. */
export interface DashboardPeriod {
  from: Date;
  to: Date;
  timeZone: string;
}

/**
 * A module's part of the dashboard summary. A module that answers `routesThisMonth`/`routesTotal`
 * makes `available.routes` true, one that answers `projects` makes `available.projects` true, one that answers `tasks` makes `available.tasks` true;
 * `recentActivity` items of every module are merged, newest first.
 */
export type DashboardContribution = Partial<
  Pick<DashboardSummary, 'routesThisMonth' | 'routesTotal' | 'projects' | 'tasks' | 'recentActivity'>
>;

/**
 * A feature module of the server:
 * - `migrations`: a directory of `NNNN_name.sql` files; the runner applies every module's files
 *   and the core ones (`server/src/db/migrations`) in one global order by file name;
 * - `init` prepares state (after migrations); `register` mounts routes (under /api/... or its own
 *   prefix); `indexTransforms` may rewrite index.html per request (e.g. the csrf meta tag);
 * - `dashboard` contributes the signed-in user's figures to GET /api/dashboard/summary;
 * - `seed` creates demo data; `close` releases resources at shutdown.
 */
export interface ServerModule {
  name: string;
  migrations?: { dir: string };
  init?(ctx: AppContext): Promise<void> | void;
  register?(app: Hono<AppEnv>, ctx: AppContext): void;
  indexTransforms?: IndexTransform[];
  /** API paths that stream their request body and enforce their own size limit (the JSON body limit skips them). */
  streamingBodies?: RegExp[];
  /**
   * For a module whose `register` adds middleware for every path (`app.use('*', …)`): true for a
   * request that middleware leaves alone (it only calls `next()`: nothing read, set or refused).
   * The app answers a request that every such module leaves alone from a router without their
   * middleware, where a route with one synchronous handler leaves by @hono/node-server's
   * synchronous path (app.ts). A module with such middleware and no `passesOn` keeps every request
   * on the full chain. Must agree with the middleware exactly: what it answers true for skips it.
   */
  passesOn?(head: RequestHead): boolean;
  dashboard?(ctx: AppContext, user: RequestUser, period: DashboardPeriod): Promise<DashboardContribution>;
  seed?(ctx: AppContext): Promise<void>;
  /**
   * Called once the HTTP server listens (e.g. to take websocket upgrades). May return a function
   * that runs before the server stops accepting connections (e.g. to close websockets).
   */
  attach?(server: Server, app: Hono<AppEnv>, ctx: AppContext): (() => Promise<void>) | void;
  close?(ctx: AppContext): Promise<void> | void;
}
