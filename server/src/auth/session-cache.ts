// The session lookup of signed-in requests, kept in memory without ever serving a revoked session.
//
// Every signed-in request resolves its cookie to a session and its user. Asking the database each
// time serialises signed-in traffic behind PGlite's single connection (and costs a round trip on
// PostgreSQL), so recently used sessions stay here, keyed by the token's hash. They stay correct
// because the database says when their rows change: triggers (migration 0110) notify channel
// `waymark_auth` with `s:<session id>` or `u:<user id>` on every update or delete of a session,
// user or second factor, by any writer, and every server process drops the entries concerned.
//
// "At once" across processes: before a cached entry is used, `fence()` (db/notify.ts) waits until
// every change committed before this request arrived has been delivered — on PostgreSQL one round
// trip on the listening connection, shared by all requests waiting at the same time; on PGlite
// nothing (notifications arrive before the writing query resolves). While the listening
// connection is down every lookup goes to the database.
//
// A lookup that raced with a change (read the row, then the notification came) does not store what
// it read. Entries also expire after `maxAgeMs` and the cache holds at most `maxEntries`.
//
// Also here: the "last seen" throttle — at most one write per session per `touchIntervalMs` in this
// process, however many of its requests arrive together (or read the row before the last write).
import type { Notifications } from '../db/notify.ts';

export const AUTH_CHANNEL = 'waymark_auth';

/** What the cache needs to know about a looked-up row: its session id and its user's id. */
export interface SessionKeys {
  /** the session's id */
  sid: string;
  /** the user's id */
  id: string;
}

interface Entry {
  row: SessionKeys;
  at: number;
}

export interface SessionCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  /** at most one "last seen" write per session per this many ms (in this process) */
  touchIntervalMs?: number;
  now?: () => number;
  onError?: (err: Error) => void;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly bySession = new Map<string, string>();
  private readonly byUser = new Map<string, Set<string>>();
  /** id key (`s:…`, `u:…`) → sequence number of its latest invalidation, while lookups are in flight */
  private readonly recent = new Map<string, number>();
  /** session id → when this process last wrote its "last seen" (or is writing it: Infinity) */
  private readonly touched = new Map<string, number>();
  private seq = 0;
  private flushedAt = 0;
  private loading = 0;
  private listening = false;
  private stop: (() => void) | null = null;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly touchIntervalMs: number;
  private readonly now: () => number;

  constructor(
    private readonly notifications: Notifications,
    private readonly opts: SessionCacheOptions = {},
  ) {
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.maxAgeMs = opts.maxAgeMs ?? 60_000;
    this.touchIntervalMs = opts.touchIntervalMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** Subscribe to changes; until this succeeds (and whenever notifications are down) nothing is cached. */
  async start(): Promise<void> {
    if (this.listening) return;
    try {
      this.stop = await this.notifications.listen(
        AUTH_CHANNEL,
        (payload) => this.invalidate(payload),
        () => this.flush(),
      );
      this.listening = true;
    } catch (err) {
      this.opts.onError?.(err as Error);
    }
  }

  close() {
    this.stop?.();
    this.stop = null;
    this.listening = false;
    this.flush();
  }

  /** Whether cached entries may be used now. */
  get active(): boolean {
    return this.listening && this.notifications.healthy;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The row for a session token's hash: from memory when it is known and nothing changed since,
   * otherwise from `load` (the database), remembered for the next request. Unknown tokens are
   * never remembered.
   */
  async lookup<T extends SessionKeys>(tokenHash: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!this.active) return load();
    const hit = this.entries.get(tokenHash);
    if (hit && this.now() - hit.at < this.maxAgeMs) {
      let fenced = true;
      try {
        await this.notifications.fence();
      } catch {
        fenced = false;
      }
      // The fence delivered every change committed before this request; is the entry still there?
      if (fenced && this.entries.get(tokenHash) === hit) return hit.row as T;
    }
    const started = this.seq;
    this.loading += 1;
    try {
      const row = await load();
      if (row && this.active && !this.changedSince(row, started)) this.store(tokenHash, row);
      return row;
    } finally {
      this.loading -= 1;
      if (this.loading === 0) this.recent.clear();
    }
  }

  /**
   * Run `write` (the "last seen" update) unless this process wrote it for this session less than
   * `touchIntervalMs` ago or is writing it now: requests of one session that arrive together, or
   * that read the row before the last write, write once, not once each. True when it wrote.
   */
  async touchOnce(sessionId: string, write: () => Promise<void>): Promise<boolean> {
    const now = this.now();
    const last = this.touched.get(sessionId);
    if (last !== undefined && (last === Infinity || now - last < this.touchIntervalMs)) return false;
    if (this.touched.size >= this.maxEntries) {
      for (const [id, at] of this.touched) if (at !== Infinity && now - at >= this.touchIntervalMs) this.touched.delete(id);
    }
    this.touched.set(sessionId, Infinity);
    try {
      await write();
      this.touched.set(sessionId, this.now());
      return true;
    } catch (err) {
      this.touched.delete(sessionId);
      throw err;
    }
  }

  /** Handle one notification payload: `s:<session id>`, `u:<user id>`, or `*` (everything). */
  invalidate(payload: string) {
    if (payload === '*' || !/^[su]:/.test(payload)) return this.flush();
    this.seq += 1;
    if (this.loading > 0) {
      this.recent.set(payload, this.seq);
      if (this.recent.size > this.maxEntries) {
        // Too many changes while lookups are in flight: none of those lookups may store.
        this.flushedAt = this.seq;
        this.recent.clear();
      }
    }
    const id = payload.slice(2);
    if (payload[0] === 's') {
      const hash = this.bySession.get(id);
      if (hash) this.delete(hash);
    } else {
      for (const hash of [...(this.byUser.get(id) ?? [])]) this.delete(hash);
    }
  }

  /** Drop everything (notifications may have been missed). */
  flush() {
    this.seq += 1;
    this.flushedAt = this.seq;
    this.recent.clear();
    this.entries.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  private changedSince(row: SessionKeys, started: number): boolean {
    if (this.flushedAt > started) return true;
    return (this.recent.get(`s:${row.sid}`) ?? 0) > started || (this.recent.get(`u:${row.id}`) ?? 0) > started;
  }

  private store(tokenHash: string, row: SessionKeys) {
    this.delete(tokenHash);
    this.entries.set(tokenHash, { row, at: this.now() });
    this.bySession.set(row.sid, tokenHash);
    let set = this.byUser.get(row.id);
    if (!set) this.byUser.set(row.id, (set = new Set()));
    set.add(tokenHash);
    // Oldest first out (Map keeps insertion order).
    while (this.entries.size > this.maxEntries) this.delete(this.entries.keys().next().value!);
  }

  private delete(tokenHash: string) {
    const e = this.entries.get(tokenHash);
    if (!e) return;
    this.entries.delete(tokenHash);
    if (this.bySession.get(e.row.sid) === tokenHash) this.bySession.delete(e.row.sid);
    const set = this.byUser.get(e.row.id);
    if (set) {
      set.delete(tokenHash);
      if (!set.size) this.byUser.delete(e.row.id);
    }
  }
}
