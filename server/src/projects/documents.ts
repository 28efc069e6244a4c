import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import type { DocumentItem } from '@waymark/contracts';
import { documentId as documentIdSchema, renameDocumentBody, uploadQuery } from '@waymark/contracts';
import type { AppContext, AppEnv } from '../context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parseOr400, readJson } from '../http/validate.ts';
import { createStorage, streamToFile, type ObjectStorage } from '../storage/index.ts';
import { requireProjectRole } from './access.ts';
import { displayName, logActivity } from './activity.ts';
import { ACCEPTED_EXTENSIONS, bareType, claimFits, kindLabel, sanitizeFileName, sniffFile } from './sniff.ts';

/** How long an upload may take before a sweep on a shared PostgreSQL counts it as abandoned. */
export const UPLOAD_STALE_MS = 30 * 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;
const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * Documents of projects: bytes in storage (local directory or S3), one row per complete file.
 * The storage_pending ledger makes every step crash-safe (see the migration's comment):
 * upload  = ledger entry → bytes → one transaction swapping the entry for the row;
 * delete  = one transaction swapping the row for an entry → remove bytes → drop the entry.
 * `sweep` removes the objects of entries left behind (at start-up and every few minutes).
 */
export class DocumentStore {
  readonly storage: ObjectStorage;
  readonly incoming: string;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    storage?: ObjectStorage,
  ) {
    this.storage = storage ?? createStorage(ctx.config);
    this.incoming = path.join(ctx.config.dataDir, 'uploads-incoming');
  }

  get limit() {
    return this.ctx.config.UPLOAD_LIMIT_BYTES;
  }

  async init() {
    await this.storage.init();
    // Half-received request bodies from a previous run of this DATA_DIR.
    await fsp.rm(this.incoming, { recursive: true, force: true });
    await fsp.mkdir(this.incoming, { recursive: true });
    // The embedded database belongs to this process alone: every entry is left over from a crash.
    const swept = await this.sweep(this.ctx.database.kind === 'pglite' ? 0 : UPLOAD_STALE_MS);
    if (swept) this.ctx.logger.info({ swept }, 'documents: removed objects of interrupted uploads and deletions');
    this.timer = setInterval(() => {
      this.sweep(UPLOAD_STALE_MS).catch((err: Error) => this.ctx.logger.warn({ err: { message: err.message } }, 'documents: sweep failed'));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.storage.close();
  }

  /**
   * Remove the objects of ledger entries older than `olderThanMs` (0 = all) and drop the entries.
   * An entry is dropped only after its object is gone, so a failure is retried by the next sweep.
   */
  async sweep(olderThanMs: number, now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - olderThanMs);
    const rows = await this.ctx.db
      .selectFrom('storage_pending')
      .select('storage_key')
      .where('created_at', '<=', cutoff)
      .limit(1000)
      .execute();
    let n = 0;
    for (const r of rows) {
      // Never remove an object a document row still claims (cannot happen by construction; cheap to check).
      const claimed = await this.ctx.db
        .selectFrom('project_documents')
        .select('id')
        .where('storage_key', '=', r.storage_key)
        .executeTakeFirst();
      if (!claimed) await this.storage.delete(r.storage_key);
      await this.ctx.db.deleteFrom('storage_pending').where('storage_key', '=', r.storage_key).where('created_at', '<=', cutoff).execute();
      n++;
    }
    return n;
  }

  /** Receive an upload: size limit → 413, type sniffed from the bytes → 415, then store it. */
  async upload(opts: {
    projectId: string;
    userId: string;
    name: string;
    claimedType: string;
    declaredLength: number | null;
    body: ReadableStream<Uint8Array> | Readable | null;
  }): Promise<DocumentItem> {
    const limit = this.limit;
    if (opts.declaredLength !== null && opts.declaredLength > limit) throw tooLarge(limit);
    if (!opts.body)
      throw new HttpError(400, 'validation_error', 'The request has no file in its body', {
        issues: [{ path: 'body', message: 'the file bytes' }],
      });
    const name = sanitizeFileName(opts.name);
    const tmp = path.join(this.incoming, randomUUID());
    const hash = createHash('sha256');
    let received: { size: number } | { tooLarge: true };
    try {
      received = await streamToFile(opts.body, tmp, limit, (chunk) => hash.update(chunk));
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw new HttpError(400, 'upload_incomplete', `The upload did not complete: ${(err as Error).message}`);
    }
    if ('tooLarge' in received) throw tooLarge(limit);
    try {
      const size = received.size;
      if (size === 0)
        throw new HttpError(400, 'validation_error', 'The file is empty', { issues: [{ path: 'body', message: 'an empty file' }] });
      const type = await sniffFile(tmp, size, name);
      if (!type) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          `This kind of file is not accepted. Upload a PDF, image, GPX/KML/GeoJSON, office document or text file (${ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(', ')}).`,
        );
      }
      if (!claimFits(type, opts.claimedType, name)) {
        const claim = bareType(opts.claimedType) || 'no type';
        throw new HttpError(
          415,
          'type_mismatch',
          `The file's contents are a ${kindLabel(type)} (${type}), not what its name or type (${claim}) says.`,
          {
            sniffed: type,
            claimed: claim,
          },
        );
      }
      const key = `projects/${opts.projectId}/${randomUUID()}`;
      await this.ctx.db.insertInto('storage_pending').values({ storage_key: key, reason: 'upload' }).execute();
      await this.storage.putFile(key, tmp, { contentType: type, size });
      const row = await this.ctx.db.transaction().execute(async (trx) => {
        const entry = await trx.deleteFrom('storage_pending').where('storage_key', '=', key).returning('storage_key').executeTakeFirst();
        if (!entry) throw new HttpError(503, 'upload_expired', 'The upload took too long and was discarded; try again');
        const project = await trx.selectFrom('projects').select('id').where('id', '=', opts.projectId).forUpdate().executeTakeFirst();
        if (!project) throw notFound('Project not found');
        const doc = await trx
          .insertInto('project_documents')
          .values({
            project_id: opts.projectId,
            name,
            content_type: type,
            size_bytes: size,
            sha256: hash.digest('hex'),
            storage_key: key,
            uploaded_by: opts.userId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await logActivity(trx, opts.projectId, opts.userId, 'document.uploaded', {
          documentId: doc.id,
          name,
          contentType: type,
          sizeBytes: size,
        });
        return doc;
      });
      const [item] = await this.documentsJson([row]);
      return item!;
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }

  /** Delete one document: row → ledger entry (one transaction), then the object, then the entry. */
  async remove(projectId: string, docId: string, actorId: string) {
    const key = await this.ctx.db.transaction().execute(async (trx) => {
      const doc = await trx
        .deleteFrom('project_documents')
        .where('id', '=', docId)
        .where('project_id', '=', projectId)
        .returning(['storage_key', 'name'])
        .executeTakeFirst();
      if (!doc) throw notFound('Document not found');
      await trx.insertInto('storage_pending').values({ storage_key: doc.storage_key, reason: 'delete' }).execute();
      await logActivity(trx, projectId, actorId, 'document.deleted', { documentId: docId, name: doc.name });
      return doc.storage_key;
    });
    await this.finishDelete([key]);
  }

  /** Delete a project with its members, invitations, activity and documents (their objects too). */
  async deleteProject(projectId: string) {
    const keys = await this.ctx.db.transaction().execute(async (trx) => {
      const docs = await trx.selectFrom('project_documents').select('storage_key').where('project_id', '=', projectId).execute();
      if (docs.length)
        await trx
          .insertInto('storage_pending')
          .values(docs.map((d) => ({ storage_key: d.storage_key, reason: 'delete' as const })))
          .execute();
      await trx.deleteFrom('projects').where('id', '=', projectId).execute();
      return docs.map((d) => d.storage_key);
    });
    await this.finishDelete(keys);
  }

  private async finishDelete(keys: string[]) {
    for (const key of keys) {
      try {
        await this.storage.delete(key);
        await this.ctx.db.deleteFrom('storage_pending').where('storage_key', '=', key).execute();
      } catch (err) {
        // The ledger keeps the key: the next sweep removes the object.
        this.ctx.logger.warn({ key, err: { message: (err as Error).message } }, 'documents: object removal deferred to the sweep');
      }
    }
  }

  async documentsJson(
    rows: {
      id: string;
      name: string;
      content_type: string;
      size_bytes: string | number;
      uploaded_by: string | null;
      created_at: Date;
      updated_at: Date;
    }[],
  ): Promise<DocumentItem[]> {
    const ids = [...new Set(rows.map((r) => r.uploaded_by).filter((x): x is string => Boolean(x)))];
    const names = new Map<string, string>();
    if (ids.length)
      for (const u of await this.ctx.db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute())
        names.set(u.id, displayName(u.name, u.email));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      contentType: r.content_type,
      sizeBytes: Number(r.size_bytes),
      uploadedBy: r.uploaded_by && names.has(r.uploaded_by) ? { id: r.uploaded_by, name: names.get(r.uploaded_by)! } : null,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }
}

function tooLarge(limit: number) {
  return new HttpError(413, 'payload_too_large', `The file is larger than the upload limit of ${formatBytes(limit)}`, {
    limitBytes: limit,
  });
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Upload request paths: they stream their own body and enforce UPLOAD_LIMIT_BYTES themselves. */
export const UPLOAD_PATH = /^\/api\/projects\/[^/]+\/documents\/?$/;

function parseDocId(raw: string): string {
  const r = documentIdSchema.safeParse(raw);
  if (!r.success)
    throw new HttpError(400, 'validation_error', 'Invalid document id: must be a UUID', {
      issues: [{ path: 'documentId', message: 'a document id (UUID)' }],
    });
  return r.data;
}

export function registerDocumentsApi(app: Hono<AppEnv>, ctx: AppContext, store: DocumentStore) {
  const db = ctx.db;

  app.get('/api/projects/:id/documents', async (c) => {
    await requireProjectRole(db, c, c.req.param('id'), 'viewer');
    const rows = await db
      .selectFrom('project_documents')
      .selectAll()
      .where('project_id', '=', c.req.param('id'))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return c.json({ documents: await store.documentsJson(rows), uploadLimitBytes: store.limit }, 200, NO_STORE);
  });

  app.post('/api/projects/:id/documents', async (c) => {
    const { user } = await requireProjectRole(db, c, c.req.param('id'), 'editor');
    const q = parseOr400(uploadQuery, c.req.query(), 'upload');
    const len = c.req.header('content-length');
    const declared = len !== undefined && /^\d+$/.test(len) ? Number(len) : null;
    const item = await store.upload({
      projectId: c.req.param('id'),
      userId: user.id,
      name: q.name,
      claimedType: c.req.header('content-type') ?? '',
      declaredLength: declared,
      body: c.req.raw.body,
    });
    return c.json(item, 201, NO_STORE);
  });

  app.get('/api/projects/:id/documents/:docId', async (c) => {
    await requireProjectRole(db, c, c.req.param('id'), 'viewer');
    const docId = parseDocId(c.req.param('docId'));
    const row = await db
      .selectFrom('project_documents')
      .selectAll()
      .where('id', '=', docId)
      .where('project_id', '=', c.req.param('id'))
      .executeTakeFirst();
    if (!row) throw notFound('Document not found');
    return c.json((await store.documentsJson([row]))[0], 200, NO_STORE);
  });

  app.get('/api/projects/:id/documents/:docId/download', async (c) => {
    await requireProjectRole(db, c, c.req.param('id'), 'viewer');
    const docId = parseDocId(c.req.param('docId'));
    const row = await db
      .selectFrom('project_documents')
      .selectAll()
      .where('id', '=', docId)
      .where('project_id', '=', c.req.param('id'))
      .executeTakeFirst();
    if (!row) throw notFound('Document not found');
    const obj = await store.storage.get(row.storage_key);
    if (!obj) {
      ctx.logger.error({ documentId: row.id, key: row.storage_key }, 'documents: object missing for a document row');
      throw new HttpError(404, 'not_found', 'The file of this document is missing');
    }
    return new Response(Readable.toWeb(obj.body) as ReadableStream, {
      status: 200,
      headers: {
        'Content-Type': row.content_type,
        'Content-Length': String(row.size_bytes),
        'Content-Disposition': contentDisposition('attachment', row.name),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      },
    });
  });

  app.patch('/api/projects/:id/documents/:docId', async (c) => {
    const { user } = await requireProjectRole(db, c, c.req.param('id'), 'editor');
    const docId = parseDocId(c.req.param('docId'));
    const body = parseOr400(renameDocumentBody, await readJson(c), 'document');
    const name = sanitizeFileName(body.name);
    const row = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('project_documents')
        .select('name')
        .where('id', '=', docId)
        .where('project_id', '=', c.req.param('id'))
        .executeTakeFirst();
      if (!before) throw notFound('Document not found');
      const after = await trx
        .updateTable('project_documents')
        .set({ name, updated_at: new Date() })
        .where('id', '=', docId)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (before.name !== name)
        await logActivity(trx, c.req.param('id'), user.id, 'document.renamed', { documentId: docId, from: before.name, to: name });
      return after;
    });
    return c.json((await store.documentsJson([row]))[0], 200, NO_STORE);
  });

  app.delete('/api/projects/:id/documents/:docId', async (c) => {
    const { user } = await requireProjectRole(db, c, c.req.param('id'), 'editor');
    const docId = parseDocId(c.req.param('docId'));
    await store.remove(c.req.param('id'), docId, user.id);
    return c.body(null, 204);
  });
}
