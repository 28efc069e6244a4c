import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config.ts';
import { lockDataDir } from './lock.ts';
import { pgliteNotifications, postgresNotifications, type Notifications } from './notify.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** One dedicated connection that runs multi-statement SQL scripts (simple query protocol). */
export interface ScriptConnection {
  exec(script: string): Promise<void>;
  rows<T = Record<string, unknown>>(query: string): Promise<T[]>;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run fn with one dedicated connection (migrations, scripts). */
  withScriptConnection<T>(fn: (conn: ScriptConnection) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * The health check's view: a successful ping is reused for up to a second (health probes of a
   * busy server would otherwise queue a query each behind PGlite's one connection); a failed one
   * is not, so recovery shows on the next probe.
   */
  check(): Promise<DatabaseCheck>;
  /** The successful check `check()` would answer with right now without a query, if there is one (answers without a promise). */
  recentCheck(): DatabaseCheck | null;
  /** LISTEN/NOTIFY between processes (db/notify.ts); connects on first use. */
  notifications: Notifications;
  /**
   * PGlite only: the bytes of `COPY (…) TO '/dev/blob' WITH (FORMAT binary)` — large bytea values
   * without PGlite's text round trip (hex or base64 encoded in WASM, parsed in JavaScript).
   */
  copyOut?: (query: string) => Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface DatabaseCheck {
  reachable: boolean;
  /** how long the ping took, ms */
  latencyMs: number;
  checkedAt: Date;
}

const CHECK_REUSE_MS = 1000;

/** Open the configured database: PGlite in DATA_DIR (locked to this process) or PostgreSQL via a pool. */
export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: database.poolMax, connectionTimeoutMillis: 10_000 });
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Fail fast with a clear message when PostgreSQL is unreachable.
    await sql`select 1`.execute(db);
    const withConn = async <T>(fn: (conn: ScriptConnection) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (script) => {
            await client.query(script);
          },
          rows: async <R>(query: string) => (await client.query(query)).rows as R[],
        });
      } finally {
        client.release();
      }
    };
    const notifications = postgresNotifications(database.url);
    return handle(db, 'postgres', withConn, notifications, async () => {
      await notifications.close();
      await db.destroy();
    });
  }
  const release = lockDataDir(database.dir);
  let client: PGlite;
  try {
    client = await PGlite.create(database.dir);
  } catch (err) {
    release();
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  const withConn = async <T>(fn: (conn: ScriptConnection) => Promise<T>): Promise<T> =>
    fn({
      exec: async (script) => {
        await client.exec(script);
      },
      rows: async <R>(query: string) => (await client.query<R>(query)).rows,
    });
  const notifications = pgliteNotifications(client);
  const copyOut = async (query: string) => {
    const blob = (await client.query(query)).blob;
    if (!blob) throw new Error('COPY to /dev/blob returned no data');
    return new Uint8Array(await blob.arrayBuffer());
  };
  return handle(
    db,
    'pglite',
    withConn,
    notifications,
    async () => {
      await notifications.close();
      await db.destroy();
      if (!client.closed) await client.close();
      release();
    },
    copyOut,
  );
}

function handle(
  db: Db,
  kind: 'pglite' | 'postgres',
  withScriptConnection: DatabaseHandle['withScriptConnection'],
  notifications: Notifications,
  closeFn: () => Promise<void>,
  copyOut?: DatabaseHandle['copyOut'],
): DatabaseHandle {
  let closing: Promise<void> | null = null;
  // Concurrent health checks share one in-flight round trip instead of queueing N identical ones.
  let inflight: Promise<boolean> | null = null;
  let lastOk: DatabaseCheck | null = null;
  let checking: Promise<DatabaseCheck> | null = null;
  const ping = () => {
    inflight ??= sql`select 1`
      .execute(db)
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
  return {
    db,
    kind,
    withScriptConnection,
    notifications,
    copyOut,
    ping,
    recentCheck() {
      return lastOk && Date.now() - lastOk.checkedAt.getTime() < CHECK_REUSE_MS ? lastOk : null;
    },
    check() {
      const recent = this.recentCheck();
      if (recent) return Promise.resolve(recent);
      checking ??= (async () => {
        const t0 = performance.now();
        const reachable = await ping();
        const result = { reachable, latencyMs: Math.round((performance.now() - t0) * 100) / 100, checkedAt: new Date() };
        lastOk = reachable ? result : null;
        return result;
      })().finally(() => {
        checking = null;
      });
      return checking;
    },
    close() {
      closing ??= closeFn();
      return closing;
    },
  };
}
