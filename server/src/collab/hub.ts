import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { Worker } from 'node:worker_threads';
import { Hocuspocus, OutgoingMessage, type Connection, type DirectConnection, type Document, type Extension } from '@hocuspocus/server';
import type { Hono } from 'hono';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocketServer, type WebSocket } from 'ws';
import * as Y from 'yjs';
import { checkUpdate, compact, MODEL_VERSION, ProjectMap, type UpdateLimits } from '@waymark/collab';
import { projectId as projectIdSchema, type ProjectRole } from '@waymark/contracts';
import type { AppContext, AppEnv } from '../context.ts';
import { AUTH_CHANNEL, authService } from '../auth/module.ts';
import { projectRole } from '../projects/index.ts';
import { ACCESS_CHANNEL, UPDATES_CHANNEL, UpdateLog } from './log.ts';
import { Materialiser } from './materialise.ts';

/** Path of the collaboration websocket (document name = project id). */
export const COLLAB_PATH = '/api/collab';

/** Messages other than document updates (awareness, stateless) are small. */
const MAX_OTHER_MESSAGE_BYTES = 64 * 1024;
/** A direct (REST) connection keeps its document loaded this long after the last use. */
const LEASE_IDLE_MS = 30_000;
/** Open connections' sessions and roles are re-checked this often (notifications act at once). */
const SWEEP_MS = 5_000;
/** Snapshot after this many bytes of updates, whatever their count. */
const SNAPSHOT_BYTES = 8 * 1024 * 1024;
/** How long a load waits for its early answers to leave before applying the stored state (a blocking step). */
const EARLY_FLUSH_MS = 1_000;
/** How long a load waits for the authentication of clients that asked for an early answer. */
const EARLY_AUTH_MS = 200;
/**
 * How long a load waits for the clients answered early to decode the answer before applying the
 * same bytes itself (they say so at once after decoding; this bounds a client that never does).
 */
const EARLY_DECODE_MS = 2_000;
/** A socket waits for an early answer for at most this many documents at once. */
const EARLY_MAX_DOCS = 8;

// Hocuspocus message types (its protocol) and the Yjs sync sub-types.
const MSG_SYNC = 0;
const MSG_AWARENESS = 1;
const MSG_AUTH = 2;
const MSG_QUERY_AWARENESS = 3;
const MSG_SYNC_REPLY = 4;
const SYNC_STEP1 = 0;
const SYNC_STEP2 = 1;
const SYNC_UPDATE = 2;

/** Origin of changes the server writes itself (REST, restore, compaction): persisted with `userId` as author. */
export class ServerOrigin {
  readonly pending: Promise<number>[] = [];
  constructor(readonly userId: string | null) {}
}
/** Origin of updates relayed from another server process or loaded from storage: never persisted again. */
const RELAY = Symbol('collab-relay');
const LOAD = Symbol('collab-load');

/** What the upgrade request proved (session cookie, Origin), kept as the connection's context. */
interface Grant {
  userId: string;
  sessionId: string;
  /** the socket's early-sync bookkeeping (shared by every document the socket opens) */
  early?: EarlySync;
}

/**
 * Early sync: a client's first SyncStep1 for a document that is being loaded is answered from the
 * stored bytes (the snapshot and the updates after it are already encoded Yjs updates) as soon
 * as they are read, before the server applies them to its Y.Doc. The server then waits (at most
 * EARLY_DECODE_MS) until those clients have decoded the answer — they say so by answering the
 * QueryAwareness sent right after it, which they handle only once the answer is applied — and
 * only then applies the same bytes itself, so the two decodes do not share the machine's cores.
 * Hocuspocus queues the client's messages until the load is done and then replays them; the
 * replayed SyncStep1 is answered with only what changed since the stored state (e.g. relayed
 * updates) and the server's state vector. See docs/collaboration.md.
 */
interface EarlySync {
  ws: WebSocket;
  userId: string;
  /** documents this socket passed onAuthenticate for */
  authed: Set<string>;
  /** documents whose onAuthenticate is running: settles when it is done */
  authPending: Map<string, { done: Promise<void>; settle(): void }>;
  /** documents whose first SyncStep1 was answered early: its replay is answered with a catch-up */
  answered: Set<string>;
  /** documents this socket waits for an early answer of */
  waiting: number;
  /** documents answered early whose decoding the server waits for: settled by the socket's next awareness message */
  decoding: Map<string, () => void>;
}
interface ConnectionContext extends Grant {
  projectId?: string;
  role?: ProjectRole;
}

interface DocState {
  projectId: string;
  /**
   * reading the stored bytes → answering clients from them and waiting for those to decode →
   * applying them → loaded. Early answers are given while 'reading' and 'answered'.
   */
  stage: 'reading' | 'answered' | 'applying' | 'loaded';
  /** while 'answered': wakes the load when another client's SyncStep1 was noted */
  wake: (() => void) | null;
  loaded: boolean;
  /** state vector right after the stored state was applied (what an early answer gave a client) */
  loadedSv: Uint8Array | null;
  dropped: boolean;
  maxSeq: number;
  snapshotBytes: number;
  updatesSinceSnapshot: number;
  bytesSinceSnapshot: number;
  snapshotting: boolean;
  /** relayed seqs that arrived while the document was loading */
  pendingRelay: number[];
}

/** The close an out-of-date client gets (its model version is older than the server's). */
export const OUTDATED_CLIENT = { code: 4426, reason: 'outdated-client' } as const;

/** A close with a reason the editor can show; never thrown into Hocuspocus (it would log a stack). */
interface CloseReason {
  code: number;
  reason: string;
}

export interface CollabOptions {
  maxMessageBytes: number;
  maxDocumentBytes: number;
  snapshotEvery: number;
  historyDays: number;
  tombstoneDays: number;
}

/** Epoch milliseconds of a `performance.now()` instant (for the load log's timeline). */
const epoch = (t = performance.now()) => Math.round(performance.timeOrigin + t);
/** Resolves after the event loop has polled for I/O once more (two check phases apart). */
const ioTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
const roleKey = (projectId: string, userId: string) => `${projectId}:${userId}`;

/**
 * The collaboration server of one app context: Hocuspocus over websockets on the Node server,
 * authenticated by the session cookie, with every document update validated and made durable
 * before it is acknowledged, relayed to other server processes through PostgreSQL NOTIFY, and
 * mirrored into the materialised layers/features tables. See docs/collaboration.md.
 */
