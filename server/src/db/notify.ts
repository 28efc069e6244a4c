// Change notifications between server processes: PostgreSQL LISTEN/NOTIFY.
//
// Triggers in the database send `pg_notify(channel, payload)` when rows change (whoever changed
// them: this process, another server process on the same PostgreSQL, a migration or psql), and
// every process that listens is told. Caches of database rows subscribe here and drop what changed.
//
// `fence()` is what makes such a cache exact rather than merely "soon" consistent: it resolves
// after a round trip on the listening connection that started after the call, and PostgreSQL sends
// a listening session every notification committed before a query it runs ahead of that query's
// ReadyForQuery (postgres.c processes pending notify interrupts before reporting idle; the
// committing backend signals listeners before it reports its own commit). So once fence() resolves,
// every change committed before the caller's request arrived has been delivered. Concurrent calls
// share round trips: at most one is in flight, and one more is queued for every caller that came
// after it started. A caller that says when its request arrived (`fence(since)`, a
// `performance.now()` time) needs only a round trip that started after that: one already completed
// (e.g. the session cache's fence earlier in the same request) answers at once, and one in flight
// that started after it is joined — so a signed-in list request waits for one round trip, not two.
//
// PGlite is one process by design (the data directory is locked): its notifications are delivered
// while the writing query's result is read, before that query's promise resolves, so fence() has
// nothing to wait for.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type NotifyHandler = (payload: string) => void;

export interface Notifications {
  /**
   * Listen on `channel`. `onReset` is called whenever notifications may have been missed (the
   * listening connection dropped) and again once it is back: subscribers drop everything then.
   * Resolves once LISTEN is active; the returned function stops listening.
   */
  listen(channel: string, onMessage: NotifyHandler, onReset?: () => void): Promise<() => void>;
  /**
   * Resolves when every notification committed before this call — or, with `since` (a
   * `performance.now()` time in the past, e.g. when the request arrived), before `since` — has been
   * delivered; rejects while the listening connection is down.
   */
  fence(since?: number): Promise<void>;
  /** False while the listening connection is down (notifications may be missed). */
  readonly healthy: boolean;
  close(): Promise<void>;
}

interface Subscription {
  channel: string;
  onMessage: NotifyHandler;
  onReset?: () => void;
}

/** application_name of the listening connection. */
export const NOTIFY_APPLICATION_NAME = 'waymark-notify';

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Notifications over one dedicated PostgreSQL connection (not from the pool), reconnected with backoff when it drops. */
export function postgresNotifications(
  url: string,
  opts: { reconnectMs?: [number, number]; onError?: (err: Error) => void } = {},
): Notifications {
  const [minBackoff, maxBackoff] = opts.reconnectMs ?? [250, 10_000];
  const subs = new Set<Subscription>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let healthy = false;
  let closed = false;
  let backoff = minBackoff;
  let retryTimer: NodeJS.Timeout | null = null;
  let inflight: Promise<void> | null = null;
  /** when the round trip in flight was sent (performance.now()) */
  let inflightFrom = -Infinity;
  /** when the latest round trip that completed on the current connection was sent */
  let doneFrom = -Infinity;
  let queued: Promise<void> | null = null;

  const reset = () => {
    for (const s of subs) s.onReset?.();
  };

  const scheduleRetry = () => {
    if (closed || !subs.size || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch(() => undefined);
    }, backoff);
    retryTimer.unref();
    backoff = Math.min(backoff * 2, maxBackoff);
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    healthy = false;
    doneFrom = -Infinity; // nothing delivered on a lost connection vouches for anything any more
    if (err) opts.onError?.(err);
    c.end().catch(() => undefined);
    reset();
    scheduleRetry();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      // Named, so an operator sees it in pg_stat_activity (and a test can cut it).
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, application_name: NOTIFY_APPLICATION_NAME });
      c.on('notification', (n) => {
        for (const s of subs) if (s.channel === n.channel) s.onMessage(n.payload ?? '');
      });
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        for (const ch of new Set([...subs].map((s) => s.channel))) await c.query(`listen ${quoteIdent(ch)}`);
      } catch (err) {
        c.removeAllListeners('end');
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
        throw err;
      }
      client = c;
      healthy = true;
      backoff = minBackoff;
      reset(); // whatever happened while we were not listening is unknown
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting.catch((err: Error) => {
      opts.onError?.(err);
      scheduleRetry();
      throw err;
    });
  };

  const roundTrip = (): Promise<void> => {
    const c = client;
    if (!c || !healthy) return Promise.reject(new Error('the notification connection is down'));
    // An empty query: the cheapest round trip (no parse, no row), still answered after any pending notification.
    const from = performance.now();
    const p = c.query('').then(() => {
      if (client === c && from > doneFrom) doneFrom = from;
    });
    inflight = p;
    inflightFrom = from;
    const clear = () => {
      if (inflight === p) inflight = null;
    };
    p.then(clear, clear);
    return p;
  };

  return {
    get healthy() {
      return healthy;
    },
    async listen(channel, onMessage, onReset) {
      if (closed) throw new Error('notifications are closed');
      const sub: Subscription = { channel, onMessage, onReset };
      const isNew = ![...subs].some((s) => s.channel === channel);
      subs.add(sub);
      try {
        const c = await connect();
        if (isNew && client === c) await c.query(`listen ${quoteIdent(channel)}`);
      } catch (err) {
        subs.delete(sub);
        throw err;
      }
      return () => {
        subs.delete(sub);
      };
    },
    fence(since) {
      if (since !== undefined && healthy) {
        // A round trip sent after `since` delivered (or will deliver) everything committed before it.
        if (doneFrom >= since) return Promise.resolve();
        if (inflight && inflightFrom >= since) return inflight;
      }
      if (queued) return queued;
      if (!inflight) return roundTrip();
      // The round trip in flight may have started before our caller's request: wait for the next one.
      const q = inflight.then(
        () => undefined,
        () => undefined,
      );
      queued = q.then(() => {
        queued = null;
        return roundTrip();
      });
      return queued;
    },
    async close() {
      closed = true;
      subs.clear();
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      healthy = false;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}

/** Notifications of the embedded PGlite (one process): delivered before the writing query resolves, so fence() is immediate. */
export function pgliteNotifications(client: PGlite): Notifications {
  const unlisteners = new Set<() => Promise<void>>();
  let closed = false;
  return {
    healthy: true,
    async listen(channel, onMessage) {
      if (closed) throw new Error('notifications are closed');
      const off = await client.listen(channel, onMessage);
      let done = false;
      const stop = async () => {
        if (done) return;
        done = true;
        unlisteners.delete(stop);
        if (!client.closed) await off().catch(() => undefined);
      };
      unlisteners.add(stop);
      return () => void stop();
    },
    fence: () => Promise.resolve(),
    async close() {
      closed = true;
      for (const stop of [...unlisteners]) await stop();
    },
  };
}
