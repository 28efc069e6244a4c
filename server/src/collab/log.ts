import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Logger } from '../lib/logger.ts';
import './db.ts';

/** NOTIFY channel that tells the other server processes which updates were appended. */
export const UPDATES_CHANNEL = 'waymark_collab_updates';
/** NOTIFY channel of access changes (triggers in migration 0500). */
export const ACCESS_CHANNEL = 'waymark_collab_access';

/** Rows per INSERT of one group commit (4 parameters each, well under PostgreSQL's 65,535). */
const MAX_BATCH_ROWS = 500;
const MAX_BATCH_BYTES = 32 * 1024 * 1024;
/**
 * How long the first append of a group waits for others before its INSERT starts. On PGlite
 * every commit writes its WAL and data files from the server's own thread (the largest cost of an
 * edit in a profile at 50 editors), so fewer, larger commits leave the event loop free to relay;
 * on PostgreSQL commits are cheap for this process and the wait is short.
 */
const GROUP_COMMIT_MS = { pglite: 20, postgres: 2 } as const;

interface Pending {
  projectId: string;
  userId: string | null;
  bytes: Uint8Array;
  resolve(seq: number): void;
  reject(err: unknown): void;
}

export interface StoredUpdate {
  seq: number;
  bytes: Uint8Array;
}

export interface LoadedState {
  /** the snapshot (if any) first, then the updates after it, in seq order */
  parts: Uint8Array[];
  snapshotSeq: number;
  snapshotBytes: number;
  /** updates and bytes stored since the snapshot */
  updates: number;
  updateBytes: number;
  maxSeq: number;
}

export interface Version {
  /** the state after this version is the state after every update with seq ≤ `seq` */
  seq: number;
  fromSeq: number;
  userId: string | null;
  startedAt: Date;
  endedAt: Date;
  changes: number;
}

const asBuffer = (u: Uint8Array) => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));
/**
 * Stored bytes are read as base64 text: PGlite decodes a bytea column in JavaScript (≈ 300 ms
 * for a 3.7 MB snapshot), base64 text plus Node's native decoder takes ≈ 40 ms.
 * (PostgreSQL's base64 has line breaks, which the decoder skips.)
 */
const BYTES_B64 = sql<string>`encode(bytes, 'base64')`.as('b64');
const STATE_B64 = sql<string>`encode(state, 'base64')`.as('b64');
const fromB64 = (s: string): Uint8Array => {
  const b = Buffer.from(s, 'base64');
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COPY_SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // "PGCOPY\n\377\r\n\0"

/** The rows of PostgreSQL's binary COPY format, each field's raw bytes (null for SQL NULL). */
export function parseCopyBinary(buf: Uint8Array): (Uint8Array | null)[][] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.byteLength < 19 || COPY_SIGNATURE.some((b, i) => buf[i] !== b)) throw new Error('not a binary COPY');
  let o = 15; // signature, flags
  o += 4 + view.getInt32(o); // header extension
  const rows: (Uint8Array | null)[][] = [];
  for (;;) {
    const n = view.getInt16(o);
    o += 2;
    if (n === -1) return rows;
    const row: (Uint8Array | null)[] = [];
    for (let i = 0; i < n; i++) {
      const len = view.getInt32(o);
      o += 4;
      if (len === -1) row.push(null);
      else {
        if (len < 0 || o + len > buf.byteLength) throw new Error('truncated binary COPY');
        row.push(buf.subarray(o, o + len));
        o += len;
      }
    }
    rows.push(row);
  }
}
const field = (f: Uint8Array | null | undefined): Uint8Array => {
  if (!f) throw new Error('unexpected NULL in binary COPY');
  return f;
};
const int8 = (f: Uint8Array | null | undefined) => {
  const b = field(f);
  return Number(new DataView(b.buffer, b.byteOffset, 8).getBigInt64(0));
};
const int4 = (f: Uint8Array | null | undefined) => {
  const b = field(f);
  return new DataView(b.buffer, b.byteOffset, 4).getInt32(0);
};

/**
 * The append-only log of each project map's Yjs updates and its snapshots.
 *
 * `append` resolves once the update is committed (durable): that is when the client may be told
 * its edit is saved. Appends from every document of the process are group-committed: the first
 * of a group waits GROUP_COMMIT_MS for others, and while one INSERT is in flight the next ones
 * queue and go out together in the following statement, so many editors cost few commits. On PostgreSQL the same statement NOTIFYs the other server
 * processes (delivered at commit, so a listener never hears of an update it cannot read).
 */
