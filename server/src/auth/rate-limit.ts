import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/** One counter: attempts in the current window, and until when the key must wait. */
export interface Counter {
  count: number;
  windowStart: number;
  blockedUntil: number;
}

/**
 * Where counters live. `update` is an atomic read-modify-write of one key: `fn` gets the current
 * counter (or null) and returns the new one (null deletes it), plus a value handed back to the caller.
 * In-process for PGlite (one process per data directory anyway); a table with a row lock on
 * PostgreSQL, so several server processes behind a load balancer enforce the same limits.
 */
export interface CounterStore {
  update<R>(key: string, fn: (current: Counter | null, now: number) => { next: Counter | null; result: R }): Promise<R>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Counter>();
  private sweepAt = 0;
  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async update<R>(key: string, fn: (current: Counter | null, now: number) => { next: Counter | null; result: R }): Promise<R> {
    const t = this.now();
    this.sweep(t);
    const { next, result } = fn(this.entries.get(key) ?? null, t);
    if (next) this.entries.set(key, next);
    else this.entries.delete(key);
    return result;
  }

  private sweep(t: number) {
    if (t < this.sweepAt) return;
    this.sweepAt = t + 60_000;
    for (const [k, e] of this.entries) if (e.blockedUntil <= t && t - e.windowStart > this.maxAgeMs) this.entries.delete(k);
  }
}

/** Counters in the `auth_rate_limits` table; each update runs in a transaction holding the row lock. */
export class PgCounterStore implements CounterStore {
  private sweepAt = 0;
  constructor(
    private readonly db: Db,
    private readonly maxAgeMs: number,
  ) {}

  async update<R>(key: string, fn: (current: Counter | null, now: number) => { next: Counter | null; result: R }): Promise<R> {
    const k = key.slice(0, 400);
    const out = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('auth_rate_limits')
        .values({ key: k, count: 0, window_start: new Date(0), blocked_until: new Date(0) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await trx.selectFrom('auth_rate_limits').selectAll().where('key', '=', k).forUpdate().executeTakeFirstOrThrow();
      // The database's clock, so that every process agrees on "now".
      const { now } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(trx).then((r) => r.rows[0]!);
      const t = new Date(now).getTime();
      const current: Counter | null =
        row.count === 0 && new Date(row.blocked_until).getTime() === 0
          ? null
          : { count: row.count, windowStart: new Date(row.window_start).getTime(), blockedUntil: new Date(row.blocked_until).getTime() };
      const { next, result } = fn(current, t);
      if (next) {
        await trx
          .updateTable('auth_rate_limits')
          .set({ count: next.count, window_start: new Date(next.windowStart), blocked_until: new Date(next.blockedUntil) })
          .where('key', '=', k)
          .execute();
      } else {
        await trx.deleteFrom('auth_rate_limits').where('key', '=', k).execute();
      }
      return { result, t };
    });
    if (out.t > this.sweepAt) {
      this.sweepAt = out.t + 10 * 60_000;
      await this.db
        .deleteFrom('auth_rate_limits')
        .where('blocked_until', '<', new Date(out.t))
        .where('window_start', '<', new Date(out.t - this.maxAgeMs))
        .execute();
    }
    return out.result;
  }
}

export interface Verdict {
  allowed: boolean;
  /** Seconds to wait when not allowed. */
  retryAfter: number;
}

/**
 * Fixed window: at most `max` attempts per `windowMs`; attempts beyond are refused (and not counted)
 * until the window ends. Used per IP and action.
 */
export async function hitWindow(store: CounterStore, key: string, max: number, windowMs: number): Promise<Verdict> {
  return store.update<Verdict>(key, (cur, now) => {
    const fresh = !cur || now - cur.windowStart >= windowMs;
    const c: Counter = fresh ? { count: 0, windowStart: now, blockedUntil: 0 } : { ...cur };
    if (c.count >= max)
      return { next: c, result: { allowed: false, retryAfter: Math.max(1, Math.ceil((c.windowStart + windowMs - now) / 1000)) } };
    c.count += 1;
    return { next: c, result: { allowed: true, retryAfter: 0 } };
  });
}

/**
 * Progressive delay: the first `free` attempts of a window go through at once; after that each
 * attempt must wait `baseMs · 2^(n − free)` (capped at `capMs`) after the previous one. An attempt
 * is counted *before* the password is checked (so parallel guesses cannot slip past the count) and
 * the key is cleared when the attempt succeeds. Nothing is ever locked for longer than `capMs`.
 */
export async function claimAttempt(
  store: CounterStore,
  key: string,
  opts: { free: number; windowMs: number; baseMs: number; capMs: number },
): Promise<Verdict> {
  return store.update<Verdict>(key, (cur, now) => {
    if (cur && cur.blockedUntil > now)
      return { next: cur, result: { allowed: false, retryAfter: Math.max(1, Math.ceil((cur.blockedUntil - now) / 1000)) } };
    const fresh = !cur || now - cur.windowStart >= opts.windowMs;
    const c: Counter = fresh ? { count: 0, windowStart: now, blockedUntil: 0 } : { ...cur };
    c.count += 1;
    c.blockedUntil = c.count >= opts.free ? now + progressiveDelay(c.count, opts) : 0;
    return { next: c, result: { allowed: true, retryAfter: 0 } };
  });
}

export function progressiveDelay(count: number, opts: { free: number; baseMs: number; capMs: number }): number {
  if (count < opts.free) return 0;
  return Math.min(opts.capMs, opts.baseMs * 2 ** Math.min(30, count - opts.free));
}

/** Seconds a key still has to wait (0 when it may go now), without counting. */
export async function peekBlocked(store: CounterStore, key: string): Promise<number> {
  return store.update(key, (cur, now) => ({
    next: cur,
    result: cur && cur.blockedUntil > now ? Math.ceil((cur.blockedUntil - now) / 1000) : 0,
  }));
}

/** Count one failure for a coarse key (no claim before the check). */
export async function recordFailure(
  store: CounterStore,
  key: string,
  opts: { free: number; windowMs: number; baseMs: number; capMs: number },
): Promise<void> {
  await store.update(key, (cur, now) => {
    const fresh = !cur || now - cur.windowStart >= opts.windowMs;
    const c: Counter = fresh ? { count: 0, windowStart: now, blockedUntil: 0 } : { ...cur };
    c.count += 1;
    c.blockedUntil = c.count >= opts.free ? now + progressiveDelay(c.count, opts) : 0;
    return { next: c, result: undefined };
  });
}

export async function clearKey(store: CounterStore, key: string): Promise<void> {
  await store.update(key, () => ({ next: null, result: undefined }));
}
