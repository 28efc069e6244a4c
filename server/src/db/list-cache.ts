// Pages of the signed-in lists (routes, projects, tasks) kept in memory as their JSON text, exact
// across every writer and every server process.
//
// A list page with its total and facet counts costs several queries over every row the user can
// see (all their tasks for the facets): on PGlite, one WASM connection on the event loop, that is
// milliseconds of CPU per request. The same page is asked for again and again (the tasks table
// refetches on focus, the dashboard and the project cards ask for the same first page), and the
// answer changes only when one of the tables it was read from changes. So:
//
// - Statement-level triggers (migration 0800) `pg_notify('waymark_lists', <table name>)` after
//   every insert, update, delete or truncate of `routes`, `projects`, `project_members`,
//   `project_documents`, `tasks` and `users`, whoever writes (any server process, the CLI, psql).
//   PostgreSQL folds identical notifications of one transaction into one.
// - Each table has a generation number here, raised by its notification. An entry remembers the
//   generations of the tables it was read from, read *before* its queries ran; it is served only
//   while they are all unchanged. A change that commits while the page is being read raises a
//   generation after the snapshot, so that entry is never served.
// - Before an entry is served, `fence()` (db/notify.ts) makes sure every change committed before
//   this request arrived has been delivered (PostgreSQL: one shared round trip on the listening
//   connection; PGlite: nothing to wait for). A write's response therefore shows in the very next
//   list response, through this process or any other.
// - While the listening connection is down (or before it listens) nothing is served from memory;
//   when it comes back everything is dropped. Entries also expire after `maxAgeMs`; at most
//   `maxBytes` of JSON text is kept (oldest out first).
//
// Keys carry the user's id and the normalised query, so one user's page is never another's; access
// changes (a member removed, a role changed) are writes to `project_members` and drop every page.
import type { Notifications } from './notify.ts';

export const LISTS_CHANNEL = 'waymark_lists';

/** The tables a cached list may be read from (each has a trigger on `waymark_lists`). */
export type ListTable = 'routes' | 'projects' | 'project_members' | 'project_documents' | 'tasks' | 'users';

interface Entry {
  body: string;
  tables: readonly ListTable[];
  gens: number[];
  epoch: number;
  at: number;
}

export interface ListCacheOptions {
  /** at most this many characters of JSON text in all (default 32 MB worth) */
  maxBytes?: number;
  maxAgeMs?: number;
  now?: () => number;
  onError?: (err: Error) => void;
}

export class ListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly gens = new Map<string, number>();
  /** raised when everything must go (notifications may have been missed) */
  private epoch = 0;
  private bytes = 0;
  private listening = false;
  private starting: Promise<void> | null = null;
  private failedAt = -Infinity;
  private stop: (() => void) | null = null;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly notifications: Notifications,
    private readonly opts: ListCacheOptions = {},
  ) {
    this.maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
    this.maxAgeMs = opts.maxAgeMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** Subscribe to changes; until this succeeds (and whenever notifications are down) nothing is served from memory. */
  start(): Promise<void> {
    // After a failure, try again at most every 5 s (requests meanwhile read the database).
    if (!this.starting && this.now() - this.failedAt < 5000) return Promise.resolve();
    this.starting ??= (async () => {
      try {
        this.stop = await this.notifications.listen(
          LISTS_CHANNEL,
          (table) => this.changed(table),
          () => this.flush(),
        );
        this.listening = true;
      } catch (err) {
        this.starting = null; // try again on a later request
        this.failedAt = this.now();
        this.opts.onError?.(err as Error);
      }
    })();
    return this.starting;
  }

  close() {
    this.stop?.();
    this.stop = null;
    this.listening = false;
    this.flush();
  }

  /** Whether entries may be served now. */
  get active(): boolean {
    return this.listening && this.notifications.healthy && this.maxBytes > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A table changed (the notification's payload is its name; `*` or anything unknown drops everything). */
  changed(table: string) {
    if (!table || table === '*') return this.flush();
    this.gens.set(table, (this.gens.get(table) ?? 0) + 1);
  }

  /** Drop everything. */
  flush() {
    this.epoch += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private stamp(tables: readonly ListTable[]) {
    return tables.map((t) => this.gens.get(t) ?? 0);
  }

  private valid(e: Entry): boolean {
    if (e.epoch !== this.epoch || this.now() - e.at >= this.maxAgeMs) return false;
    for (let i = 0; i < e.tables.length; i++) if ((this.gens.get(e.tables[i]!) ?? 0) !== e.gens[i]) return false;
    return true;
  }

  /**
   * The JSON text of the list page `key` read from `tables`: from memory when none of them changed
   * since it was read, otherwise from `load`, remembered for the next request. `since`: when the
   * request arrived (`performance.now()`), so that a fence this request already waited for (the
   * session cache's) is not waited for again (`Notifications.fence`).
   */
  async get(key: string, tables: readonly ListTable[], load: () => Promise<string>, since?: number): Promise<string> {
    if (!this.listening) await this.start();
    if (!this.active) return load();
    const hit = this.entries.get(key);
    if (hit && this.valid(hit)) {
      let fenced = true;
      try {
        await this.notifications.fence(since);
      } catch {
        fenced = false;
      }
      // Every change committed before this request has been delivered: is the entry still current?
      if (fenced && this.entries.get(key) === hit && this.valid(hit)) return hit.body;
    }
    const epoch = this.epoch;
    const gens = this.stamp(tables);
    const body = await load();
    const e: Entry = { body, tables, gens, epoch, at: this.now() };
    // Store only what no change overtook while it was read (it could never be served anyway).
    if (this.active && this.valid(e)) this.store(key, e);
    return body;
  }

  private store(key: string, e: Entry) {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    if (e.body.length > this.maxBytes / 4) return;
    this.entries.set(key, e);
    this.bytes += e.body.length;
    // Oldest first out (Map keeps insertion order).
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
  }
}

const caches = new WeakMap<Notifications, ListCache>();

/** The one list cache of a database handle's notifications (shared by the list endpoints of every module). */
export function listCacheFor(notifications: Notifications, opts?: ListCacheOptions): ListCache {
  let c = caches.get(notifications);
  if (!c) caches.set(notifications, (c = new ListCache(notifications, opts)));
  return c;
}

/** A cache key from a kind, a user id and a validated query (keys sorted, so equal queries share an entry). */
export function listKey(kind: string, userId: string, query: object): string {
  const q = query as Record<string, unknown>;
  const parts = Object.keys(q)
    .filter((k) => q[k] !== undefined)
    .sort()
    .map((k) => `${k}=${JSON.stringify(q[k])}`);
  return `${kind}\u0000${userId}\u0000${parts.join('&')}`;
}