export class UpdateLog {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'postgres',
    /** this process's id, carried in notifications so it can skip its own */
    readonly processId: string,
    private readonly log: Logger,
    /** PGlite: binary COPY out (DatabaseHandle.copyOut), so a load reads the bytes without base64 */
    private readonly copyOut?: (query: string) => Promise<Uint8Array>,
  ) {}

  append(projectId: string, userId: string | null, bytes: Uint8Array): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ projectId, userId, bytes, resolve, reject });
      this.flushing ??= this.drain();
    });
  }

  /** Resolves when every append queued so far is settled. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async drain(): Promise<void> {
    try {
      await new Promise((r) => setTimeout(r, GROUP_COMMIT_MS[this.kind]));
      while (this.queue.length) {
        const batch: Pending[] = [];
        let bytes = 0;
        while (
          this.queue.length &&
          batch.length < MAX_BATCH_ROWS &&
          (batch.length === 0 || bytes + this.queue[0]!.bytes.byteLength <= MAX_BATCH_BYTES)
        ) {
          const p = this.queue.shift()!;
          bytes += p.bytes.byteLength;
          batch.push(p);
        }
        try {
          const seqs = await this.insert(batch);
          batch.forEach((p, i) => p.resolve(seqs[i]!));
        } catch (err) {
          // One bad row (e.g. its project was just deleted) must not fail the others: retry one by one.
          if (batch.length === 1) batch[0]!.reject(err);
          else {
            for (const p of batch) {
              try {
                p.resolve((await this.insert([p]))[0]!);
              } catch (e) {
                p.reject(e);
              }
            }
          }
        }
      }
    } finally {
      this.flushing = null;
      if (this.queue.length) this.flushing = this.drain();
    }
  }

  /** One INSERT of the batch; returns the seqs in batch order (nextval runs in VALUES order). */
  private async insert(batch: Pending[]): Promise<number[]> {
    const insert = this.db
      .insertInto('collab_updates')
      .values(batch.map((p) => ({ project_id: p.projectId, user_id: p.userId, bytes: asBuffer(p.bytes), size: p.bytes.byteLength })))
      .returning(['seq', 'project_id']);
    let rows: { seq: string | number | bigint }[];
    if (this.kind === 'postgres') {
      const prefix = `${this.processId}:`;
      rows = (
        await sql<{ seq: string; notified: string }>`with ins as (${insert}),
          n as (select pg_notify(${UPDATES_CHANNEL}, ${prefix} || project_id::text || ':' || string_agg(seq::text, ',' order by seq)) as x from ins group by project_id)
          select ins.seq, (select count(*) from n) as notified from ins order by ins.seq`.execute(this.db)
      ).rows;
    } else {
      rows = await insert.execute();
    }
    return rows.map((r) => Number(r.seq)).sort((a, b) => a - b);
  }

  /** The latest snapshot and every update after it (and, belt and braces, any committed late around it). */
  async load(projectId: string): Promise<LoadedState> {
    if (this.copyOut) return this.loadBinary(projectId, this.copyOut);
    const snap = await this.db
      .selectFrom('collab_snapshots')
      .select(['seq', STATE_B64, 'size', 'created_at'])
      .where('project_id', '=', projectId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const snapshotSeq = snap ? Number(snap.seq) : 0;
    let q = this.db.selectFrom('collab_updates').select(['seq', BYTES_B64, 'size']).where('project_id', '=', projectId);
    if (snap) {
      const lateFrom = new Date(new Date(snap.created_at).getTime() - 60_000);
      q = q.where((eb) => eb.or([eb('seq', '>', String(snapshotSeq)), eb('at', '>=', lateFrom)]));
    }
    const rows = await q.orderBy('seq').execute();
    let updateBytes = 0;
    let updates = 0;
    let maxSeq = snapshotSeq;
    for (const r of rows) {
      const s = Number(r.seq);
      if (s > snapshotSeq) {
        updates++;
        updateBytes += r.size;
      }
      if (s > maxSeq) maxSeq = s;
    }
    return {
      parts: [...(snap ? [fromB64(snap.b64)] : []), ...rows.map((r) => fromB64(r.b64))],
      snapshotSeq,
      snapshotBytes: snap?.size ?? 0,
      updates,
      updateBytes,
      maxSeq,
    };
  }

  /**
   * `load` on PGlite: the same rows through binary COPY, ≈ 10 ms for a 3.7 MB state against
   * ≈ 100 ms as base64 text (encoded in WASM, parsed and decoded in JavaScript). COPY takes no
   * bind parameters: the project id is checked to be a UUID and inlined.
   */
  private async loadBinary(projectId: string, copyOut: (query: string) => Promise<Uint8Array>): Promise<LoadedState> {
    if (!UUID.test(projectId)) throw new Error('not a project id');
    const id = `'${projectId}'::uuid`;
    const copy = async (query: string) => parseCopyBinary(await copyOut(`copy (${query}) to '/dev/blob' with (format binary)`));
    const [snap] = await copy(`select seq, size, state from collab_snapshots where project_id = ${id} order by seq desc limit 1`);
    const snapshotSeq = snap ? int8(snap[0]) : 0;
    const late = snap
      ? `and (seq > ${snapshotSeq} or at >= (select created_at from collab_snapshots where project_id = ${id} and seq = ${snapshotSeq}) - interval '60 seconds')`
      : '';
    const rows = await copy(`select seq, size, bytes from collab_updates where project_id = ${id} ${late} order by seq`);
    let updateBytes = 0;
    let updates = 0;
    let maxSeq = snapshotSeq;
    for (const r of rows) {
      const s = int8(r[0]);
      if (s > snapshotSeq) {
        updates++;
        updateBytes += int4(r[1]);
      }
      if (s > maxSeq) maxSeq = s;
    }
    return {
      parts: [...(snap ? [field(snap[2])] : []), ...rows.map((r) => field(r[2]))],
      snapshotSeq,
      snapshotBytes: snap ? int4(snap[1]) : 0,
      updates,
      updateBytes,
      maxSeq,
    };
  }

  async fetch(projectId: string, seqs: number[]): Promise<StoredUpdate[]> {
    if (!seqs.length) return [];
    const rows = await this.db
      .selectFrom('collab_updates')
      .select(['seq', BYTES_B64])
      .where('project_id', '=', projectId)
      .where(
        'seq',
        'in',
        seqs.map((s) => String(s)),
      )
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ seq: Number(r.seq), bytes: fromB64(r.b64) }));
  }

  /** Updates stored at or after `since` (catch-up after a lost notification connection). */
  async since(projectId: string, since: Date): Promise<StoredUpdate[]> {
    const rows = await this.db
      .selectFrom('collab_updates')
      .select(['seq', BYTES_B64])
      .where('project_id', '=', projectId)
      .where('at', '>=', since)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ seq: Number(r.seq), bytes: fromB64(r.b64) }));
  }

  async maxSeq(projectId: string): Promise<number> {
    const r = await this.db
      .selectFrom('collab_updates')
      .select((eb) => eb.fn.max('seq').as('m'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return r?.m == null ? 0 : Number(r.m);
  }

  /**
   * What rebuilding the map as it was after update `seq` needs: the latest snapshot at or before
   * it and the updates up to it. Null when that point is older than the kept history.
   */
  async partsAt(projectId: string, seq: number): Promise<Uint8Array[] | null> {
    const snap = await this.db
      .selectFrom('collab_snapshots')
      .select(['seq', STATE_B64])
      .where('project_id', '=', projectId)
      .where('seq', '<=', String(seq))
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const from = snap ? Number(snap.seq) : 0;
    if (!snap) {
      // Without a snapshot the log must still start at the beginning (nothing pruned before seq).
      const anySnapshot = await this.db
        .selectFrom('collab_snapshots')
        .select('seq')
        .where('project_id', '=', projectId)
        .limit(1)
        .executeTakeFirst();
      if (anySnapshot) return null;
    }
    const rows = await this.db
      .selectFrom('collab_updates')
      .select([BYTES_B64])
      .where('project_id', '=', projectId)
      .where('seq', '>', String(from))
      .where('seq', '<=', String(seq))
      .orderBy('seq')
      .execute();
    return [...(snap ? [fromB64(snap.b64)] : []), ...rows.map((r) => fromB64(r.b64))];
  }

  /** The last update stored at or before `at` (for "restore to this time"). */
  async seqAt(projectId: string, at: Date): Promise<number | null> {
    const r = await this.db
      .selectFrom('collab_updates')
      .select((eb) => eb.fn.max('seq').as('m'))
      .where('project_id', '=', projectId)
      .where('at', '<=', at)
      .executeTakeFirst();
    return r?.m == null ? null : Number(r.m);
  }

  /**
   * Choose what the next snapshot covers: every update older than a few seconds (an append is one
   * short statement, so none still in flight can commit below that horizon later). Returns the
   * previous snapshot's parts and the updates after it, or null when there is nothing to fold.
   */
  async snapshotInput(projectId: string): Promise<{ upTo: number; parts: Uint8Array[] } | null> {
    const h = await sql<{ m: string | null }>`select max(seq) as m from collab_updates
      where project_id = ${projectId} and at < now() - interval '3 seconds'`.execute(this.db);
    const upTo = h.rows[0]?.m == null ? 0 : Number(h.rows[0].m);
    const prev = await this.db
      .selectFrom('collab_snapshots')
      .select(['seq'])
      .where('project_id', '=', projectId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!upTo || (prev && Number(prev.seq) >= upTo)) return null;
    const parts = await this.partsAt(projectId, upTo);
    return parts ? { upTo, parts } : null;
  }

  async saveSnapshot(projectId: string, seq: number, state: Uint8Array): Promise<void> {
    await this.db
      .insertInto('collab_snapshots')
      .values({ project_id: projectId, seq: String(seq), state: asBuffer(state), size: state.byteLength })
      .onConflict((oc) => oc.columns(['project_id', 'seq']).doNothing())
      .execute();
  }

  /**
   * Forget history older than `days`: the newest snapshot made before that stays as the oldest
   * restorable state; updates it covers and older snapshots are deleted. Returns rows deleted.
   */
  async prune(projectId: string, days: number): Promise<number> {
    const cutoff = new Date(Date.now() - days * 86_400_000);
    const base = await this.db
      .selectFrom('collab_snapshots')
      .select('seq')
      .where('project_id', '=', projectId)
      .where('created_at', '<', cutoff)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!base) return 0;
    const u = await this.db
      .deleteFrom('collab_updates')
      .where('project_id', '=', projectId)
      .where('seq', '<=', base.seq)
      .where('at', '<', cutoff)
      .executeTakeFirst();
    const s = await this.db
      .deleteFrom('collab_snapshots')
      .where('project_id', '=', projectId)
      .where('seq', '<', base.seq)
      .executeTakeFirst();
    const n = Number(u.numDeletedRows) + Number(s.numDeletedRows);
    if (n) this.log.debug({ projectId, deleted: n }, 'collab history pruned');
    return n;
  }

  /**
   * The version list: consecutive updates by one author with less than `gapMinutes` between them
   * form one version. Newest first; `before` pages (versions ending below that seq).
   */
  async versions(projectId: string, opts: { before?: number; limit: number; gapMinutes: number }): Promise<Version[]> {
    const before = opts.before ?? Number.MAX_SAFE_INTEGER;
    const r = await sql<{
      from_seq: string;
      to_seq: string;
      user_id: string | null;
      started_at: Date;
      ended_at: Date;
      changes: string;
    }>`with u as (
        select seq, user_id, at,
          case when user_id is not distinct from lag(user_id) over w
                and at - lag(at) over w <= make_interval(mins => ${opts.gapMinutes}) then 0 else 1 end as brk
        from collab_updates where project_id = ${projectId}
        window w as (order by seq)
      ), g as (select seq, user_id, at, sum(brk) over (order by seq) as grp from u)
      select min(seq)::text as from_seq, max(seq)::text as to_seq, min(user_id::text) as user_id,
             min(at) as started_at, max(at) as ended_at, count(*)::text as changes
      from g group by grp
      having max(seq) < ${String(before)}
      order by max(seq) desc
      limit ${opts.limit}`.execute(this.db);
    return r.rows.map((row) => ({
      seq: Number(row.to_seq),
      fromSeq: Number(row.from_seq),
      userId: row.user_id,
      startedAt: new Date(row.started_at),
      endedAt: new Date(row.ended_at),
      changes: Number(row.changes),
    }));
  }

  /** The oldest restorable state when history was pruned: the base snapshot. */
  async baseSnapshot(projectId: string): Promise<{ seq: number; createdAt: Date } | null> {
    const first = await this.db
      .selectFrom('collab_snapshots')
      .select(['seq', 'created_at'])
      .where('project_id', '=', projectId)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    if (!first) return null;
    const older = await this.db
      .selectFrom('collab_updates')
      .select('seq')
      .where('project_id', '=', projectId)
      .where('seq', '<=', first.seq)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    // Only a base when the updates it covers are gone (otherwise it is one checkpoint among others).
    return older ? null : { seq: Number(first.seq), createdAt: new Date(first.created_at) };
  }
}