export class CollabHub {
  readonly hocuspocus: Hocuspocus;
  readonly log: UpdateLog;
  readonly materialiser: Materialiser;
  readonly options: CollabOptions;
  private readonly limits: UpdateLimits;
  private readonly docs = new Map<string, DocState>();
  private readonly roles = new Map<string, ProjectRole | null>();
  private readonly leases = new Map<string, { conn: Promise<DirectConnection>; timer: NodeJS.Timeout | null; users: number }>();
  private readonly grants = new WeakMap<Request, Grant>();
  /** per document being loaded: sockets whose SyncStep1 waits for the stored bytes, with the state vector they sent */
  private readonly earlyWaiting = new Map<string, Map<EarlySync, Uint8Array>>();
  private wss: WebSocketServer | null = null;
  private unlisten: (() => void)[] = [];
  private sweepTimer: NodeJS.Timeout | null = null;
  private relayChain: Promise<void> = Promise.resolve();
  private worker: Worker | null = null;
  private workerJobs = new Map<number, { resolve(v: Uint8Array): void; reject(e: Error): void }>();
  private workerSeq = 0;
  private closing = false;
  /** counters for tests and the load log */
  readonly stats = { earlyAnswers: 0 };
  /** how long a load waits for its early-answered clients to decode (EARLY_DECODE_MS; tests change it) */
  earlyDecodeMs = EARLY_DECODE_MS;

  constructor(private readonly ctx: AppContext) {
    const c = ctx.config;
    this.options = {
      maxMessageBytes: c.COLLAB_MAX_MESSAGE_BYTES,
      maxDocumentBytes: c.COLLAB_MAX_DOCUMENT_BYTES,
      snapshotEvery: c.COLLAB_SNAPSHOT_EVERY,
      historyDays: c.COLLAB_HISTORY_DAYS,
      tombstoneDays: c.COLLAB_TOMBSTONE_DAYS,
    };
    this.limits = { maxUpdateBytes: c.COLLAB_MAX_MESSAGE_BYTES, maxValueChars: 8 * 1024 * 1024, maxKeyChars: 200 };
    this.log = new UpdateLog(ctx.db, ctx.database.kind, randomUUID(), ctx.logger, ctx.database.copyOut);
    this.materialiser = new Materialiser(ctx.db, ctx.logger);
    this.hocuspocus = new Hocuspocus({
      name: 'waymark',
      quiet: true,
      timeout: 30_000,
      yDocOptions: { gc: true, gcFilter: () => true },
      unloadImmediately: true,
      extensions: [this.extension()],
    });
  }

  /**
   * Subscribe (through the platform's notifications, server/src/db/notify.ts) to membership and
   * project changes, to session and account changes (the auth module's channel), and on
   * PostgreSQL to other processes' updates; start the re-check timer.
   */
  async start() {
    const n = this.ctx.database.notifications;
    const recheckAll = () => void this.sweep().catch((err: Error) => this.warn('access re-check failed', err));
    this.unlisten.push(await n.listen(ACCESS_CHANNEL, (payload) => this.onAccess(payload), recheckAll));
    this.unlisten.push(await n.listen(AUTH_CHANNEL, (payload) => this.onAuthChange(payload), recheckAll));
    if (this.ctx.database.kind === 'postgres') {
      this.unlisten.push(
        await n.listen(
          UPDATES_CHANNEL,
          (payload) => this.onRelay(payload),
          () => this.afterReconnect(),
        ),
      );
    }
    this.sweepTimer = setInterval(() => void this.sweep().catch((err: Error) => this.warn('access re-check failed', err)), SWEEP_MS);
    this.sweepTimer.unref();
  }

  // ------------------------------------------------------------------ websocket upgrade

