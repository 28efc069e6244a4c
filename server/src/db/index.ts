import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config.ts';
import { lockDataDir } from './lock.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** One dedicated connection that runs multi-statement SQL scripts (simple query protocol). */
export interface ScriptConnection {
  exec(script: string): Promise<void>;
  rows<T = Record<string, unknown>>(query: string): Promise<T[]>;
}

/** A LISTEN subscription (see DatabaseHandle.listen). */
export interface Listener {
  close(): Promise<void>;
}

export type ListenFn = (
  channels: string[],
  onNotify: (channel: string, payload: string) => void,
  onReconnect?: () => void,
) => Promise<Listener>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Receive NOTIFY payloads sent on `channels` (by this process or, on PostgreSQL, any other).
   * PostgreSQL: a dedicated connection, re-established after a failure; `onReconnect` then runs
   * (notifications sent while it was down were missed).
   */
  listen: ListenFn;
  /** Run fn with one dedicated connection (migrations, scripts). */
  withScriptConnection<T>(fn: (conn: ScriptConnection) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

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
    return handle(db, 'postgres', withConn, pgListen(database.url), async () => {
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
  const listen: ListenFn = async (channels, onNotify) => {
    const unsubscribe = await Promise.all(channels.map((ch) => client.listen(ch, (payload) => onNotify(ch, payload))));
    return {
      async close() {
        if (!client.closed) await Promise.all(unsubscribe.map((u) => u().catch(() => undefined)));
      },
    };
  };
  return handle(db, 'pglite', withConn, listen, async () => {
    await db.destroy();
    if (!client.closed) await client.close();
    release();
  });
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** LISTEN on a dedicated PostgreSQL connection that reconnects (every second) after a failure. */
function pgListen(url: string): ListenFn {
  return async (channels, onNotify, onReconnect) => {
    for (const ch of channels) if (!CHANNEL.test(ch)) throw new Error(`Invalid channel name ${ch}`);
    let current: pg.Client | null = null;
    let closed = false;
    let timer: NodeJS.Timeout | null = null;
    const scheduleReconnect = () => {
      if (closed || timer) return;
      timer = setTimeout(() => {
        timer = null;
        connect().then(
          () => onReconnect?.(),
          () => scheduleReconnect(),
        );
      }, 1000);
    };
    const connect = async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        c.end().catch(() => undefined);
        if (current === c) {
          current = null;
          scheduleReconnect();
        }
      };
      c.on('notification', (m) => onNotify(m.channel, m.payload ?? ''));
      c.on('error', onLost);
      c.on('end', onLost);
      try {
        await c.connect();
        for (const ch of channels) await c.query(`listen ${ch}`);
      } catch (err) {
        lost = true;
        await c.end().catch(() => undefined);
        throw err;
      }
      if (closed) {
        lost = true;
        await c.end().catch(() => undefined);
        return;
      }
      current = c;
    };
    await connect();
    return {
      async close() {
        closed = true;
        if (timer) clearTimeout(timer);
        const c = current;
        current = null;
        await c?.end().catch(() => undefined);
      },
    };
  };
}

function handle(
  db: Db,
  kind: 'pglite' | 'postgres',
  withScriptConnection: DatabaseHandle['withScriptConnection'],
  listen: ListenFn,
  closeFn: () => Promise<void>,
): DatabaseHandle {
  let closing: Promise<void> | null = null;
  // Concurrent health checks share one in-flight round trip instead of queueing N identical ones.
  let inflight: Promise<boolean> | null = null;
  return {
    db,
    kind,
    withScriptConnection,
    listen,
    ping() {
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
    },
    close() {
      closing ??= closeFn();
      return closing;
    },
  };
}