  /** Route that decides an upgrade (runs after the auth middleware, so the session is known). */
  registerRoutes(app: Hono<AppEnv>) {
    app.get(COLLAB_PATH, (c) => {
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
        return c.json({ error: { code: 'upgrade_required', message: 'This endpoint speaks the collaboration websocket protocol' } }, 426);
      }
      const origin = c.req.header('origin');
      const selfOrigin = new URL(c.req.url).origin;
      if (!origin || (origin !== new URL(this.ctx.config.publicUrl).origin && origin !== selfOrigin)) {
        return c.json({ error: { code: 'origin_not_allowed', message: 'Cross-origin websocket refused' } }, 403);
      }
      const user = c.get('user');
      const session = c.get('session');
      // A browser session (cookie) only: access and personal tokens are for the REST API.
      if (!user || !session || session.kind !== 'browser')
        return c.json({ error: { code: 'unauthorized', message: 'Sign in required' } }, 401);
      if (this.closing) return c.json({ error: { code: 'unavailable', message: 'The server is restarting' } }, 503);
      this.grants.set(c.req.raw, { userId: user.id, sessionId: session.id });
      return c.body(null, 204);
    });
  }

  /** Take websocket upgrades on `server`; returns what to run before the server closes. */
  attach(server: Server, app: Hono<AppEnv>): () => Promise<void> {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: this.options.maxMessageBytes + 4096, perMessageDeflate: false });
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(app, req, socket, head);
    server.on('upgrade', onUpgrade);
    return async () => {
      this.closing = true;
      server.off('upgrade', onUpgrade);
      for (const ws of this.wss?.clients ?? []) ws.close(1012, 'server-restarting');
      await this.log.idle();
      await this.materialiser.closeAll();
      this.wss?.close();
    };
  }

  private async upgrade(app: Hono<AppEnv>, req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => undefined);
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    if (path !== COLLAB_PATH || !this.wss) return reject(socket, 404, { code: 'not_found', message: 'No websocket endpoint here' });
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    let request: Request;
    try {
      request = new Request(new URL(url, `http://${req.headers.host ?? 'localhost'}`), { headers });
    } catch {
      return reject(socket, 400, { code: 'bad_request', message: 'Bad upgrade request' });
    }
    let res: Response;
    try {
      res = await app.fetch(request, { incoming: req });
    } catch {
      return reject(socket, 500, { code: 'internal_error', message: 'Upgrade failed' });
    }
    const grant = this.grants.get(request);
    if (res.status !== 204 || !grant) {
      let body: unknown = null;
      try {
        body = await res.json();
      } catch {
        /* not JSON */
      }
      return reject(socket, res.status === 204 ? 403 : res.status, body);
    }
    if (socket.destroyed) return;
    // The client's document model (`?model=`): an older client would not see lean features and
    // could rewrite them in the old shape, so it is told to reload (a close the editor shows).
    const model = Number(new URL(url, 'http://x').searchParams.get('model') ?? 0);
    const outdated = !(Number.isInteger(model) && model >= MODEL_VERSION);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => undefined);
      if (outdated) return ws.close(OUTDATED_CLIENT.code, OUTDATED_CLIENT.reason);
      const early: EarlySync = {
        ws,
        userId: grant.userId,
        authed: new Set(),
        authPending: new Map(),
        answered: new Set(),
        waiting: 0,
        decoding: new Map(),
      };
      // Registered before Hocuspocus's own listener: sees each message first (and only looks).
      ws.on('message', (data: Buffer) => this.peek(early, data));
      ws.once('close', () => {
        for (const w of this.earlyWaiting.values()) w.delete(early);
        for (const done of early.decoding.values()) done();
        early.decoding.clear();
      });
      this.hocuspocus.handleConnection(ws, req, { ...grant, early } satisfies ConnectionContext);
    });
  }

  // ------------------------------------------------------------------ Hocuspocus hooks

  private extension(): Extension {
    return {
      extensionName: 'waymark-collab',
      onAuthenticate: async ({ documentName, context, connectionConfig }) => {
        const ctx = context as ConnectionContext;
        if (this.closing) throw { reason: 'server-restarting' };
        const pending = ctx.early ? authWait(ctx.early, documentName) : null;
        try {
          const role = await projectRole(this.ctx.db, documentName, ctx.userId);
          if (!role) throw { reason: 'forbidden' };
          this.roles.set(roleKey(documentName, ctx.userId), role);
          connectionConfig.readOnly = role === 'viewer';
          ctx.early?.authed.add(documentName);
          return { projectId: documentName, role };
        } finally {
          pending?.settle();
          ctx.early?.authPending.delete(documentName);
        }
      },
      connected: async ({ connection, documentName, context }) => {
        // A role change between authentication and now is applied here.
        const role = this.roles.get(roleKey(documentName, (context as ConnectionContext).userId));
        if (role !== undefined) this.applyRole(connection, role ?? null);
      },
      onLoadDocument: async ({ document, documentName }) => {
        const t0 = performance.now();
        const exists =
          projectIdSchema.safeParse(documentName).success &&
          (await this.ctx.db.selectFrom('projects').select('id').where('id', '=', documentName).executeTakeFirst());
        if (!exists) {
          this.forgetWaiting(documentName);
          throw { reason: 'not-found' };
        }
        const st: DocState = {
          projectId: documentName,
          stage: 'reading',
          wake: null,
          loaded: false,
          loadedSv: null,
          dropped: false,
          maxSeq: 0,
          snapshotBytes: 0,
          updatesSinceSnapshot: 0,
          bytesSinceSnapshot: 0,
          snapshotting: false,
          pendingRelay: [],
        };
        this.docs.set(documentName, st);
        let loaded;
        try {
          loaded = await this.log.load(documentName);
          // PGlite's queries resolve without going back to the event loop: a client's SyncStep1
          // that came in a later packet than its Auth is still unread. Let it be seen (noted).
          await ioTurn();
        } catch (err) {
          this.forgetWaiting(documentName);
          st.stage = 'applying';
          throw err;
        }
        const t1 = performance.now();
        // Clients waiting for their first sync get the stored bytes now; the server applies them
        // once those clients have decoded them (see answerAndWait).
        const early = await this.answerAndWait(st, loaded.parts);
        const t2 = performance.now();
        let skipped = 0;
        applyAll(document, loaded.parts, LOAD, (n) => {
          skipped = n;
          this.ctx.logger.warn({ projectId: documentName, skipped: n }, 'collab: unreadable stored updates skipped');
        });
        st.loadedSv = Y.encodeStateVector(document);
        // An early answer carried bytes the server could not read: those clients start over from the document.
        if (skipped) for (const e of early.sockets) e.ws.close(1011, 'reload');
        st.maxSeq = loaded.maxSeq;
        st.snapshotBytes = loaded.snapshotBytes;
        st.updatesSinceSnapshot = loaded.updates;
        st.bytesSinceSnapshot = loaded.updateBytes;
        this.ctx.logger.info(
          {
            projectId: documentName,
            parts: loaded.parts.length,
            bytes: loaded.snapshotBytes + loaded.updateBytes,
            readMs: Math.round(t1 - t0),
            earlyAnswers: early.sockets.length,
            earlyNoted: early.noted,
            ...(early.skipped.length ? { earlySkipped: early.skipped } : {}),
            // answered → every answered client decoded (or EARLY_DECODE_MS)
            earlyMs: Math.round(early.answeredAt - t1),
            decodeWaitMs: Math.round(t2 - early.answeredAt),
            decoded: early.decoded,
            applyMs: Math.round(performance.now() - t2),
            // epoch ms of the steps (to line up with a client's timeline, bench:collab BENCH_COLLAB_TRACE=1)
            at: { start: epoch(t0), read: epoch(t1), answered: epoch(early.answeredAt), apply: epoch(t2), done: epoch() },
          },
          'collab: document loaded',
        );
      },
      afterLoadDocument: async ({ document, documentName }) => {
        const st = this.docs.get(documentName);
        if (!st) return;
        st.loaded = true;
        st.stage = 'loaded';
        document.on('update', (update: Uint8Array, origin: unknown) => this.onDocumentUpdate(st, update, origin));
        // Hocuspocus answers the first client's sync only after this hook: whether the
        // materialised copy is behind is checked meanwhile (a flush waits for that check), and the
        // compaction runs once the clients have their state.
        this.materialiser.track(
          documentName,
          document,
          () => st.maxSeq,
          this.materialiser.isStale(documentName).catch(() => true),
        );
        if (st.pendingRelay.length) {
          const seqs = st.pendingRelay;
          st.pendingRelay = [];
          this.queueRelay(documentName, seqs);
        }
        // Old tombstones and surplus geometry revisions go at load time (written as a normal change).
        setImmediate(() => {
          if (this.docs.get(documentName) !== st || st.dropped) return;
          this.compactDocument(st, document);
          if (st.updatesSinceSnapshot >= this.options.snapshotEvery) void this.snapshot(st);
        });
      },
      beforeHandleMessage: ({ connection, document, update, context }) =>
        this.beforeMessage(connection, document, update, context as ConnectionContext),
      beforeUnloadDocument: async ({ documentName }) => {
        await this.log.idle();
        if (this.docs.get(documentName)?.dropped !== true) await this.materialiser.flush(documentName).catch(() => undefined);
      },
      afterUnloadDocument: async ({ documentName }) => {
        this.materialiser.untrack(documentName);
        this.docs.delete(documentName);
      },
    };
  }

  /**
   * Every message from a client passes here before Hocuspocus handles it. A document update
   * from a writer is checked, applied (other clients receive it now), and appended to the log;
   * only when that append has committed does this resolve, and only then does Hocuspocus send the
   * client its "saved" acknowledgement (SyncStatus). Readers' updates are left to Hocuspocus, which
   * refuses them; a hostile or oversized message closes the socket.
   */
  private beforeMessage(connection: Connection, document: Document, data: Uint8Array, ctx: ConnectionContext): Promise<void> {
    let type: number;
    let sub = -1;
    let bytes: Uint8Array | null = null;
    try {
      const d = decoding.createDecoder(data);
      decoding.readVarString(d);
      type = decoding.readVarUint(d);
      if (type === MSG_SYNC || type === MSG_SYNC_REPLY) {
        sub = decoding.readVarUint(d);
        if (sub === SYNC_STEP2 || sub === SYNC_UPDATE) bytes = decoding.readVarUint8Array(d);
      }
    } catch {
      return this.refuse(connection, { code: 4400, reason: 'malformed-message' });
    }
    if (type === MSG_SYNC && sub === SYNC_STEP1 && ctx.early?.answered.delete(document.name)) {
      // The replay of a SyncStep1 answered early from the stored bytes: send only what is newer.
      this.catchUp(connection, document);
      return new Promise<void>(() => undefined);
    }
    if (!bytes) {
      if (data.byteLength > MAX_OTHER_MESSAGE_BYTES) return this.refuse(connection, { code: 4413, reason: 'message-too-large' });
      return Promise.resolve();
    }
    if (type === MSG_AWARENESS) return Promise.resolve();
    const st = this.docs.get(document.name);
    if (!st || st.dropped) return this.refuse(connection, { code: 1011, reason: 'document-unavailable' });
    const role = this.roles.get(roleKey(document.name, ctx.userId));
    if (role === null) return this.refuse(connection, { code: 4403, reason: 'access-revoked' }, false);
    if (role === 'viewer') connection.readOnly = true;
    // Read-only connections: Hocuspocus refuses the write (SyncStatus false) and changes nothing.
    if (connection.readOnly) return Promise.resolve();
    const check = checkUpdate(bytes, this.limits, document);
    if (!check.ok) {
      this.ctx.logger.warn({ projectId: document.name, userId: ctx.userId, reason: check.reason }, 'collab: update refused');
      return this.refuse(connection, { code: 4400, reason: `invalid-update: ${check.reason}`.slice(0, 120) });
    }
    if (
      st.snapshotBytes + st.bytesSinceSnapshot + bytes.byteLength > this.options.maxDocumentBytes &&
      !this.fitsAfterRecount(st, document, bytes)
    ) {
      return this.refuse(connection, { code: 4413, reason: 'document-too-large' });
    }
    let changed = false;
    const onUpdate = (_u: Uint8Array, origin: unknown) => {
      if (origin === connection) changed = true;
    };
    document.on('update', onUpdate);
    try {
      Y.applyUpdate(document, bytes, connection);
    } catch {
      document.off('update', onUpdate);
      this.dropDocument(st, 'an update could not be applied');
      return this.refuse(connection, { code: 4400, reason: 'invalid-update' });
    }
    document.off('update', onUpdate);
    // Parts of it wait for earlier changes of that client the server lacks (e.g. refused while it
    // was read-only): ask the client for everything the server does not have.
    if (document.store.pendingStructs) requestSync(connection, document);
    // Nothing new (e.g. a reconnecting client's state the server already has): acknowledge at once.
    if (!changed && !document.store.pendingStructs && !document.store.pendingDs) return Promise.resolve();
    return this.persist(st, bytes, ctx.userId).then(
      () => undefined,
      (err: Error) => {
        this.warn('collab: append failed; document dropped so clients resend', err, { projectId: st.projectId });
        this.dropDocument(st, 'storage failure');
        return new Promise<void>(() => undefined);
      },
    );
  }

  // ------------------------------------------------------------------ early sync (first load)

  /**
   * Every message of a socket passes here first (before Hocuspocus, which handles it as usual;
   * this only looks): a SyncStep1 for a document not in memory yet is noted, to be answered from
   * the stored bytes once they are read (answerAndWait); an awareness message for a document
   * whose early answer the server waits to be decoded says it is (the client answers the
   * QueryAwareness sent after the answer only once it has applied the answer). A malformed
   * message is left to Hocuspocus.
   */
  private peek(early: EarlySync, data: Buffer) {
    if (!(data instanceof Uint8Array) || data.byteLength > MAX_OTHER_MESSAGE_BYTES) return;
    let name: string;
    let sv: Uint8Array;
    try {
      const d = decoding.createDecoder(data);
      name = decoding.readVarString(d);
      const type = decoding.readVarUint(d);
      if (type === MSG_AUTH) {
        // its onAuthenticate starts a few ticks later: an early answer waits for it from now on
        if (!early.authed.has(name) && !this.hocuspocus.documents.has(name)) authWait(early, name);
        return;
      }
      if (type === MSG_AWARENESS) {
        const done = early.decoding.get(name);
        if (done) {
          early.decoding.delete(name);
          done();
        }
        return;
      }
      if (early.waiting >= EARLY_MAX_DOCS || type !== MSG_SYNC || decoding.readVarUint(d) !== SYNC_STEP1) return;
      sv = decoding.readVarUint8Array(d).slice();
      Y.decodeStateVector(sv);
    } catch {
      return;
    }
    if (early.answered.has(name) || this.hocuspocus.documents.has(name)) return;
    const st = this.docs.get(name);
    if (st && st.stage !== 'reading' && st.stage !== 'answered') return; // being applied: Hocuspocus answers when it is done
    let w = this.earlyWaiting.get(name);
    if (!w) this.earlyWaiting.set(name, (w = new Map()));
    if (w.has(early)) return; // only the first: that is the one the replay brings back
    w.set(early, sv);
    early.waiting++;
    st?.wake?.();
  }

  /** No early answers for `name` any more: the sockets noted for it stop waiting. */
  private forgetWaiting(name: string) {
    const left = this.earlyWaiting.get(name);
    this.earlyWaiting.delete(name);
    if (left) for (const e of left.keys()) e.waiting--;
  }

  /** Wait (at most EARLY_AUTH_MS) for the sockets waiting on `name` whose authentication is still running. */
  private async earlyAuth(name: string) {
    const pending: Promise<void>[] = [];
    for (const e of this.earlyWaiting.get(name)?.keys() ?? []) {
      const p = e.authPending.get(name);
      if (p && !e.authed.has(name)) pending.push(p.done);
    }
    if (!pending.length) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(pending), new Promise<void>((r) => (timer = setTimeout(r, EARLY_AUTH_MS)))]);
    clearTimeout(timer);
  }

  /**
   * Answer every noted SyncStep1 of the document from its stored parts, then wait until the
   * clients answered have decoded what they got (or EARLY_DECODE_MS have passed) before the
   * caller applies the same parts: on a small machine the server's apply and the clients'
   * decodes otherwise run at the same time and slow each other down (the client's "synced" came
   * 0.3–0.5 s later than its own decode takes). A client whose SyncStep1 arrives meanwhile is
   * answered at once too. Nothing is applied or acknowledged meanwhile: Hocuspocus queues the
   * clients' messages (edits included) and replays them in order after the load.
   */
  private async answerAndWait(
    st: DocState,
    parts: Uint8Array[],
  ): Promise<{ sockets: EarlySync[]; noted: number; skipped: string[]; decoded: string; answeredAt: number }> {
    const name = st.projectId;
    const sockets: EarlySync[] = [];
    const skipped: string[] = [];
    const decoding: Promise<void>[] = [];
    let noted = 0;
    let answeredAt = performance.now();
    st.stage = 'answered';
    const deadline = performance.now() + this.earlyDecodeMs;
    try {
      for (;;) {
        await this.earlyAuth(name);
        const round = this.answerEarly(name, parts);
        noted += round.noted;
        skipped.push(...round.skipped);
        if (round.sockets.length) {
          // the answers leave before anything else blocks this thread (at most EARLY_FLUSH_MS)
          await round.flushed;
          if (!sockets.length) answeredAt = performance.now();
          sockets.push(...round.sockets);
          decoding.push(...round.decoded);
        }
        let settled = decoding.length === 0;
        const all = Promise.all(decoding).then(() => void (settled = true));
        await ioTurn();
        if (settled || performance.now() >= deadline) break;
        if (this.earlyWaiting.get(name)?.size) continue; // noted meanwhile: answer them first
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          all,
          new Promise<void>((r) => (st.wake = r)),
          new Promise<void>((r) => (timer = setTimeout(r, Math.max(0, deadline - performance.now())))),
        ]);
        clearTimeout(timer);
        st.wake = null;
        if (settled || performance.now() >= deadline) break;
      }
    } finally {
      st.wake = null;
      st.stage = 'applying';
      // clients noted but not answered (not authenticated in time, …) get Hocuspocus's answer after the load
      this.forgetWaiting(name);
    }
    let done = 0;
    for (const e of sockets) if (!e.decoding.has(name)) done++;
    for (const e of sockets) e.decoding.delete(name);
    return { sockets, noted, skipped, decoded: `${done}/${sockets.length}`, answeredAt };
  }

  /**
   * Answer the noted SyncStep1s of `name` from its stored parts (a snapshot then updates, each an
   * encoded Yjs update): an update with the first part, then a SyncStep2 with the rest merged
   * (or the first part alone; both reduced to what the client lacks when its state vector is not
   * empty), then a QueryAwareness whose reply says the client has decoded them. Only sockets that
   * passed onAuthenticate for the document and still have a role get one; the others wait for
   * the load as before. `flushed` resolves when the answers have been written out.
   */
  private answerEarly(
    name: string,
    parts: Uint8Array[],
  ): { noted: number; skipped: string[]; sockets: EarlySync[]; decoded: Promise<void>[]; flushed: Promise<void> } {
    const waiting = this.earlyWaiting.get(name);
    this.earlyWaiting.delete(name);
    const sockets: EarlySync[] = [];
    const decoded: Promise<void>[] = [];
    const writes: Promise<void>[] = [];
    if (waiting) for (const e of waiting.keys()) e.waiting--;
    const skipped: string[] = [];
    if (!waiting?.size || !parts.length) return { noted: waiting?.size ?? 0, skipped, sockets, decoded, flushed: Promise.resolve() };
    const [head, ...tail] = parts as [Uint8Array, ...Uint8Array[]];
    let rest: Uint8Array | null | undefined;
    for (const [e, sv] of waiting) {
      if (!e.authed.has(name) || e.ws.readyState !== 1 /* OPEN */) {
        skipped.push(e.authed.has(name) ? 'closed' : 'not-authenticated');
        continue;
      }
      const role = this.roles.get(roleKey(name, e.userId));
      if (!role) {
        skipped.push('no-role');
        continue;
      }
      let messages: Uint8Array[];
      try {
        rest ??= tail.length === 0 ? null : tail.length === 1 ? tail[0]! : Y.mergeUpdates(tail);
        const fresh = Y.decodeStateVector(sv).size === 0;
        const first = fresh ? head : Y.diffUpdate(head, sv);
        const more = rest && (fresh ? rest : Y.diffUpdate(rest, sv));
        // The SyncStep2 goes last: the provider reports "synced" on it, by then it has every part.
        messages = more
          ? [syncMessage(name, SYNC_UPDATE, first), syncMessage(name, SYNC_STEP2, more)]
          : [syncMessage(name, SYNC_STEP2, first)];
      } catch {
        skipped.push('unreadable'); // this client waits for the load, which skips what it cannot read
        continue;
      }
      e.answered.add(name);
      sockets.push(e);
      decoded.push(new Promise<void>((resolve) => e.decoding.set(name, resolve)));
      messages.push(queryAwareness(name));
      for (const m of messages) writes.push(new Promise<void>((resolve) => e.ws.send(m, () => resolve())));
    }
    let timer: NodeJS.Timeout | undefined;
    const flushed = Promise.race([
      Promise.all(writes).then(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, EARLY_FLUSH_MS))),
    ]).finally(() => clearTimeout(timer));
    this.stats.earlyAnswers += sockets.length;
    return { noted: waiting.size, skipped, sockets, decoded, flushed };
  }

  /**
   * The client has the stored state (answered early); the document now holds it and whatever
   * arrived meanwhile (relayed updates, compaction): send that, then the server's state vector so
   * the client sends what the server lacks — together what Hocuspocus's own answer would give.
   */
  private catchUp(connection: Connection, document: Document) {
    const sv = this.docs.get(document.name)?.loadedSv;
    const diff = sv ? Y.encodeStateAsUpdate(document, sv) : Y.encodeStateAsUpdate(document);
    connection.send(syncMessage(document.name, SYNC_UPDATE, diff));
    requestSync(connection, document);
  }

  /** The stored size is only an estimate: measure the document before refusing. */
  private fitsAfterRecount(st: DocState, document: Document, bytes: Uint8Array): boolean {
    const size = Y.encodeStateAsUpdate(document).byteLength;
    st.snapshotBytes = size;
    st.bytesSinceSnapshot = 0;
    return size + bytes.byteLength <= this.options.maxDocumentBytes;
  }

  /** Close the connection (the whole socket unless `socketWide` is false) and never let the message through. */
  private refuse(connection: Connection, why: CloseReason, socketWide = true): Promise<void> {
    if (socketWide) connection.webSocket.close(why.code, why.reason);
    else connection.close(why);
    return new Promise<void>(() => undefined);
  }

  private async persist(st: DocState, bytes: Uint8Array, userId: string | null): Promise<number> {
    const seq = await this.log.append(st.projectId, userId, bytes);
    if (seq > st.maxSeq) st.maxSeq = seq;
    st.updatesSinceSnapshot++;
    st.bytesSinceSnapshot += bytes.byteLength;
    if ((st.updatesSinceSnapshot >= this.options.snapshotEvery || st.bytesSinceSnapshot >= SNAPSHOT_BYTES) && !st.snapshotting) {
      void this.snapshot(st);
    }
    return seq;
  }

  /** Changes made on the server itself (REST, restore, compaction) are appended like a client's. */
  private onDocumentUpdate(st: DocState, update: Uint8Array, origin: unknown) {
    if (!(origin instanceof ServerOrigin)) return;
    const p = this.persist(st, update, origin.userId);
    p.catch((err: Error) => {
      this.warn('collab: append of a server change failed; document dropped', err, { projectId: st.projectId });
      this.dropDocument(st, 'storage failure');
    });
    origin.pending.push(p);
  }

  /**
   * The document in memory is ahead of the log (an append failed): forget it and close its
   * connections. Clients reconnect and send what the log lacks; the next load reads the log.
   */
  private dropDocument(st: DocState, why: string) {
    if (st.dropped) return;
    st.dropped = true;
    this.ctx.logger.warn({ projectId: st.projectId, why }, 'collab: document dropped from memory');
    this.materialiser.untrack(st.projectId);
    const doc = this.hocuspocus.documents.get(st.projectId);
    for (const c of doc?.getConnections() ?? []) c.webSocket.close(1011, 'storage-failure');
    void this.releaseLease(st.projectId, true);
  }

  // ------------------------------------------------------------------ server-side edits (REST)

  /** Keep a document loaded for server-side work; released after LEASE_IDLE_MS unused. */
  private async acquire(projectId: string): Promise<Document> {
    let lease = this.leases.get(projectId);
    if (!lease) {
      const conn = this.hocuspocus.openDirectConnection(projectId, { direct: true });
      lease = { conn, timer: null, users: 0 };
      this.leases.set(projectId, lease);
      conn.catch(() => {
        if (this.leases.get(projectId) === lease) this.leases.delete(projectId);
      });
    }
    if (lease.timer) clearTimeout(lease.timer);
    lease.timer = null;
    lease.users++;
    try {
      // The class (not exported) holds the document; the exported interface does not say so.
      const document = ((await lease.conn) as unknown as { document: Document | null }).document;
      if (!document || this.docs.get(projectId)?.dropped) throw new CollabUnavailableError();
      return document;
    } catch (err) {
      this.releaseUse(projectId);
      throw err;
    }
  }

  private releaseUse(projectId: string) {
    const lease = this.leases.get(projectId);
    if (!lease) return;
    lease.users = Math.max(0, lease.users - 1);
    if (lease.users === 0 && !lease.timer) {
      lease.timer = setTimeout(() => void this.releaseLease(projectId), LEASE_IDLE_MS);
      lease.timer.unref();
    }
  }

  private async releaseLease(projectId: string, force = false) {
    const lease = this.leases.get(projectId);
    if (!lease || (!force && lease.users > 0)) return;
    this.leases.delete(projectId);
    if (lease.timer) clearTimeout(lease.timer);
    try {
      const conn = await lease.conn;
      await conn.disconnect();
    } catch {
      /* never loaded */
    }
  }

  /**
   * Run `fn` on the live document as `userId` (REST writes, restore): the changes reach every
   * connected editor at once and are durable when this resolves; the materialised tables too.
   */
  async edit<T>(projectId: string, userId: string | null, fn: (map: ProjectMap, doc: Y.Doc) => T): Promise<T> {
    const doc = await this.acquire(projectId);
    try {
      const origin = new ServerOrigin(userId);
      const map = new ProjectMap(doc, { userId: userId ?? 'server', origin });
      const result = fn(map, doc);
      try {
        await Promise.all(origin.pending);
      } catch {
        throw new CollabUnavailableError();
      }
      await this.materialiser.flush(projectId);
      return result;
    } finally {
      this.releaseUse(projectId);
    }
  }

  /** Read the live document (loading it if needed). */
  async read<T>(projectId: string, fn: (map: ProjectMap, doc: Y.Doc) => T): Promise<T> {
    const doc = await this.acquire(projectId);
    try {
      return fn(new ProjectMap(doc, { userId: 'server' }), doc);
    } finally {
      this.releaseUse(projectId);
    }
  }

  /** Make the materialised tables show every stored change (before a REST read or an export). */
  async ensureMaterialised(projectId: string): Promise<void> {
    if (this.materialiser.isTracked(projectId)) return this.materialiser.flush(projectId);
    if (!(await this.materialiser.isStale(projectId))) return;
    await this.read(projectId, () => undefined);
    await this.materialiser.flush(projectId);
  }

  // ------------------------------------------------------------------ compaction and snapshots

  private compactDocument(st: DocState, document: Document) {
    if (st.dropped) return;
    const origin = new ServerOrigin(null);
    try {
      const r = (() => {
        let out: ReturnType<typeof compact> | null = null;
        document.transact(() => {
          out = compact(document, { tombstoneAgeMs: this.options.tombstoneDays * 86_400_000 });
        }, origin);
        return out as ReturnType<typeof compact> | null;
      })();
      if (r && (r.removedFeatures || r.removedLayers || r.trimmedRevisions))
        this.ctx.logger.info({ projectId: st.projectId, ...r }, 'collab: compacted');
    } catch (err) {
      this.warn('collab: compaction failed', err as Error, { projectId: st.projectId });
    }
  }

  /** Fold the log into a snapshot (built in a worker thread), then forget history past the retention. */
  private async snapshot(st: DocState) {
    if (st.snapshotting || this.closing) return;
    st.snapshotting = true;
    try {
      const doc = this.hocuspocus.documents.get(st.projectId);
      if (doc && st.loaded) this.compactDocument(st, doc);
      const input = await this.log.snapshotInput(st.projectId);
      if (!input) return;
      const state = await this.build(input.parts);
      await this.log.saveSnapshot(st.projectId, input.upTo, state);
      st.snapshotBytes = state.byteLength;
      st.updatesSinceSnapshot = 0;
      st.bytesSinceSnapshot = 0;
      await this.log.prune(st.projectId, this.options.historyDays);
    } catch (err) {
      this.warn('collab: snapshot failed', err as Error, { projectId: st.projectId });
    } finally {
      st.snapshotting = false;
    }
  }

  /** The encoded state of the document the parts (snapshot + updates) describe. */
  build(parts: Uint8Array[]): Promise<Uint8Array> {
    if (!this.worker) {
      this.worker = new Worker(new URL('./snapshot-worker.mjs', import.meta.url));
      this.worker.unref();
      this.worker.on('message', (m: { id: number; state?: Uint8Array; error?: string }) => {
        const job = this.workerJobs.get(m.id);
        this.workerJobs.delete(m.id);
        if (!job) return;
        if (m.state) job.resolve(new Uint8Array(m.state));
        else job.reject(new Error(m.error ?? 'snapshot worker failed'));
      });
      this.worker.on('error', (err) => {
        for (const job of this.workerJobs.values()) job.reject(err);
        this.workerJobs.clear();
        this.worker = null;
      });
    }
    const id = ++this.workerSeq;
    return new Promise((resolve, reject) => {
      this.workerJobs.set(id, { resolve, reject });
      this.worker!.postMessage({ id, parts });
    });
  }

  // ------------------------------------------------------------------ relay between processes

  private onRelay(payload: string) {
    const [origin, projectId, list] = payload.split(':');
    if (!origin || !projectId || !list || origin === this.log.processId) return;
    const st = this.docs.get(projectId);
    if (!st) return; // not loaded here: the next load reads the log
    const seqs = list
      .split(',')
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0);
    if (!st.loaded) st.pendingRelay.push(...seqs);
    else this.queueRelay(projectId, seqs);
  }

  private queueRelay(projectId: string, seqs: number[]) {
    this.relayChain = this.relayChain.then(async () => {
      const st = this.docs.get(projectId);
      const doc = this.hocuspocus.documents.get(projectId);
      if (!st || !doc || st.dropped) return;
      try {
        const rows = await this.log.fetch(projectId, seqs);
        applyAll(
          doc,
          rows.map((r) => r.bytes),
          RELAY,
          () => undefined,
        );
        for (const r of rows) if (r.seq > st.maxSeq) st.maxSeq = r.seq;
      } catch (err) {
        this.warn('collab: relay failed', err as Error, { projectId });
      }
    });
  }

  /** The notification connection was lost: fetch what other processes stored meanwhile, re-check access. */
  private afterReconnect() {
    const since = new Date(Date.now() - 5 * 60_000);
    for (const st of this.docs.values()) {
      if (!st.loaded) continue;
      this.relayChain = this.relayChain.then(async () => {
        const doc = this.hocuspocus.documents.get(st.projectId);
        if (!doc || st.dropped) return;
        const rows = await this.log.since(st.projectId, since).catch(() => []);
        applyAll(
          doc,
          rows.map((r) => r.bytes),
          RELAY,
          () => undefined,
        );
        for (const r of rows) if (r.seq > st.maxSeq) st.maxSeq = r.seq;
      });
    }
    void this.sweep().catch(() => undefined);
  }

  // ------------------------------------------------------------------ access changes

  private connections(filter: (c: Connection, ctx: ConnectionContext) => boolean): Connection[] {
    const out: Connection[] = [];
    for (const doc of this.hocuspocus.documents.values()) {
      for (const c of doc.getConnections()) if (filter(c, c.context as ConnectionContext)) out.push(c);
    }
    return out;
  }

  private onAccess(payload: string) {
    let msg: { t?: unknown; p?: unknown; u?: unknown; s?: unknown };
    try {
      msg = JSON.parse(payload) as typeof msg;
    } catch {
      return;
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    const p = str(msg.p);
    const u = str(msg.u);
    if (msg.t === 'member' && p && u) void this.recheckMember(p, u).catch((err: Error) => this.warn('collab: role re-check failed', err));
    else if (msg.t === 'project' && p) this.projectDeleted(p);
  }

  /**
   * A session or account changed (the auth module's channel: `s:<session id>`, `u:<user id>`, `*`):
   * re-check the sessions of the connections concerned with the auth module's lookup; an ended or
   * expired session, or a banned or deleted account, closes them (4401).
   */
  private onAuthChange(payload: string) {
    const id = payload.slice(2);
    const affected =
      payload === '*'
        ? this.connections(() => true)
        : payload.startsWith('s:')
          ? this.connections((_, x) => x.sessionId === id)
          : payload.startsWith('u:')
            ? this.connections((_, x) => x.userId === id)
            : [];
    if (!affected.length) return;
    void this.recheckSessions(affected).catch((err: Error) => this.warn('collab: session re-check failed', err));
  }

  private async recheckSessions(conns: Connection[]) {
    const repo = authService(this.ctx).repo;
    const ids = [...new Set(conns.map((c) => (c.context as ConnectionContext).sessionId))];
    const valid = new Set<string>();
    for (const id of ids) {
      const row = await repo.sessionWithUser({ id });
      if (row && row.kind === 'browser' && !row.banned && new Date(row.expires_at).getTime() > Date.now()) valid.add(id);
    }
    for (const c of conns) if (!valid.has((c.context as ConnectionContext).sessionId)) c.webSocket.close(4401, 'session-ended');
  }

  private async recheckMember(projectId: string, userId: string) {
    const role = await projectRole(this.ctx.db, projectId, userId);
    this.roles.set(roleKey(projectId, userId), role);
    for (const c of this.connections((_, x) => x.projectId === projectId && x.userId === userId)) this.applyRole(c, role);
  }

  /** Apply a member's current role to an open connection: closed when gone, read-only for viewers. */
  private applyRole(c: Connection, role: ProjectRole | null) {
    const ctx = c.context as ConnectionContext;
    if (!role) {
      c.close({ code: 4403, reason: 'access-revoked' });
      return;
    }
    const readOnly = role === 'viewer';
    if (c.readOnly !== readOnly || ctx.role !== role) {
      const wasReadOnly = c.readOnly;
      c.readOnly = readOnly;
      ctx.role = role;
      c.sendStateless(JSON.stringify({ type: 'waymark:access', role, readOnly }));
      // Writable again: the client reconnects (its provider does so by itself) and re-syncs, so
      // whatever the server refused meanwhile (its later changes build on it) arrives, as after
      // being offline, and its pending-changes count starts afresh.
      if (wasReadOnly && !readOnly) c.webSocket.close(4205, 'role-changed');
    }
  }

  private projectDeleted(projectId: string) {
    const st = this.docs.get(projectId);
    if (st) {
      st.dropped = true;
      this.materialiser.untrack(projectId);
    }
    for (const c of this.connections((_, x) => x.projectId === projectId)) c.close({ code: 4404, reason: 'project-deleted' });
    void this.releaseLease(projectId, true);
  }

  /** Re-check every open connection's session and role (expiry, missed notifications). */
  async sweep() {
    const all = this.connections(() => true);
    if (!all.length) return;
    const sessionIds = [...new Set(all.map((c) => (c.context as ConnectionContext).sessionId))];
    const valid = new Set(
      (
        await this.ctx.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('sessions.id')
          .where('sessions.id', 'in', sessionIds)
          .where('sessions.expires_at', '>', new Date())
          .where('users.banned', '=', false)
          .execute()
      ).map((r) => r.id),
    );
    const projects = [...new Set(all.map((c) => (c.context as ConnectionContext).projectId).filter((p): p is string => !!p))];
    const users = [...new Set(all.map((c) => (c.context as ConnectionContext).userId))];
    const members = projects.length
      ? await this.ctx.db
          .selectFrom('project_members')
          .select(['project_id', 'user_id', 'role'])
          .where('project_id', 'in', projects)
          .where('user_id', 'in', users)
          .execute()
      : [];
    const roles = new Map(members.map((m) => [roleKey(m.project_id, m.user_id), m.role]));
    for (const c of all) {
      const ctx = c.context as ConnectionContext;
      if (!valid.has(ctx.sessionId)) {
        c.webSocket.close(4401, 'session-ended');
        continue;
      }
      if (!ctx.projectId) continue;
      const role = roles.get(roleKey(ctx.projectId, ctx.userId)) ?? null;
      this.roles.set(roleKey(ctx.projectId, ctx.userId), role);
      this.applyRole(c, role);
    }
  }

  // ------------------------------------------------------------------ shutdown

  async close() {
    this.closing = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const stop of this.unlisten) stop();
    this.unlisten = [];
    for (const ws of this.wss?.clients ?? []) ws.terminate();
    await this.log.idle();
    await this.relayChain.catch(() => undefined);
    await Promise.all([...this.leases.keys()].map((id) => this.releaseLease(id, true)));
    await this.materialiser.closeAll();
    await this.worker?.terminate();
    this.worker = null;
  }

  private warn(msg: string, err: Error, extra: Record<string, unknown> = {}) {
    this.ctx.logger.warn({ ...extra, err: { message: err?.message } }, msg);
  }
}

/** The document could not be loaded or saved right now (REST answers 503). */
export class CollabUnavailableError extends Error {
  constructor() {
    super('The project map could not be saved right now; try again');
  }
}

/**
 * Apply stored parts (a snapshot and the updates after it) in one transaction: observers run
 * once, and no merged copy of a large state is built first (Y.mergeUpdates of a 3.7 MB state
 * costs about as much as applying it). An unreadable part is skipped.
 */
function applyAll(doc: Y.Doc, parts: Uint8Array[], origin: unknown, onSkipped: (n: number) => void) {
  if (!parts.length) return;
  let skipped = 0;
  doc.transact(() => {
    for (const p of parts) {
      try {
        Y.applyUpdate(doc, p, origin);
      } catch {
        skipped++;
      }
    }
  }, origin);
  if (skipped) onSkipped(skipped);
}

/** A Hocuspocus sync message for `name`: a SyncStep2 or an update carrying `update`. */
function syncMessage(name: string, sub: typeof SYNC_STEP2 | typeof SYNC_UPDATE, update: Uint8Array): Uint8Array {
  const enc = encoding.createEncoder();
  encoding.writeVarString(enc, name);
  encoding.writeVarUint(enc, MSG_SYNC);
  encoding.writeVarUint(enc, sub);
  encoding.writeVarUint8Array(enc, update);
  return encoding.toUint8Array(enc);
}

/** The pending authentication of `name` on this socket (created by whichever comes first: its Auth message or onAuthenticate). */
function authWait(early: EarlySync, name: string): { done: Promise<void>; settle(): void } {
  let p = early.authPending.get(name);
  if (!p) {
    let settle!: () => void;
    const done = new Promise<void>((r) => (settle = r));
    p = { done, settle };
    early.authPending.set(name, p);
  }
  return p;
}

/** A QueryAwareness for `name`: the provider answers it with its awareness state (after what came before it). */
function queryAwareness(name: string): Uint8Array {
  const enc = encoding.createEncoder();
  encoding.writeVarString(enc, name);
  encoding.writeVarUint(enc, MSG_QUERY_AWARENESS);
  return encoding.toUint8Array(enc);
}

/** Send the client the server's state vector: it answers with every change the server lacks. */
function requestSync(connection: Connection, document: Document) {
  connection.send(new OutgoingMessage(document.name).createSyncMessage().writeFirstSyncStepFor(document).toUint8Array());
}

function reject(socket: Duplex, status: number, body: unknown) {
  if (socket.destroyed) return;
  const text = JSON.stringify(body ?? { error: { code: 'refused', message: STATUS_CODES[status] ?? 'Refused' } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

export type { WebSocket };
